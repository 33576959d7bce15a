import { GoldHackTestMessageData } from "../data/chat-message/test-message";
import { GoldHackChatMessage } from "../documents/chat-message";
import { registerCardDrawer } from "../data/chat-message/card-message";
import { TEST_CARD_DRAWER } from "./render-test-message";
import { registerCardActions } from "./card-actions";
import { registerCardDisplay } from "./card-display";
import { GoldHackRoll } from "./goldhack-roll";

/**
 * Registers the Test roll (so messages rebuild it from JSON), the Test card's message type and its
 * channel actions, our ChatMessage class and the card's drawer. Call at init.
 */
export function registerDice(): void {
  CONFIG.Dice.rolls.push(GoldHackRoll);
  Object.assign(CONFIG.ChatMessage.dataModels, { test: GoldHackTestMessageData });
  CONFIG.ChatMessage.documentClass = GoldHackChatMessage;
  registerCardActions();
  registerCardDisplay();
  registerCardDrawer(TEST_CARD_DRAWER);
}
