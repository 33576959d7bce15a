/**
 * Draws goldhack's cards into a rendered chat message (called from GoldHackChatMessage#renderHTML,
 * awaited) and gives each card one click dispatcher: the element carrying `data-action` names the
 * action; every button of the card is disabled while it runs. Buttons shown are a courtesy: each action
 * checks permission and single use again on the client that applies it.
 */
import { warn } from "../documents/notify";
import { type CardAction, shortenName } from "../dice/action-result";
import { requestCardAction } from "../dice/card-actions";
import { startLinkedTest } from "../dice/linked-test";
import { type TestCard, looksLikeTestCard, testCardOf } from "../dice/test-card-state";
import { renderDamagedCard, renderTestCard } from "../dice/test-card-render";
import { cardDisplay, rememberDetails, toggleShowAll } from "../dice/card-display";
import type { ChannelReply } from "../channel";
import { closestFrom } from "../applications/api/dom-kinds";

/** One card action: what a click on an element with this `data-action` does. */
export type CardClickHandler = (message: ChatMessage.Implementation, target: HTMLElement) => Promise<ChannelReply | null>;

/** The name a Fallout taken from this card gets: its Intent, else what was tested; never longer than the stored limit. */
export function falloutName(card: TestCard | null): string {
  const choice = card?.test.choice;
  const what = choice?.intent || (choice?.skillId ? choice.skillName : game.i18n?.localize("GOLDHACK.Chat.Potential")) || "";
  return shortenName(game.i18n?.format("GOLDHACK.Chat.Fallout.Name", { what }) ?? what);
}

const cardAction = (make: (message: ChatMessage.Implementation, target: HTMLElement) => CardAction): CardClickHandler => (message, target) =>
  requestCardAction(message, make(message, target));

/** The Test card's actions, by `data-action`. */
export const TEST_CARD_ACTIONS: Record<string, CardClickHandler> = {
  spendFate: cardAction(() => ({ action: "spendFate" })),
  rerollDie: cardAction((_m, target) => ({ action: "rerollDie", die: Number(target.dataset.die) })),
  offerFallout: cardAction(() => ({ action: "offerFallout" })),
  acceptFallout: cardAction((message) => ({ action: "acceptFallout", name: falloutName(testCardOf(message)) })),
  refuseFallout: cardAction(() => ({ action: "refuseFallout" })),
  // A linked Test only opens a dialog on this client: nothing on the card changes.
  linkedTest: async (message) => (game.user ? startLinkedTest(message, game.user) : null),
  // Only this client's view changes: the card is drawn again offering every rerollable die, or only the misses.
  showAllDice: async (message, target) => {
    const content = target.closest<HTMLElement>(".message-content");
    if (message.id) toggleShowAll(message.id);
    if (content) await drawTestCard(message, content);
    return null;
  },
};

/** Runs the clicked action with every button of the card disabled, and shows a refusal as a warning. */
async function runClick(message: ChatMessage.Implementation, card: HTMLElement, target: HTMLElement, handler: CardClickHandler): Promise<void> {
  const buttons = [...card.querySelectorAll<HTMLButtonElement>("button[data-action]")];
  for (const b of buttons) b.disabled = true;
  try {
    const result = await handler(message, target);
    if (result && !result.ok) warn(result.problem.key, result.problem.data);
  } catch (error) {
    console.error("goldhack | card action failed", error);
    warn("GOLDHACK.Chat.Error.Unknown");
  } finally {
    // The card re-renders after a change; until then the buttons work again.
    for (const b of buttons) b.disabled = false;
  }
}

/** Wires one click dispatcher on a card: the closest element with `data-action` picks the handler. */
export function listenForCardActions(message: ChatMessage.Implementation, card: HTMLElement, actions: Record<string, CardClickHandler>): void {
  card.addEventListener("click", (event) => {
    const target = closestFrom(event.target, "[data-action]");
    const name = target?.dataset.action;
    if (!target || !name || !card.contains(target) || (target as HTMLButtonElement).disabled) return;
    const handler = Object.hasOwn(actions, name) ? actions[name] : undefined;
    if (!handler) return;
    event.preventDefault();
    void runClick(message, card, target, handler);
  });
}

/** Draws a Test card (or its damaged notice) into the message's content and wires its actions. */
export async function renderTestMessage(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!looksLikeTestCard(message)) return;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (content) await drawTestCard(message, content);
}

/** Draws the card into the message's content element for this user and wires it. */
async function drawTestCard(message: ChatMessage.Implementation, content: HTMLElement): Promise<void> {
  let markup: string;
  try {
    const card = testCardOf(message);
    markup = card ? await renderTestCard(card, !message.isContentVisible, undefined, cardDisplay(message.id)) : await renderDamagedCard();
  } catch (error) {
    console.warn("goldhack | a Test card could not be drawn", error);
    markup = await renderDamagedCard();
  }
  content.innerHTML = markup;
  const card = content.querySelector<HTMLElement>(".goldhack-test-card");
  if (!card) return;
  listenForCardActions(message, card, TEST_CARD_ACTIONS);
  // The breakdown's open state is this user's preference: remembered for the next card.
  card.querySelector("details.goldhack-test-card__details")?.addEventListener("toggle", (event) => {
    const details = event.currentTarget as HTMLDetailsElement;
    void rememberDetails(details.open).catch((error: unknown) => console.warn("goldhack | could not remember the card's breakdown", error));
  });
}
