/**
 * Draws request cards into their rendered chat message (from GoldHackChatMessage#renderHTML, awaited):
 * the card is rendered again from the message's data for this client's user (their buttons, their
 * language), and its buttons wired through the one `data-action` dispatcher. A message that claims to
 * be a request but cannot be trusted (not a GM's) shows as invalid, with no actions.
 */
import { systemPath } from "../constants";
import { type CardClickHandler, listenForCardActions } from "../dice/render-test-message";
import { answerProposalCard, rollFromRequest } from "./request-calls";
import { claimsRequestCard, renderRequestCard, requestCardOf } from "./request-messages";

const INVALID_TEMPLATE = systemPath("templates/chat/request-invalid.hbs");

/** The request card's actions, by `data-action`; each warns itself when refused. */
export const REQUEST_CARD_ACTIONS: Record<string, CardClickHandler> = {
  rollRequest: async (message) => {
    await rollFromRequest(message);
    return null;
  },
  setTest: async (message) => {
    await answerProposalCard(message);
    return null;
  },
};

/** Replaces a request card's content with the card as this user sees it. */
export async function renderRequestMessage(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!claimsRequestCard(message)) return;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  const card = requestCardOf(message);
  if (!card) {
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(INVALID_TEMPLATE, {});
    return;
  }
  content.innerHTML = await renderRequestCard(card, message.id ?? "");
  const element = content.querySelector<HTMLElement>(".goldhack-request-card");
  if (element) listenForCardActions(message, element, REQUEST_CARD_ACTIONS);
}
