/** The four age ranges of the Basic Chart. SRD: Characters › The Basic Chart */
export type Age = "child" | "young" | "adult" | "elder";

/** The eight Types of Skill. SRD: Skills › Type & Skill Examples */
export type SkillType =
  | "craft"
  | "expertise"
  | "fight"
  | "influence"
  | "lore"
  | "magic"
  | "perform"
  | "survive";

/** One row of the Basic Chart, for one age. */
export interface ChartRow {
  lifepaths: number;
  skillPoints: number;
  maxRating: number;
  fate: number;
  persona: number;
  potential: number;
  traits: number;
}

/** A chart keyed by age; hacks may add ages, so the core accepts any string key. */
export type Chart = Readonly<Record<string, Readonly<ChartRow>>>;

/**
 * A problem found by a validator: a localisation key under GOLDHACK.* and the
 * values its message needs. Never prose, so both languages can render it.
 */
export interface Problem {
  key: string;
  data?: Record<string, string | number>;
}
