/**
 * Pure checks that keep stored numbers legal before an update is written: Fate and Persona within
 * 0…Potential (clamped), Skill ratings and logs never below 0 and Fallout ratings never below 1
 * (refused). Each correction carries a Problem (a GOLDHACK.Warning.* key) for the user to see.
 */
import type { Problem } from "../rules";

/** A character's Fate and Persona and the age that fixes their Potential. */
export interface PoolState {
  age: string;
  fate: number;
  persona: number;
}

/** What an update proposes for them; absent keys are unchanged. */
export type PoolChange = Partial<PoolState>;

export interface Correction<T> {
  /** The change to write instead: clamped values, refused keys removed. */
  change: T;
  problems: Problem[];
}

const POOLS = [
  { key: "fate", name: "Fate" },
  { key: "persona", name: "Persona" },
] as const;

/**
 * Clamps proposed Fate and Persona into 0…Potential, Potential read for the (new) age; an age change
 * that lowers Potential also caps the current values. SRD: Characters › The Basic Chart (Potential)
 */
export function clampPools(current: PoolState, proposed: PoolChange, potentialOf: (age: string) => number): Correction<PoolChange> {
  const change: PoolChange = { ...proposed };
  const problems: Problem[] = [];
  const age = proposed.age ?? current.age;
  const potential = potentialOf(age);
  for (const { key, name } of POOLS) {
    const asked = proposed[key];
    const value = asked ?? current[key];
    if (typeof value !== "number" || Number.isNaN(value)) continue;
    if (value < 0) {
      change[key] = 0;
      problems.push({ key: `GOLDHACK.Warning.${name}BelowZero`, data: { value } });
    } else if (value > potential) {
      change[key] = potential;
      const why = asked === undefined ? "CappedByAge" : "AbovePotential";
      problems.push({ key: `GOLDHACK.Warning.${name}${why}`, data: { value, potential } });
    }
  }
  return { change, problems };
}

/** A Skill's rating and learning logs as an update proposes them. */
export interface SkillCountChange {
  rating?: number;
  passed?: number;
  failed?: number;
}

/**
 * Refuses a negative rating or log count, and sets one above {@link COUNT_MAX} to it (with a warning each);
 * the other proposed keys pass through. SRD: Changes › Skill Learning
 */
// Ruling: ruling-rating-cap (rules journal)
export function checkSkillCounts(proposed: SkillCountChange): Correction<SkillCountChange> {
  const change: SkillCountChange = { ...proposed };
  const problems: Problem[] = [];
  for (const key of ["rating", "passed", "failed"] as const) {
    const value = proposed[key];
    if (typeof value === "number" && value < 0) {
      Reflect.deleteProperty(change, key);
      problems.push({ key: key === "rating" ? "GOLDHACK.Warning.RatingBelowZero" : "GOLDHACK.Warning.LogBelowZero", data: { value } });
    } else if (typeof value === "number" && value > COUNT_MAX) {
      change[key] = COUNT_MAX;
      problems.push({ key: key === "rating" ? "GOLDHACK.Data.RatingAboveMax" : "GOLDHACK.Data.LogAboveMax", data: { value, max: COUNT_MAX } });
    }
  }
  return { change, problems };
}

/**
 * Refuses a Fallout rating below 1 (a Fallout is at least the 1 Ob it was taken for) and sets one above
 * {@link COUNT_MAX} to it, with a warning. SRD: Changes › Fallout
 */
export function checkFalloutRating(proposed: { rating?: number }): Correction<{ rating?: number }> {
  const value = proposed.rating;
  if (typeof value === "number" && value < 1) return { change: {}, problems: [{ key: "GOLDHACK.Warning.FalloutRatingBelowOne", data: { value } }] };
  if (typeof value === "number" && value > COUNT_MAX) {
    return { change: { ...proposed, rating: COUNT_MAX }, problems: [{ key: "GOLDHACK.Data.RatingAboveMax", data: { value, max: COUNT_MAX } }] };
  }
  return { change: { ...proposed }, problems: [] };
}

/**
 * The highest Skill rating, learning log and Fallout rating the system stores. The SRD sets no maximum
 * after creation; 99 is far beyond any table's campaign, and keeps a typo (1e20, 1000000) from building
 * millions of dice or pips. A stored value above it is read as 99 (the model clamps when it loads).
 */
export const COUNT_MAX = 99;

/** Fate or Persona as prepared: a whole number within 0…Potential (anything not a number counts as 0). */
export function clampToPotential(value: unknown, potential: number): number {
  return boundedCount(value, 0, Math.max(0, potential));
}

/**
 * A stored count as a context builder may safely use it: a whole number within min…max, anything else
 * (NaN, a word, Infinity) min. For values the model should have bounded but a stale or odd source did not.
 */
export function boundedCount(value: unknown, min: number, max: number = COUNT_MAX): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (Number.isNaN(n)) return min;
  return Math.min(Math.max(Math.trunc(n), min), Math.max(min, max));
}
