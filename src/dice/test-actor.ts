/**
 * The actor a Test card acts on, found again from its uuid on whichever client
 * applies an action. The card never trusts a cached actor.
 */
import { GoldHackCharacterData } from "../data/actor/character";
import { GoldHackFalloutData } from "../data/item/fallout";
import { GoldHackSkillData } from "../data/item/skill";
import type { FalloutState, LearningState } from "../rules";

/** The tested actor as the dice code uses it. */
export type TestActor = Actor.Implementation;

/** The actor of a Test, or null if it is gone (deleted, or a token actor on an unloaded scene). */
export function findTestActor(uuid: string): TestActor | null {
  // Stored uuids are plain strings; fromUuidSync checks the shape at run time.
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  return doc instanceof Actor ? (doc as TestActor) : null;
}

/** Fate points the actor has left (0 for an actor with no Fate pool, like an NPC). */
export function actorFate(actor: TestActor): number {
  return actor.system instanceof GoldHackCharacterData ? actor.system.fate.value : 0;
}

/** A Skill's learning state as stored on its Item, or null if the actor has no such Skill. */
export function skillLearning(actor: TestActor, skillId: string): LearningState | null {
  const system = actor.items.get(skillId)?.system;
  if (!(system instanceof GoldHackSkillData)) return null;
  return { rating: system.rating, passed: system.passed, failed: system.failed };
}

/** A Fallout's rating and permanence as stored on its Item, or null if it is gone. */
export function falloutState(actor: TestActor, falloutId: string): FalloutState | null {
  const system = actor.items.get(falloutId)?.system;
  if (!(system instanceof GoldHackFalloutData)) return null;
  return { rating: system.rating, permanent: system.permanent };
}
