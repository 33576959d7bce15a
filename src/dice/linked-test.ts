/**
 * "Use as linked test": the next Test starts with this one's extra hits as
 * bonus dice, or its leftover Ob as a penalty. SRD: Tests › 4) Outcome
 */
import { type ActionResult, DONE, refused } from "./action-result";
import { findTestActor } from "./test-actor";
import type { TestRequest } from "../data/test-choice";
import { testRollOf } from "./test-message";

/** What a linked Test carries from this card, as the rules resolved it; null if the message is no Test. */
export function linkedRequest(message: ChatMessage.Implementation): TestRequest | null {
  const result = testRollOf(message)?.outcome;
  if (!result) return null;
  const linked = { bonusDice: result.passed ? result.extraHits : 0, obPenalty: result.passed ? 0 : result.remainingOb, sourceMessageId: message.id ?? "" };
  return { linked };
}

/** Opens the test dialog for the card's actor with the linked dice or Ob, for its owner. */
export async function startLinkedTest(message: ChatMessage.Implementation, user: User.Implementation): Promise<ActionResult> {
  const test = testRollOf(message)?.test;
  const request = linkedRequest(message);
  if (!test || !request) return refused("GOLDHACK.Chat.Error.NotATest");
  const actor = findTestActor(test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  if (!actor.testUserPermission(user, "OWNER")) return refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
  await actor.rollTest(request);
  return DONE;
}
