import { GoldHackFalloutData } from "../data/item/fallout";
import { GoldHackSkillData } from "../data/item/skill";
import { checkFalloutRating, checkSkillCounts, type SkillCountChange } from "../data/limits";
import type { Problem } from "../rules";
import { warnProblems } from "./notify";

type Changes = object;

const asNumber = (value: unknown): number | undefined => (value === undefined || value === null || value === "" ? undefined : Number(value));

/** Removes a refused key from an expanded update's `system`. */
function drop(changes: Changes, key: string): void {
  const system = foundry.utils.getProperty(changes, "system");
  if (typeof system === "object" && system !== null) Reflect.deleteProperty(system, key);
}

/**
 * Applies the item limits to an expanded Item update in place: a Skill's rating or logs below 0, or a
 * Fallout's rating below 1, are refused (removed from the update), and any above the ceiling (99) set to
 * it, with a warning each.
 */
export function limitItemUpdate(system: unknown, changes: Changes): void {
  const read = (key: string): number | undefined => asNumber(foundry.utils.getProperty(changes, `system.${key}`));
  let refused: { keys: string[]; clamped: Record<string, number>; problems: Problem[] } = { keys: [], clamped: {}, problems: [] };
  const clampedOf = (proposed: Record<string, number | undefined>, change: Record<string, number | undefined>): Record<string, number> =>
    Object.fromEntries(Object.entries(change).filter((e): e is [string, number] => e[1] !== undefined && e[1] !== proposed[e[0]]));
  if (system instanceof GoldHackSkillData) {
    const proposed: SkillCountChange = {};
    for (const key of ["rating", "passed", "failed"] as const) {
      const value = read(key);
      if (value !== undefined) proposed[key] = value;
    }
    const { change, problems } = checkSkillCounts(proposed);
    refused = { keys: Object.keys(proposed).filter((key) => !(key in change)), clamped: clampedOf({ ...proposed }, { ...change }), problems };
  } else if (system instanceof GoldHackFalloutData) {
    const rating = read("rating");
    const { change, problems } = checkFalloutRating(rating === undefined ? {} : { rating });
    refused = { keys: rating !== undefined && !("rating" in change) ? ["rating"] : [], clamped: clampedOf({ rating }, { ...change }), problems };
  }
  for (const key of refused.keys) drop(changes, key);
  for (const [key, value] of Object.entries(refused.clamped)) foundry.utils.setProperty(changes, `system.${key}`, value);
  warnProblems(refused.problems);
}
