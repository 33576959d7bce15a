/**
 * The repeated-test guard as the test dialog calls it: an actor's Tests remembered in the viewed scene,
 * checked against what is about to be rolled. SRD: Gameplay: Tests
 */
import { testHistory } from "./actor-history";
import { currentSceneId, memoryGenerationOf } from "./memory-store";
import { checkAgainstMemory, rememberedTests, type RepeatedTestCheck } from "./scene-memory";
import type { TestHistoryEntry } from "../data/test-history";

/** The actor's Tests still remembered in a scene (default: the viewed one), oldest first. */
export function actorTestMemory(actor: Actor.Implementation, sceneId: string | null = currentSceneId()): TestHistoryEntry[] {
  return rememberedTests(testHistory(actor), sceneId, memoryGenerationOf(sceneId));
}

/**
 * Checks an Intent, Task and base Ob about to be rolled against the actor's remembered Tests; null when
 * the Ob is not a valid number yet (the dialog points that out itself).
 */
export function checkRepeatedForActor(actor: Actor.Implementation, declared: { intent: string; task: string; ob: number | null }): RepeatedTestCheck | null {
  if (declared.ob === null || !Number.isSafeInteger(declared.ob) || declared.ob < 0) return null;
  return checkAgainstMemory({ intent: declared.intent, task: declared.task, ob: declared.ob }, actorTestMemory(actor));
}
