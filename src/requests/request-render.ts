/**
 * Draws request cards as their chat message's element (from the message's own render, awaited):
 * the card is rendered again from the message's data for this client's user (their buttons, their
 * language), and its buttons wired through the one `data-action` dispatcher. A message that claims to
 * be a request but cannot be trusted (not a GM's) shows as invalid, with no actions.
 */
import { systemPath } from "../constants";
import { type CardClickHandler, listenForCardActions } from "../dice/render-test-message";
import { answerProposalCard, rollFromRequest } from "./request-calls";
import { claimsRequestCard, renderRequestCard, requestCardOf } from "./request-messages";
import type { CardDrawer } from "../data/chat-message/card-message";

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

/**
 * Draws a request card, as this user sees it, into its message's fresh content (once per render, before
 * renderChatMessageHTML). A card that claims to be a request but cannot be trusted shows as invalid.
 */
async function drawRequestCard(message: ChatMessage.Implementation, content: HTMLElement): Promise<void> {
  const card = requestCardOf(message);
  if (!card) {
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(INVALID_TEMPLATE, {});
    return;
  }
  content.innerHTML = await renderRequestCard(card, message.id ?? "");
  const element = content.querySelector<HTMLElement>(".goldhack-request-card");
  if (element) listenForCardActions(message, element, REQUEST_CARD_ACTIONS);
}

/** The request card's drawer: a "request" message, or a 0.1.0 one carrying the request flag. */
export const REQUEST_CARD_DRAWER: CardDrawer = { claims: claimsRequestCard, draw: drawRequestCard };
