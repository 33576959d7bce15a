import type { SkillType } from "./types";

/**
 * One Lifepath as data: its key and its three Types in SRD order. The first
 * Type gives the free rating-2 Skill. SRD: Characters › Lifepaths
 */
export interface LifepathDefinition {
  /** Stable key, lower-case English, e.g. "military". */
  key: string;
  /** Localisation key of its name, e.g. "GOLDHACK.Lifepath.Military". */
  label: string;
  /** Exactly three Types; `types[0]` gives the free Skill at rating 2. */
  types: readonly [SkillType, SkillType, SkillType];
}

const lifepath = (key: string, label: string, types: [SkillType, SkillType, SkillType]): Readonly<LifepathDefinition> =>
  Object.freeze({ key, label: `GOLDHACK.Lifepath.${label}`, types: Object.freeze(types) });

/** The twelve Lifepath Examples of the SRD, in its (English) order. SRD: Characters › Lifepaths › Lifepath Examples */
export const SRD_LIFEPATHS: readonly Readonly<LifepathDefinition>[] = Object.freeze([
  lifepath("artistic", "Artistic", ["perform", "expertise", "influence"]),
  lifepath("craftsmen", "Craftsmen", ["craft", "influence", "perform"]),
  lifepath("esoteric", "Esoteric", ["magic", "craft", "lore"]),
  lifepath("intellectual", "Intellectual", ["lore", "magic", "perform"]),
  lifepath("military", "Military", ["fight", "expertise", "survive"]),
  lifepath("noble", "Noble", ["influence", "fight", "lore"]),
  lifepath("outcast", "Outcast", ["expertise", "fight", "survive"]),
  lifepath("peasant", "Peasant", ["craft", "expertise", "survive"]),
  lifepath("religious", "Religious", ["influence", "lore", "magic"]),
  lifepath("seafaring", "Seafaring", ["expertise", "fight", "survive"]),
  lifepath("trading", "Trading", ["influence", "expertise", "perform"]),
  lifepath("wilderness", "Wilderness", ["survive", "craft", "fight"]),
]);

/** The SRD Lifepath with this key, or undefined. */
export function findSrdLifepath(key: string): Readonly<LifepathDefinition> | undefined {
  return SRD_LIFEPATHS.find((entry) => entry.key === key);
}
