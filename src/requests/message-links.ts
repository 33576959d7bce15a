/**
 * Links to chat cards (a request's answer, the earlier Test a repeated one matches, a history entry):
 * any element with `data-action="showMessage" data-message-id="<message id>"` scrolls the chat log to
 * that card and marks it. One page-wide listener serves cards and windows alike: a window's own
 * ApplicationV2 dispatch has no `showMessage` action and leaves the click alone.
 */
import { warn } from "../documents/notify";
import { scrollToCard } from "./scroll-to-card";
import { closestFrom } from "../applications/api/dom-kinds";

const HIGHLIGHT = "goldhack-highlight";

/** Scrolls the chat log to a message and marks it briefly; warns when the message is gone or not drawn. */
export function showChatMessage(messageId: string): void {
  if (!game.messages?.get(messageId)) {
    warn("GOLDHACK.Request.Error.MessageGone");
    return;
  }
  const selector = `.chat-message[data-message-id="${CSS.escape(messageId)}"]`;
  const element = document.querySelector<HTMLElement>(`#chat ${selector}`) ?? document.querySelector<HTMLElement>(selector);
  if (!element) {
    ui.notifications?.info(game.i18n?.localize("GOLDHACK.Request.OpenChat") ?? "");
    return;
  }
  scrollToCard(element);
  element.classList.add(HIGHLIGHT);
  setTimeout(() => element.classList.remove(HIGHLIGHT), 2000);
}

/** One listener for the whole page, so links work in chat cards, dialogs and sheets alike. */
export function listenForMessageLinks(root: Document = document): void {
  root.addEventListener("click", (event) => {
    const link = closestFrom(event.target, '[data-action="showMessage"]');
    const id = link?.dataset.messageId;
    if (!id) return;
    event.preventDefault();
    showChatMessage(id);
  });
}
