/**
 * Request cards as chat messages: the card's data in `flags.goldhack.request`, its HTML rendered from
 * that data (again on every client, for its viewer and language, when the message is drawn).
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { parseRequestCard, type RequestCard } from "./request-state";
import { requestCardContext, type RequestViewer } from "./request-card-context";

export const REQUEST_CARD_TEMPLATE = systemPath("templates/chat/request-card.hbs");

const FLAG = "request";

/** Whether a message claims to be a request card (its flags hold one, trusted or not). */
export function claimsRequestCard(message: ChatMessage.Implementation): boolean {
  return message.getFlag(SYSTEM_ID, FLAG) !== undefined;
}

/**
 * The request card a message holds, or null for any other message, and for a card that cannot be
 * trusted: only a GM's own message may hold a request, or a proposal a GM has answered. A player may
 * post a proposal (its Intent and Task are hers to declare), but a player's message claiming an open or
 * answered request, or a player's edit of her proposal's flags into one, is not a request.
 */
export function requestCardOf(message: ChatMessage.Implementation): RequestCard | null {
  const card = parseRequestCard(message.getFlag(SYSTEM_ID, FLAG));
  if (!card) return null;
  const byGM = message.author?.isGM === true;
  if (card.status === "proposed") return card.origin === "proposal" ? card : null;
  return byGM ? card : null;
}

/** Who is looking at a card on this client. */
export function currentViewer(card: RequestCard): RequestViewer {
  const user = game.user;
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  const ownsActor = actor instanceof Actor && user ? actor.testUserPermission(user, "OWNER") : false;
  return { isGM: user?.isGM ?? false, ownsActor };
}

/** The card's HTML for this client's user. */
export async function renderRequestCard(card: RequestCard, messageId: string, viewer: RequestViewer = currentViewer(card)): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD_TEMPLATE, requestCardContext(card, messageId, viewer));
}

/** Posts a new card (a GM's request or a player's proposal) as the current user. */
export async function postRequestCard(card: RequestCard): Promise<ChatMessage.Implementation | null> {
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  // The content is a placeholder for tools that read it; every client draws the card from the flags.
  const content = await renderRequestCard(card, "", { isGM: false, ownsActor: false });
  const message = await ChatMessage.create({
    content,
    speaker: ChatMessage.getSpeaker(actor instanceof Actor ? { actor } : {}),
    flags: { [SYSTEM_ID]: { [FLAG]: card } },
  });
  return message ?? null;
}

/** Replaces a card's data (the caller has checked the change and the right to write). */
export async function writeRequestCard(message: ChatMessage.Implementation, card: RequestCard): Promise<void> {
  const content = await renderRequestCard(card, message.id ?? "", { isGM: false, ownsActor: false });
  await message.update({ content, flags: { [SYSTEM_ID]: { [FLAG]: card } } });
}
