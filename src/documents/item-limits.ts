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
 * Fallout's rating below 1, are refused (removed from the update) with a warning each.
 */
export function limitItemUpdate(system: unknown, changes: Changes): void {
  const read = (key: string): number | undefined => asNumber(foundry.utils.getProperty(changes, `system.${key}`));
  let refused: { keys: string[]; problems: Problem[] } = { keys: [], problems: [] };
  if (system instanceof GoldHackSkillData) {
    const proposed: SkillCountChange = {};
    for (const key of ["rating", "passed", "failed"] as const) {
      const value = read(key);
      if (value !== undefined) proposed[key] = value;
    }
    const { change, problems } = checkSkillCounts(proposed);
    refused = { keys: Object.keys(proposed).filter((key) => !(key in change)), problems };
  } else if (system instanceof GoldHackFalloutData) {
    const rating = read("rating");
    const { change, problems } = checkFalloutRating(rating === undefined ? {} : { rating });
    refused = { keys: rating !== undefined && !("rating" in change) ? ["rating"] : [], problems };
  }
  for (const key of refused.keys) drop(changes, key);
  warnProblems(refused.problems);
}
