/**
 * Running a Test card's actions: here when this client may write the message,
 * through the active GM otherwise. Either way the action itself checks again,
 * as the user who asked, before anything is written.
 */
import { type ActionResult, type CardAction, refused } from "./action-result";
import { answerFallout, offerFallout } from "./fallout-offer";
import { applyFate } from "./fate";
import { CARD_QUERY } from "./query-name";
import { findTestActor } from "./test-actor";
import { testRollOf } from "./test-message";

/** Actions on one message run one after another on a client, so two clicks cannot both spend. */
const queues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/** Applies an action on this client as `user`, reading the message afresh. */
export async function applyCardAction(message: ChatMessage.Implementation, user: User.Implementation, action: CardAction): Promise<ActionResult> {
  const id = message.id ?? "";
  return oneAtATime(id, async () => {
    const current = game.messages?.get(id) ?? message;
    switch (action.action) {
      case "spendFate":
        return applyFate(current, user);
      case "rerollDie":
        return applyFate(current, user, action.die);
      case "offerFallout":
        return offerFallout(current, user);
      case "acceptFallout":
        return answerFallout(current, user, { accept: true, name: action.name });
      case "refuseFallout":
        return answerFallout(current, user, { accept: false });
    }
  });
}

/** A friendly early refusal on the clicking client; the applying client checks all of it again. */
function precheck(message: ChatMessage.Implementation, user: User.Implementation, action: CardAction): ActionResult | null {
  const test = testRollOf(message)?.test;
  if (!test) return refused("GOLDHACK.Chat.Error.NotATest");
  if (action.action === "offerFallout") return user.isGM ? null : refused("GOLDHACK.Chat.Error.NotGM");
  const actor = findTestActor(test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  return actor.testUserPermission(user, "OWNER") ? null : refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
}

/** What a click does: applies the action here if this user may write the message, else asks the active GM. */
export async function requestCardAction(message: ChatMessage.Implementation, action: CardAction): Promise<ActionResult> {
  const user = game.user;
  if (!user) return refused("GOLDHACK.Chat.Error.Unknown");
  const early = precheck(message, user, action);
  if (early) return early;
  if (message.canUserModify(user, "update")) return applyCardAction(message, user, action);
  const gm = game.users?.activeGM;
  if (!gm) return refused("GOLDHACK.Chat.Error.NoGM");
  return gm.query(CARD_QUERY, { messageId: message.id ?? "", userId: user.id ?? "", action }, { timeout: 30_000 });
}
