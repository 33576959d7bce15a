/**
 * A Test card as it stands: the roll's dice and plan, plus the state written after the roll. Cards of
 * type "test" keep that state in `message.system` (written by dot-path); 0.1.0 cards kept all of it in
 * the roll's options and are still read (and written) that way.
 */
import { GoldHackTestMessageData } from "../data/chat-message/test-message";
import type { TestResult } from "../rules";
import { GoldHackRoll } from "./goldhack-roll";
import { saveTestRoll, withTest } from "./message-rolls";
import type { FalloutRecord, FateRecord, TestLog, TestRollData } from "./roll-record";

/** The parts of a Test that change after the roll. */
export interface TestCardChanges {
  fateSpent?: number;
  fate?: FateRecord | null;
  log?: TestLog | null;
  logged?: boolean;
  fallout?: FalloutRecord | null;
}

export interface TestCard {
  roll: GoldHackRoll;
  /** The whole Test: the roll's choice and plan with the card's current state. */
  test: TestRollData;
  outcome: TestResult;
  /** The log step has run (always true for a 0.1.0 card: it logged before it was saved). */
  logged: boolean;
  /** A card of type "test" (state in `system`), or a 0.1.0 card (state in the roll). */
  modern: boolean;
}

/** The Test card a message holds, or null when it holds none or cannot be read (a damaged message). */
export function testCardOf(message: ChatMessage.Implementation): TestCard | null {
  const roll: unknown = message.rolls[0];
  if (!(roll instanceof GoldHackRoll) || roll.test === null) return null;
  const system: unknown = message.system;
  const modern = system instanceof GoldHackTestMessageData;
  const base = roll.test;
  const test: TestRollData = modern
    ? {
        ...base,
        fateSpent: system.fateSpent,
        fate: (system.fate as FateRecord | null) ?? null,
        log: (system.log as TestLog | null) ?? null,
        fallout: (system.fallout as FalloutRecord | null) ?? null,
      }
    : base;
  try {
    const outcome = roll.outcome;
    if (!outcome) return null;
    return { roll, test, outcome, logged: modern ? system.logged : true, modern };
  } catch (error) {
    // A plan or faces the rules refuse: the card is damaged, not a Test anyone can act on.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Whether the message claims to be a Test card (a GoldHackRoll or the "test" type), readable or not. */
export function looksLikeTestCard(message: ChatMessage.Implementation): boolean {
  if (message.type === "test") return true;
  try {
    return message.rolls[0] instanceof GoldHackRoll;
  } catch {
    return true;
  }
}

/**
 * Writes what changed on a card: on a "test" card by dot-path in `system` (and `rolls` when Fate added
 * dice), on a 0.1.0 card by rewriting its roll from the message as it now stands.
 */
export async function writeTestCard(message: ChatMessage.Implementation, changes: TestCardChanges, roll?: GoldHackRoll): Promise<void> {
  const card = testCardOf(message);
  if (!card) throw new Error("goldhack | writeTestCard: the message holds no Test");
  if (card.modern) {
    const update: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) update[`system.${key}`] = value;
    if (roll) update.rolls = [JSON.stringify(roll)];
    await message.update(update);
    return;
  }
  const { logged: _logged, ...rest } = changes;
  const base = roll ?? card.roll;
  await saveTestRoll(message, withTest(base, { ...(roll ? {} : {}), ...rest }));
}
