/**
 * Where a downtime lives: one world setting only a GM may write (Foundry's server enforces that), so it
 * survives reloads and every client hears of each change (the setting's onChange runs everywhere).
 * Also reads a character into the plain facts the pure state checks plans against.
 */
import { SYSTEM_ID } from "../constants";
import { GoldHackCharacterData } from "../data/actor/character";
import { GoldHackFalloutData } from "../data/item/fallout";
import { GoldHackSkillData } from "../data/item/skill";
import { type CharacterFacts, type DowntimeState, parseDowntime } from "./downtime-state";

import { DOWNTIME_SETTING } from "./downtime-names";

export { DOWNTIME_CHANGED, DOWNTIME_SETTING, registerDowntimeSetting } from "./downtime-names";

/** The current (or last) downtime; null when none was ever started. */
export function currentDowntime(): DowntimeState | null {
  return parseDowntime(game.settings?.get(SYSTEM_ID, DOWNTIME_SETTING));
}

/** Writes the downtime (GM only: the caller runs on the GM's client). */
export async function writeDowntime(state: DowntimeState): Promise<void> {
  await game.settings?.set(SYSTEM_ID, DOWNTIME_SETTING, state as unknown as Record<string, unknown>);
}

/** An actor by uuid, if it is one. */
export function actorByUuid(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** A character's age, pools, Skills and Fallouts as plain data; null for anything that is not a character. */
export function characterFacts(actor: Actor.Implementation | null): CharacterFacts | null {
  if (!actor || !(actor.system instanceof GoldHackCharacterData)) return null;
  const system = actor.system;
  const skills: CharacterFacts["skills"] = [];
  const fallouts: CharacterFacts["fallouts"] = [];
  for (const item of actor.items.contents) {
    const s = item.system;
    if (s instanceof GoldHackSkillData) skills.push({ id: item.id ?? "", name: item.name, type: s.skillType, learning: { rating: s.rating, passed: s.passed, failed: s.failed } });
    else if (s instanceof GoldHackFalloutData) fallouts.push({ id: item.id ?? "", name: item.name, rating: s.rating, permanent: s.permanent });
  }
  return { uuid: actor.uuid ?? "", name: actor.name, age: system.age, fate: system.fate.value, persona: system.persona.value, skills, fallouts };
}
