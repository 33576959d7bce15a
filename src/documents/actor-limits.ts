import type { GoldHackCharacterData } from "../data/actor/character";
import { clampPools, type PoolChange } from "../data/limits";
import { warnProblems } from "./notify";

type Changes = object;

const get = (changes: Changes, path: string): unknown => foundry.utils.getProperty(changes, path);
const asNumber = (value: unknown): number | undefined => (value === undefined || value === null || value === "" ? undefined : Number(value));

/**
 * Applies {@link clampPools} to an expanded Actor update in place, warning for each correction. Reads the
 * proposed age, Fate and Persona from `system.*`, the current ones from the character's data.
 */
export function limitCharacterUpdate(system: GoldHackCharacterData, changes: Changes): void {
  const proposed: PoolChange = {};
  const age = get(changes, "system.age");
  if (typeof age === "string") proposed.age = age;
  const fate = asNumber(get(changes, "system.fate.value"));
  if (fate !== undefined) proposed.fate = fate;
  const persona = asNumber(get(changes, "system.persona.value"));
  if (persona !== undefined) proposed.persona = persona;
  if (Object.keys(proposed).length === 0) return;

  const current = { age: system.age, fate: system.fate.value, persona: system.persona.value };
  const potentialOf = (key: string): number => CONFIG.GOLDHACK.ages[key]?.potential ?? 0;
  const { change, problems } = clampPools(current, proposed, potentialOf);
  if (change.fate !== proposed.fate && change.fate !== undefined) foundry.utils.setProperty(changes, "system.fate.value", change.fate);
  if (change.persona !== proposed.persona && change.persona !== undefined) foundry.utils.setProperty(changes, "system.persona.value", change.persona);
  warnProblems(problems);
}
