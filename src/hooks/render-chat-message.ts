/**
 * Wires the Test card's buttons when Foundry renders a chat message. The card
 * only shows buttons its viewer may use; a click still goes through actions
 * that check permission and single use again before writing.
 */
import type { CardAction } from "../dice/action-result";
import { requestCardAction } from "../dice/card-actions";
import { startLinkedTest } from "../dice/linked-test";
import { testRollOf } from "../dice/test-message";

function notify(key: string, data: Record<string, string | number> = {}): void {
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  ui.notifications?.warn(game.i18n?.format(key, strings) ?? key);
}

/** The name a Fallout taken from this card gets: its Intent, else what was tested. */
function falloutName(message: ChatMessage.Implementation): string {
  const choice = testRollOf(message)?.test?.choice;
  const what = choice?.intent || (choice?.skillId ? choice.skillName : game.i18n?.localize("GOLDHACK.Chat.Potential")) || "";
  return game.i18n?.format("GOLDHACK.Chat.Fallout.Name", { what }) ?? what;
}

/** The card action a button asks for, or null for one that is not a card action. */
function actionOf(button: HTMLButtonElement, message: ChatMessage.Implementation): CardAction | null {
  switch (button.dataset.action) {
    case "spendFate":
      return { action: "spendFate" };
    case "rerollDie":
      return { action: "rerollDie", die: Number(button.dataset.die) };
    case "offerFallout":
      return { action: "offerFallout" };
    case "acceptFallout":
      return { action: "acceptFallout", name: falloutName(message) };
    case "refuseFallout":
      return { action: "refuseFallout" };
    default:
      return null;
  }
}

async function onClick(message: ChatMessage.Implementation, button: HTMLButtonElement): Promise<void> {
  const card = button.closest(".goldhack-test-card");
  const buttons = card ? [...card.querySelectorAll<HTMLButtonElement>("button[data-action]")] : [button];
  for (const b of buttons) b.disabled = true;
  try {
    const action = actionOf(button, message);
    const user = game.user;
    if (!user) return;
    // A linked Test only opens a dialog on this client: nothing on the card changes.
    const result = button.dataset.action === "linkedTest" ? await startLinkedTest(message, user) : action ? await requestCardAction(message, action) : null;
    if (!result) return;
    if (!result.ok) notify(result.problem.key, result.problem.data);
  } catch (error) {
    console.error("goldhack | card action failed", error);
    notify("GOLDHACK.Chat.Error.Unknown");
  } finally {
    // The card re-renders after a change; until then the buttons work again.
    for (const b of buttons) b.disabled = false;
  }
}

/** renderChatMessageHTML: one listener per Test card, reading the clicked button's data-action. */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = html.querySelector<HTMLElement>(".goldhack-test-card");
  if (!card) return;
  card.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-action]") : null;
    if (!target || target.disabled) return;
    event.preventDefault();
    void onClick(message, target);
  });
}
