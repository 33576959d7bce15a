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

/** Refuses a negative rating or log count; the other proposed keys pass through. SRD: Changes › Skill Learning */
// Ruling: ruling-rating-cap (rules journal): NOT YET: values above 99 are to be clamped here too (issue 21).
export function checkSkillCounts(proposed: SkillCountChange): Correction<SkillCountChange> {
  const change: SkillCountChange = { ...proposed };
  const problems: Problem[] = [];
  for (const key of ["rating", "passed", "failed"] as const) {
    const value = proposed[key];
    if (typeof value === "number" && value < 0) {
      Reflect.deleteProperty(change, key);
      problems.push({ key: key === "rating" ? "GOLDHACK.Warning.RatingBelowZero" : "GOLDHACK.Warning.LogBelowZero", data: { value } });
    }
  }
  return { change, problems };
}

/** Refuses a Fallout rating below 1: a Fallout is at least the 1 Ob it was taken for. SRD: Changes › Fallout */
export function checkFalloutRating(proposed: { rating?: number }): Correction<{ rating?: number }> {
  const value = proposed.rating;
  if (typeof value === "number" && value < 1) return { change: {}, problems: [{ key: "GOLDHACK.Warning.FalloutRatingBelowOne", data: { value } }] };
  return { change: { ...proposed }, problems: [] };
}
