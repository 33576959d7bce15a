/**
 * Scrolling the chat log to one card, as a link to it does (message-links.ts). No Foundry globals: a browser test
 * runs it on a real log.
 */

/**
 * Brings `element` to the middle of the log it scrolls in. Cards far from the screen are not laid out
 * (content-visibility: styles/chat/card.css) and take their own height only when they come near, which throws a
 * smooth scroll across them off its target by as much as they differ from their estimate. So: jump there at once,
 * let the browser lay out the cards around it, then glide the rest of the way.
 */
export function scrollToCard(element: HTMLElement): void {
  element.scrollIntoView({ block: "center", behavior: "instant" });
  requestAnimationFrame(() => requestAnimationFrame(() => element.scrollIntoView({ block: "center", behavior: "smooth" })));
}
