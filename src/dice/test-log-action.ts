/**
 * The log step of a freshly rolled Test, as a card action: run once per card, on the client that applies
 * card actions (the GM's), so a Fate spend racing it is applied before or after it, never across it.
 * It logs the outcome the card shows now (after Fate, if Fate came first). SRD: Changes › Skill Learning
 */
import { type ActionResult, DONE, refused } from "./action-result";
import { findTestActor } from "./test-actor";
import { testCardOf, writeTestCard } from "./test-card-state";
import { writeTestLog } from "./test-log";

/** Writes the Test's log for `user`, who must have posted the card and own its actor; once. */
export async function applyTestLog(message: ChatMessage.Implementation, user: User.Implementation): Promise<ActionResult> {
  const card = testCardOf(message);
  if (!card) return refused("GOLDHACK.Chat.Error.NotATest");
  if (card.logged) return refused("GOLDHACK.Chat.Error.Logged");
  if (message.author?.id !== user.id) return refused("GOLDHACK.Chat.Error.NotAuthor");
  const actor = findTestActor(card.test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  if (!actor.testUserPermission(user, "OWNER")) return refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
  // Marked first, so a second request (or a failure half-way) never logs the Test twice.
  await writeTestCard(message, { logged: true });
  // The group's verdict logs this one (src/group/group-logs.ts): its own Ob decides nothing.
  if (card.test.choice.groupLog === true) return DONE;
  const log = await writeTestLog(actor, card.test.choice, card.outcome);
  if (log) await writeTestCard(message, { log });
  return DONE;
}
