import { GoldHackRoll } from "./goldhack-roll";

/** The Test roll of a message, or null when the message is not a Test card. */
export function testRollOf(message: ChatMessage.Implementation): GoldHackRoll | null {
  const roll: unknown = message.rolls[0];
  return roll instanceof GoldHackRoll && roll.test !== null ? roll : null;
}
