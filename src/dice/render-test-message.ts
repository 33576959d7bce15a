/**
 * Draws the Test card into its chat message's element (from the message's own render, awaited, before
 * renderChatMessageHTML) and gives each card of ours one click dispatcher: the element carrying `data-action` names the
 * action; every button of the card is disabled while it runs. Buttons shown are a courtesy: each action
 * checks permission and single use again on the client that applies it.
 */
import { warn } from "../documents/notify";
import { type CardAction, shortenName } from "./action-result";
import { requestCardAction } from "./card-actions";
import { startLinkedTest } from "./linked-test";
import { type TestCard, looksLikeTestCard, testCardOf } from "./test-card-state";
import { renderTestCard } from "./test-card-render";
import { type CardDrawer, redrawMessage } from "../data/chat-message/card-message";
import { cardDisplay, rememberDetails, toggleShowAll } from "./card-display";
import type { ChannelReply } from "../channel";
import { closestFrom } from "../applications/api/dom-kinds";
import { reported, settle } from "../safe-hook";

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
    if (message.id) toggleShowAll(message.id);
    await redrawMessage(message, target);
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
    settle(runClick(message, card, target, handler), "the card's button");
  });
}

/**
 * Draws a Test card into its message's fresh content, once per render (from the message's own render,
 * before renderChatMessageHTML), and wires its actions. A card that cannot be read throws, and the frame
 * shows the damaged-card notice instead (data/chat-message/card-message.ts).
 */
async function drawTestCard(message: ChatMessage.Implementation, content: HTMLElement): Promise<void> {
  const card = testCardOf(message);
  if (!card) throw new Error("not a readable Test card");
  content.innerHTML = await renderTestCard(card, !message.isContentVisible, undefined, cardDisplay(message.id));
  const element = content.querySelector<HTMLElement>(".goldhack-test-card");
  if (!element) return;
  listenForCardActions(message, element, TEST_CARD_ACTIONS);
  // The breakdown's open state is this user's preference: remembered for the next card.
  element.querySelector("details.goldhack-test-card__details")?.addEventListener("toggle", (event) => {
    const details = event.currentTarget as HTMLDetailsElement;
    void rememberDetails(details.open).catch(reported("could not remember the card's breakdown"));
  });
}

/** The Test card's drawer: a "test" message, or a 0.1.0 message whose roll is a Test. */
export const TEST_CARD_DRAWER: CardDrawer = { claims: looksLikeTestCard, draw: drawTestCard };
