/**
 * When Fate turns the Test that answered a request, the request card follows: on the GM's client that
 * wrote the change to the roll (Fate goes through the active GM), the card's answer is rewritten by
 * dot-path with the roll's new outcome, read from the roll itself.
 */
import { testCardOf } from "../dice/test-card-state";
import { requestCardOf, writeRequestCard } from "./request-messages";
import { revisedAnswerCard } from "./request-state";

/** updateChatMessage: a GM's change to a Test card that answers a request updates that request's outcome. */
export async function onAnsweringTestUpdated(message: ChatMessage.Implementation, changes: object, userId: string): Promise<void> {
  if (userId !== game.user?.id || !game.user.isGM || !message.id) return;
  if (!("rolls" in changes) && !("system" in changes)) return;
  const test = testCardOf(message);
  const requestId = test?.test.choice.requestId;
  const request = requestId ? game.messages?.get(requestId) : undefined;
  const card = request ? requestCardOf(request) : null;
  if (!test || !request || !card) return;
  const next = revisedAnswerCard(card, message.id, test.outcome.passed);
  if (next) await writeRequestCard(request, card, next);
}
