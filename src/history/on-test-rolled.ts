/**
 * Keeps the test history in step with the rolls: a Test just rolled is recorded in its actor's history
 * (on the rolling client, which owns the actor), and an outcome Fate flips later is corrected there.
 */
import { testRollOf } from "../dice/test-message";
import type { TestChoice } from "../data/test-choice";
import type { TestResult } from "../rules";
import { historyEntryFor, recordTest, reviseRecordedOutcome } from "./actor-history";

function actorOf(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** goldhack.testRolled: records the Test in its actor's history. */
export async function onTestRolled(message: ChatMessage.Implementation, choice: TestChoice, result: TestResult): Promise<void> {
  const actor = actorOf(choice.actorUuid);
  if (actor) await recordTest(actor, historyEntryFor(message, choice, result));
}

/** updateChatMessage: when this user's change to a Test card flipped its outcome, the history follows. */
export async function onTestMessageUpdated(message: ChatMessage.Implementation, changes: object, _options: unknown, userId: string): Promise<void> {
  if (userId !== game.user?.id || !("rolls" in changes)) return;
  const roll = testRollOf(message);
  const outcome = roll?.outcome;
  const actor = roll?.test ? actorOf(roll.test.choice.actorUuid) : null;
  if (!outcome || !actor || !message.id) return;
  await reviseRecordedOutcome(actor, message.id, outcome.passed);
}
