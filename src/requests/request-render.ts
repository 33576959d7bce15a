/**
 * Draws request cards when Foundry renders their chat message: the card is rendered again from the
 * message's flags for this client's user (their buttons, their language), and its buttons wired.
 */
import { answerProposalCard } from "./request-api";
import { rollFromRequest } from "./request-answer";
import { renderRequestCard, requestCardOf } from "./request-messages";

async function onClick(message: ChatMessage.Implementation, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    if (button.dataset.ghRequest === "roll") await rollFromRequest(message);
    else if (button.dataset.ghRequest === "set") await answerProposalCard(message);
  } catch (error) {
    console.error("goldhack | request card action failed", error);
  } finally {
    // The card re-renders once it changes; until then the button works again.
    button.disabled = false;
  }
}

/** renderChatMessageHTML: replaces a request card's content with the card as this user sees it. */
export async function onRenderRequestMessage(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const card = requestCardOf(message);
  if (!card) return;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  content.innerHTML = await renderRequestCard(card, message.id ?? "");
  content.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-gh-request]") : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    void onClick(message, button);
  });
}
