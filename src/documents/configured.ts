/**
 * The classes a document (and any floor below the windows) reaches through CONFIG rather than by import,
 * the way Foundry lets a module replace a class (docs/foundry-facts.md › Roll classes in CONFIG.Dice.rolls):
 * the Test dialog in `CONFIG.GOLDHACK.applications.testDialog` (filled by `registerApplications` at init,
 * src/applications/dialogs/register.ts), the Test roll in `CONFIG.Dice.rolls` (pushed by `registerDice`).
 * A module replaces either in Foundry's `setup` hook: `CONFIG.GOLDHACK.applications.testDialog = MyDialog`
 * (a class with the statics below), or by pushing a subclass of GoldHackRoll onto `CONFIG.Dice.rolls`.
 */
import type { TestChoice, TestRequest } from "../data/test-choice";

/** The Test dialog as CONFIG holds it: GoldHackTestDialog, a module's subclass, or a loader of either. */
export interface TestDialogClass {
  /** Opens the dialog; the player's choice when she rolls, null when cancelled or closed. */
  prompt(actor: Actor.Implementation, request?: TestRequest): Promise<TestChoice | null>;
  /** What the dialog would roll if Roll were pressed at once, undrawn; null after warning why not. */
  openingChoice(actor: Actor.Implementation, request?: TestRequest): Promise<TestChoice | null>;
}

/** The windows a lower floor opens through `CONFIG.GOLDHACK.applications`. A hack never replaces them (src/hack/loader.ts). */
export interface GoldHackApplications {
  testDialog?: TestDialogClass;
}

/** A roll class that rolls a Test: GoldHackRoll, or a module's subclass of it. */
export interface TestRollClass {
  rollTest(choice: TestChoice): Promise<ChatMessage.Implementation | null>;
}

const rollsTests = <T>(rollClass: T): rollClass is T & TestRollClass =>
  typeof rollClass === "function" && typeof (rollClass as Partial<TestRollClass>).rollTest === "function";

/** The Test dialog registered in CONFIG. Throws if init has not registered one (a setup error, not a player's). */
export function configuredTestDialog(): TestDialogClass {
  const dialog = CONFIG.GOLDHACK.applications?.testDialog;
  if (!dialog) throw new Error("goldhack | CONFIG.GOLDHACK.applications.testDialog is not registered");
  return dialog;
}

/** The last roll class in CONFIG.Dice.rolls that rolls Tests, so a module's subclass pushed after ours wins. */
export function configuredTestRoll(): TestRollClass {
  const rollClass = [...CONFIG.Dice.rolls].reverse().find(rollsTests);
  if (!rollClass) throw new Error("goldhack | no roll class in CONFIG.Dice.rolls rolls Tests (GoldHackRoll is not registered)");
  return rollClass;
}
