import { GoldHackTestMessageData } from "../data/chat-message/test-message";
import { GoldHackChatMessage, registerCardRenderer } from "../documents/chat-message";
import { renderTestMessage } from "./render-test-message";
import { registerCardActions } from "./card-actions";
import { registerCardDisplay } from "./card-display";
import { GoldHackRoll } from "./goldhack-roll";

/**
 * Registers the Test roll (so messages rebuild it from JSON), the Test card's message type and its
 * channel actions, our ChatMessage class and the card's renderer. Call at init.
 */
export function registerDice(): void {
  CONFIG.Dice.rolls.push(GoldHackRoll);
  Object.assign(CONFIG.ChatMessage.dataModels, { test: GoldHackTestMessageData });
  CONFIG.ChatMessage.documentClass = GoldHackChatMessage;
  registerCardActions();
  registerCardDisplay();
  registerCardRenderer(renderTestMessage);
}
