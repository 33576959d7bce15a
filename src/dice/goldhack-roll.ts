import { systemPath } from "../constants";
import { DIE_FACES, HIT_MIN, resolveTest, type TestPlan, type TestResult } from "../rules";
import { buildTestCard } from "./test-card-context";
import { currentViewer, renderDamagedCard } from "./test-card-render";
import { countedFaces, type DiceTermLike, facesBeforeFate, readDice, type TestRollData } from "./roll-record";
import { type RollTestOptions, runTest } from "./roll-test";
import type { TestChoice } from "../data/test-choice";

/** A GoldHackRoll's options: Foundry's own plus the whole Test under `goldhack`. */
export interface GoldHackRollOptions extends foundry.dice.Roll.Options {
  goldhack?: TestRollData;
}

type RenderOptions = NonNullable<Parameters<foundry.dice.Roll["render"]>[0]>;

/**
 * A Test's dice: Foundry's own d6 pool counting 4+ ("Nd6cs>=4"; Magic "Nd6x6cs>=4",
 * exploding before counting). Its options carry the whole Test, so the card it
 * renders is the same on every client and after a reload. SRD: Tests › 3) Dice Roll
 */
export class GoldHackRoll extends foundry.dice.Roll {
  declare options: GoldHackRollOptions;

  static override CHAT_TEMPLATE = systemPath("templates/chat/test-card.hbs");

  constructor(formula: string, data: Record<string, never> = {}, options: GoldHackRollOptions = {}) {
    super(formula, data, options);
  }

  /** The Foundry formula for a plan's pool; Magic sixes explode before the hits are counted. */
  static formulaFor(plan: Pick<TestPlan, "dice" | "explode">): string {
    return `${plan.dice}d${DIE_FACES}${plan.explode ? `x${DIE_FACES}` : ""}cs>=${HIT_MIN}`;
  }

  /**
   * Rolls a Test the dialog chose: plans it, spends Persona, rolls, posts one card and logs the outcome once.
   * Null when it was refused (a notification says why). `options.roller`: the id of the user the GM's client
   * rolls for (a group part), who must see her own card in a "gm" or "self" message mode. SRD: Tests; Changes › Skill Learning
   */
  static async rollTest(choice: TestChoice, options: RollTestOptions = {}): Promise<ChatMessage.Implementation | null> {
    return runTest(choice, this, options);
  }

  /** The Test this roll carries, or null for a roll made without one. */
  get test(): TestRollData | null {
    return this.options.goldhack ?? null;
  }

  /** The dice terms as plain results, Test term first. */
  get diceTerms(): DiceTermLike[] {
    return this.dice.map((d) => ({ number: d.number, results: d.results }));
  }

  /** Every face that counts: exploded dice in, rerolled dice out. */
  get faces(): number[] {
    return countedFaces(this.diceTerms);
  }

  /** The Test's faces as first rolled, what Fate is checked against. */
  get facesBeforeFate(): number[] {
    return facesBeforeFate(this.diceTerms);
  }

  /** How the Test came out, decided by the rules from the faces. */
  get outcome(): TestResult | null {
    const test = this.test;
    return test ? resolveTest(test.plan, this.faces) : null;
  }

  /**
   * Renders the Test card from this roll alone, for whoever is looking: only where core draws the roll itself
   * (our messages draw their card from the message, data/chat-message/card-message.ts).
   */
  override async render(options: RenderOptions = {}): Promise<string> {
    const test = this.test;
    if (!test || !this._evaluated) return super.render(options);
    const template = options.template ?? (this.constructor as typeof GoldHackRoll).CHAT_TEMPLATE;
    try {
      const context = buildTestCard({ data: test, dice: readDice(this.diceTerms), faces: this.faces, viewer: currentViewer(test), isPrivate: options.isPrivate ?? false });
      return await foundry.applications.handlebars.renderTemplate(template, context);
    } catch (error) {
      // Whatever is wrong with a stored Test (a plan the rules refuse, a damaged choice): a notice, never a broken render.
      console.warn("goldhack | a Test card could not be read", error);
      return renderDamagedCard();
    }
  }
}

// Messages store a roll's class by name and Foundry finds it again in CONFIG.Dice.rolls by that name:
// pin it, so a bundler renaming the class never turns old cards into plain rolls.
Object.defineProperty(GoldHackRoll, "name", { value: "GoldHackRoll" });
