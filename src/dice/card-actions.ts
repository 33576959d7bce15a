/**
 * Running a Test card's actions. Every action goes to the active GM's client over the channel (run
 * directly when this user is that GM), so one client applies them all, one at a time per card, and the
 * GM learns who asked from Foundry's server. With no GM connected, a user who may write the card
 * applies it here, through the same queue. Either way the action checks again, as that user.
 */
import { askGM, readPayload, registerGMAction, runHere } from "../channel";
import { cardActionName, cardPayloadSchema } from "./card-action-schemas";
import { type ActionResult, type CardAction, parseCardAction, refused } from "./action-result";
import { answerFallout, offerFallout } from "./fallout-offer";
import { applyFate } from "./fate";
import { findTestActor } from "./test-actor";
import { testCardOf } from "./test-card-state";
import { applyTestLog } from "./test-log-action";

import { CARD_ACTION } from "./card-action-name";

export { CARD_ACTION } from "./card-action-name";

/** Applies an action on this client as `user`, reading the message as it now stands. */
export async function applyCardAction(message: ChatMessage.Implementation, user: User.Implementation, action: CardAction): Promise<ActionResult> {
  switch (action.action) {
    case "spendFate":
      return applyFate(message, user);
    case "rerollDie":
      return applyFate(message, user, action.die);
    case "offerFallout":
      return offerFallout(message, user);
    case "acceptFallout":
      return answerFallout(message, user, { accept: true, name: action.name });
    case "refuseFallout":
      return answerFallout(message, user, { accept: false });
    case "writeLog":
      return applyTestLog(message, user);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The GM side: `sender` is who Foundry's server says asked; nothing in the payload names a user. */
export async function handleCardAction(sender: User, payload: unknown): Promise<ActionResult> {
  // The action names its schema; the whole payload is then read against it before anything else.
  const name = cardActionName(payload);
  if (!name) return refused("GOLDHACK.Channel.Error.BadPayload", { field: "action" });
  const read = readPayload(cardPayloadSchema(name), payload);
  if (!read.ok) return { ok: false, problem: read.problem };
  const action = parseCardAction(read.value.action);
  if (!action) return refused("GOLDHACK.Chat.Error.Unknown");
  const message = game.messages?.get(read.value.messageId);
  if (!message) return refused("GOLDHACK.Chat.Error.NotATest");
  return applyCardAction(message, sender as User.Implementation, action);
}

/** Registers the card's channel action; requests on one card run one at a time. */
export function registerCardActions(): void {
  registerGMAction(CARD_ACTION, handleCardAction, { queueKey: (payload) => (isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : null) });
}

/** A friendly early refusal on the clicking client; the applying client checks all of it again. */
function precheck(message: ChatMessage.Implementation, user: User.Implementation, action: CardAction): ActionResult | null {
  const test = testCardOf(message)?.test;
  if (!test) return refused("GOLDHACK.Chat.Error.NotATest");
  if (action.action === "offerFallout") return user.isGM ? null : refused("GOLDHACK.Chat.Error.NotGM");
  const actor = findTestActor(test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  return actor.testUserPermission(user, "OWNER") ? null : refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
}

/** What a click does: asks the active GM (or, with none connected, applies it here if this user may write the card). */
export async function requestCardAction(message: ChatMessage.Implementation, action: CardAction): Promise<ActionResult> {
  const user = game.user;
  if (!user) return refused("GOLDHACK.Chat.Error.Unknown");
  const early = precheck(message, user, action);
  if (early) return early;
  const payload = { messageId: message.id ?? "", action };
  if (!game.users?.activeGM && message.canUserModify(user, "update")) return runHere(CARD_ACTION, payload);
  return askGM(CARD_ACTION, payload);
}
