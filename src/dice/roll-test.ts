/**
 * Rolling a Test: plan, spend Persona, roll Foundry's dice, post one card, log
 * once. Every refusal is a localised warning with nothing spent or written.
 * SRD: Tests › 3) Dice Roll; Spending Persona & Fate; Changes › Skill Learning
 */
import { warn } from "../documents/notify";
import type { TestPlan, TestResult } from "../rules";
import { CARD_ACTION } from "./card-action-name";
import { askGM, runHere } from "../channel";
import { planChoice } from "./plan-choice";
import type { TestRollData } from "./roll-record";
import { falloutState, findTestActor, type TestActor } from "./test-actor";
import type { TestChoice } from "../data/test-choice";
import { applyMessageMode, type MessageMode } from "../compat";

/** The plan for a choice, or null after warning why it cannot be rolled. */
function planOrWarn(choice: TestChoice, actor: TestActor): TestPlan | null {
  const fallout = choice.kind === "recovery" && choice.falloutId ? falloutState(actor, choice.falloutId) : null;
  try {
    const planned = planChoice(choice, fallout);
    if (!planned.ok) {
      warn(planned.problem.key, planned.problem.data);
      return null;
    }
    if (planned.plan.dice < 1) {
      warn("GOLDHACK.Roll.Error.NoDice");
      return null;
    }
    return planned.plan;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    console.error("goldhack | invalid Test choice", choice, error);
    warn("GOLDHACK.Roll.Error.Invalid");
    return null;
  }
}

/**
 * What runTest needs of the roll class it is given (GoldHackRoll, or a hack's subclass in CONFIG.Dice.rolls).
 * Said here rather than imported: goldhack-roll.ts calls runTest, so importing it back would close a circle.
 */
export interface TestRollClass {
  new (formula: string, data: Record<string, never>, options: { goldhack: TestRollData }): TestRollInstance;
  formulaFor(plan: Pick<TestPlan, "dice" | "explode">): string;
}

/** A Test roll as runTest uses it: evaluated, read for its outcome, and stored on the card as JSON. */
export interface TestRollInstance {
  evaluate(): Promise<unknown>;
  readonly outcome: TestResult | null;
}

/** How a Test is rolled beyond its choice. */
export interface RollTestOptions {
  /** The user the GM's client rolls for (a group part): a "gm" or "self" card is whispered to her too. */
  roller?: string;
}

/**
 * Posts the card, seen by whom the dialog's footer said, else as the chat controls' mode says. A whispered
 * card is seen by its author, here the GM's client when it rolls for a `roller`, so she is added to the whisper
 * unless the mode is blind (a blind roll hides the dice from the roller by design).
 */
async function postCard(roll: TestRollInstance, actor: TestActor, messageMode?: MessageMode, roller?: string): Promise<ChatMessage.Implementation | null> {
  const data: ChatMessage.CreateData = {
    type: "test",
    system: { fateSpent: 0, fate: null, log: null, logged: false, fallout: null },
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [JSON.stringify(roll)],
    sound: CONFIG.sounds.dice,
  };
  applyMessageMode(data, messageMode);
  const whisper = Array.isArray(data.whisper) ? data.whisper.filter((id): id is string => typeof id === "string") : [];
  if (roller !== undefined && whisper.length > 0 && data.blind !== true && !whisper.includes(roller)) data.whisper = [...whisper, roller];
  return (await ChatMessage.implementation.create(data)) ?? null;
}

/** See GoldHackRoll.rollTest (goldhack-roll.ts). */
export async function runTest(choice: TestChoice, RollClass: TestRollClass, options: RollTestOptions = {}): Promise<ChatMessage.Implementation | null> {
  const actor = findTestActor(choice.actorUuid);
  if (!actor) {
    warn("GOLDHACK.Roll.Error.NoActor");
    return null;
  }
  const plan = planOrWarn(choice, actor);
  if (!plan) return null;
  // A recovery Test is against the Fallout's rating as it is now, whatever the dialog saw.
  const falloutId = choice.kind === "recovery" ? choice.falloutId : undefined;
  const fallout = falloutId ? actor.items.get(falloutId) : undefined;
  const recoveryOb = falloutId ? falloutState(actor, falloutId)?.rating : undefined;
  // Who sees the card is the message's business, not the Test's: it is not stored in the roll.
  const { messageMode, ...rest } = choice;
  const chosen: TestChoice = { ...rest, modifiers: choice.modifiers.map((m) => ({ ...m })), ...(recoveryOb ? { ob: recoveryOb } : {}) };

  // Persona goes before the roll; the actor warns and refuses when there is not enough.
  if (chosen.persona > 0 && !(await actor.spendPersona(chosen.persona))) return null;

  const test: TestRollData = {
    choice: chosen,
    actorName: actor.name,
    ...(fallout ? { falloutName: fallout.name } : {}),
    plan,
    fateSpent: 0,
    fate: null,
    log: null,
    fallout: null,
  };
  const roll = new RollClass(RollClass.formulaFor(plan), {}, { goldhack: test });
  await roll.evaluate();
  const result = roll.outcome;
  if (!result) throw new Error("goldhack | the Test roll lost its Test");

  const message = await postCard(roll, actor, messageMode, options.roller);
  if (!message) return null;
  // The log goes through the card's own queue (the GM's client, or here with no GM), after any Fate already asked for.
  const payload = { messageId: message.id ?? "", action: { action: "writeLog" } };
  const logged = game.users?.activeGM ? await askGM(CARD_ACTION, payload) : await runHere(CARD_ACTION, payload);
  if (!logged.ok) warn(logged.problem.key, logged.problem.data);
  // What follows a roll (the test history, request cards) listens here rather than patching the roll.
  Hooks.callAll("goldhack.testRolled", message, chosen, result);
  return message;
}
