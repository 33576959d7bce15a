import { onRenderChatMessageHTML } from "../hooks/render-chat-message";
import { GoldHackRoll } from "./goldhack-roll";
import { registerQueries } from "./queries";

/**
 * Registers the Test roll (so messages rebuild it from JSON), the GM query for
 * card actions, and the card's button wiring. Call at init.
 */
export function registerDice(): void {
  CONFIG.Dice.rolls.push(GoldHackRoll);
  registerQueries();
  Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
}
