import { GoldHackCharacterData } from "../data/actor/character";
import { COUNT_MAX } from "../data/limits";
import { GoldHackNpcData } from "../data/actor/npc";
import { GoldHackFalloutData } from "../data/item/fallout";
import { GoldHackSkillData } from "../data/item/skill";
import type { TestRequest } from "../data/test-choice";
import { parseHistory, type TestHistoryEntry } from "../data/test-history";
import { MAX_FATE_PER_ROLL } from "../rules";
import { planFalloutRecovery, resolveFalloutRecovery, type FalloutRecoveryOutcome } from "../rules/fallout";
import { logLearningTest, reviseLearningLog, reviseUntrainedLearning, UNTRAINED_LEARNING, type LearningOutcome, type LearningState } from "../rules/learning";
import type { ResolvedTestShape } from "../rules/validate";
import { limitCharacterUpdate } from "./actor-limits";
import { configuredTestDialog, configuredTestRoll } from "./configured";
import type { GoldHackItem } from "./item";
import { escapeHtml, warn, warnProblems } from "./notify";
import { dropPlayerRetiredChange } from "./retire";

/** How a Test went, as the chat card logs it. */
export type TestOutcome = "pass" | "fail";

/** A skill's rating and learning logs at one moment (kept by the chat card to revise a log). */
export interface SkillLog {
  rating: number;
  passed: number;
  failed: number;
}

/** What {@link GoldHackActor.logTest} did. */
export interface LogTestResult {
  /** The skill reached its next rating. */
  advanced: boolean;
  /** The skill before this log: pass it to reviseTestLog if Fate flips the outcome. */
  before: SkillLog;
}

/** A Fallout to take. SRD: Changes › Fallout: The Cost Of Unlucky Success */
export interface FalloutInput {
  name: string;
  /** The Ob points remaining on the failed Test, at least 1. */
  rating: number;
  permanent?: boolean;
  description?: string;
}

/** What the GM rules on a failed recovery Test (permanent needs a warning before the roll, so not offered here). */
export type RecoveryFailure = "worsen" | "longer";

type SkillItem = GoldHackItem & { system: GoldHackSkillData };
type FalloutItem = GoldHackItem & { system: GoldHackFalloutData };

const toLearning = (outcome: TestOutcome): LearningOutcome => (outcome === "pass" ? "passed" : "failed");
const logOf = (system: GoldHackSkillData): LearningState => ({ rating: system.rating, passed: system.passed, failed: system.failed });
const sameLog = (a: LearningState, b: LearningState): boolean => a.rating === b.rating && a.passed === b.passed && a.failed === b.failed;

/**
 * The goldhack Actor: thin, delegating every rule to src/rules/. Every method that writes checks that
 * the current user owns the actor (a GM always does) and otherwise warns and changes nothing.
 */
export class GoldHackActor extends Actor {
  /** Potential: derived from the age's chart row for a character, stored for an NPC. */
  get potential(): number {
    const system = this.system;
    return system instanceof GoldHackCharacterData || system instanceof GoldHackNpcData ? system.potential : 0;
  }

  /** This actor's recent Tests, newest first, each with its card (written after each roll; see src/history/). */
  get testHistory(): TestHistoryEntry[] {
    return parseHistory(this.getFlag("goldhack", "testHistory"));
  }

  /**
   * Opens the test dialog for this actor, then rolls the choice; null when cancelled or refused. With
   * `{ dialog: false }` it rolls what the dialog would open with, undrawn (for macros and the in-world
   * test batch). SRD: Tests
   */
  async rollTest(request: TestRequest = {}, options: { dialog?: boolean } = {}): Promise<ChatMessage.Implementation | null> {
    if (!this.#mayWrite()) return null;
    // Through CONFIG, not by import: the dialog and the roll live on higher floors, and a module may replace either.
    const dialog = configuredTestDialog();
    const choice = options.dialog === false ? await dialog.openingChoice(this, request) : await dialog.prompt(this, request);
    if (!choice) return null;
    return configuredTestRoll().rollTest(choice);
  }

  /** Tests one of this actor's skills. */
  async rollSkill(skillId: string): Promise<ChatMessage.Implementation | null> {
    if (!this.#skill(skillId)) return null;
    return this.rollTest({ kind: "skill", skillId });
  }

  /** Tests Potential (untrained, double Ob), optionally to learn the named skill. SRD: Tests › I Don't Have The Skill! */
  async rollPotential(learnSkillName?: string): Promise<ChatMessage.Implementation | null> {
    return this.rollTest({ kind: "potential", skillId: null, ...(learnSkillName ? { learnSkillName } : {}) });
  }

  /**
   * Logs a passed or failed Test on a skill and raises its rating when the rules' canAdvance allows
   * (logs then reset), posting a chat notice. Null when refused, and for an NPC (NPCs do not learn). SRD: Changes › Skill Learning
   */
  async logTest(skillId: string, outcome: TestOutcome): Promise<LogTestResult | null> {
    if (!this.#learns() || !this.#mayWrite()) return null;
    const skill = this.#skill(skillId);
    if (!skill) return null;
    const before = logOf(skill.system);
    const result = logLearningTest(before, toLearning(outcome));
    // Ruling: ruling-rating-cap: a Skill at 99 stays there, its full logs kept (rating 100 would be stored as 99).
    if (result.state.rating > COUNT_MAX) return { advanced: false, before };
    if (!sameLog(result.state, before)) await skill.update({ system: { ...result.state } });
    if (result.advanced) await this.#postNotice("GOLDHACK.Notice.SkillAdvanced", { skill: skill.name, rating: result.state.rating });
    return { advanced: result.advanced, before };
  }

  /**
   * Corrects a skill's log when Fate flipped a Test's outcome: `before` is what logTest returned, `outcome`
   * the corrected one. Refused (with a warning) if the skill was logged again since. SRD: Changes › Skill Learning
   */
  async reviseTestLog(skillId: string, before: SkillLog, outcome: TestOutcome): Promise<void> {
    if (!this.#learns() || !this.#mayWrite()) return;
    const skill = this.#skill(skillId);
    if (!skill) return;
    const current = logOf(skill.system);
    const original = logLearningTest(before, toLearning(outcome === "pass" ? "fail" : "pass")).state;
    if (!sameLog(current, original)) {
      warn("GOLDHACK.Warning.LogChangedSince", { skill: skill.name });
      return;
    }
    const revised = reviseLearningLog(before, toLearning(outcome)).state;
    if (!sameLog(revised, current)) await skill.update({ system: { ...revised } });
    if (revised.rating > current.rating) await this.#postNotice("GOLDHACK.Notice.SkillAdvanced", { skill: skill.name, rating: revised.rating });
  }

  /**
   * Creates the skill an untrained pass teaches, at the rating the rules give (1), posting a notice.
   * Returns the new skill, the existing one if already known, or null when refused or an NPC. SRD: Changes › Skill Learning
   */
  async learnSkill(name: string, skillType: string): Promise<GoldHackItem | null> {
    if (!this.#learns() || !this.#mayWrite()) return null;
    const skillName = name.trim();
    if (!skillName) {
      warn("GOLDHACK.Warning.SkillNameBlank");
      return null;
    }
    if (!Object.hasOwn(CONFIG.GOLDHACK.skillTypes, skillType)) {
      warn("GOLDHACK.Warning.UnknownSkillType", { type: skillType });
      return null;
    }
    const known = this.items.find((item) => item.type === "skill" && item.name.toLocaleLowerCase() === skillName.toLocaleLowerCase());
    if (known) {
      warn("GOLDHACK.Warning.SkillAlreadyKnown", { skill: known.name });
      return known;
    }
    const learned = logLearningTest(UNTRAINED_LEARNING, "passed");
    if (!learned.advanced) return null;
    const created = (await this.createEmbeddedDocuments("Item", [{ type: "skill", name: skillName, system: { skillType, ...learned.state } }]))?.[0];
    const skill = created ? this.items.get(created.id) : undefined;
    if (skill) await this.#postNotice("GOLDHACK.Notice.SkillLearned", { skill: skillName, rating: learned.state.rating });
    return skill ?? null;
  }

  /**
   * Takes back a Skill an untrained pass taught when Fate turned that pass into a fail, while the Skill is as
   * the pass left it (else warns and keeps it). True when it was taken back. SRD: Changes › Skill Learning
   * Ruling: ruling-untrained-magic (rules journal)
   */
  async unlearnSkill(skillId: string): Promise<boolean> {
    if (!this.#learns() || !this.#mayWrite()) return false;
    const skill = this.#skill(skillId);
    if (!skill) return false;
    if (reviseUntrainedLearning(true, false, true, logOf(skill.system)) !== "unlearn") {
      warn("GOLDHACK.Warning.LogChangedSince", { skill: skill.name });
      return false;
    }
    await skill.delete();
    await this.#postNotice("GOLDHACK.Notice.SkillUnlearned", { skill: skill.name });
    return true;
  }

  /** Takes a Fallout: creates the Fallout item. Null when refused. SRD: Changes › Fallout: The Cost Of Unlucky Success */
  async takeFallout(data: FalloutInput): Promise<GoldHackItem | null> {
    if (!this.#mayWrite()) return null;
    if (!Number.isInteger(data.rating) || data.rating < 1) {
      warn("GOLDHACK.Warning.FalloutRatingBelowOne", { value: data.rating });
      return null;
    }
    const name = data.name.trim();
    if (!name) {
      warn("GOLDHACK.Warning.FalloutNameBlank");
      return null;
    }
    const system = { rating: data.rating, permanent: data.permanent ?? false, description: data.description ?? "" };
    const created = (await this.createEmbeddedDocuments("Item", [{ type: "fallout", name, system }]))?.[0];
    return (created && this.items.get(created.id)) ?? null;
  }

  /**
   * Opens a recovery Test: Potential against the Fallout's rating as Ob (not doubled). Permanent
   * Fallout is refused with a warning. SRD: Changes › Recovering From Fallout
   */
  async recoverFromFallout(falloutId: string): Promise<ChatMessage.Implementation | null> {
    if (!this.#mayWrite()) return null;
    const plan = this.#recoveryPlan(falloutId);
    if (!plan) return null;
    return this.rollTest({ kind: "recovery", skillId: null, falloutId, ob: plan.ob, locked: { skill: true, ob: true } });
  }

  /**
   * Applies a recovery Test's result, as the rules decide: a pass removes the Fallout, a fail worsens it
   * by 1 (or, if the GM rules so, it just lasts longer). `result` is the resolved Test or just whether it
   * passed. Null when refused. SRD: Changes › Recovering From Fallout
   */
  async resolveRecovery(falloutId: string, result: boolean | ResolvedTestShape, onFailure: RecoveryFailure = "worsen"): Promise<FalloutRecoveryOutcome | null> {
    if (!this.#mayWrite()) return null;
    const plan = this.#recoveryPlan(falloutId);
    const fallout = this.#fallout(falloutId);
    if (!plan || !fallout) return null;
    // With only pass/fail known, the smallest resolved Test consistent with it (the rules read `passed`).
    const resolved: ResolvedTestShape =
      typeof result === "boolean" ? { hits: result ? plan.ob : 0, passed: result, extraHits: 0, remainingOb: result ? 0 : plan.ob } : result;
    const outcome = resolveFalloutRecovery(plan, resolved, onFailure);
    if (outcome.fallout === null) await fallout.delete();
    else await fallout.update({ system: { rating: outcome.fallout.rating, permanent: outcome.fallout.permanent } });
    return outcome;
  }

  /** Spends Persona before a roll (+1D each). False, with a warning, when not owned or not enough. SRD: Spending Persona & Fate */
  async spendPersona(n: number): Promise<boolean> {
    return this.#spend("persona", n);
  }

  /** Spends one Fate point after a roll. False, with a warning, when not owned or none left. SRD: Spending Persona & Fate */
  async spendFate(): Promise<boolean> {
    return this.#spend("fate", MAX_FATE_PER_ROLL);
  }

  /** Clamps Fate and Persona before Foundry cleans the change (which would clamp below 0 silently). */
  override async update(data?: Actor.UpdateData, operation?: Actor.Database.UpdateOperation): Promise<this | undefined> {
    if (!data || !(this.system instanceof GoldHackCharacterData)) return super.update(data, operation);
    const expanded = foundry.utils.expandObject(data) as Actor.UpdateData;
    limitCharacterUpdate(this.system, expanded);
    return super.update(expanded, operation);
  }

  /** A new character starts with Fate and Persona within its Potential. */
  protected override async _preCreate(data: Actor.CreateData, options: Actor.Database.PreCreateOptions, user: User.Implementation): Promise<boolean> {
    const allowed = (await super._preCreate(data, options, user)) !== false;
    if (!allowed || !(this.system instanceof GoldHackCharacterData)) return allowed;
    const changes = { system: { fate: { value: this.system.fate.value }, persona: { value: this.system.persona.value } } };
    const limited = structuredClone(changes);
    limitCharacterUpdate(this.system, limited);
    if (JSON.stringify(limited) !== JSON.stringify(changes)) this.updateSource(limited);
    return allowed;
  }

  /** Catches every other path to an update (e.g. updateDocuments): Fate and Persona never above Potential. */
  protected override async _preUpdate(changes: Actor.UpdateData, options: Actor.Database.PreUpdateOptions, user: User.Implementation): Promise<boolean> {
    if (this.system instanceof GoldHackCharacterData) {
      limitCharacterUpdate(this.system, changes);
      // Retiring is the GM's ruling (src/documents/retire.ts).
      dropPlayerRetiredChange(changes as Record<string, unknown>, user);
    }
    return (await super._preUpdate(changes, options, user)) !== false;
  }

  async #spend(pool: "fate" | "persona", n: number): Promise<boolean> {
    if (!this.#mayWrite()) return false;
    const system = this.system;
    if (!(system instanceof GoldHackCharacterData)) {
      warn("GOLDHACK.Warning.NoPool", { actor: this.name });
      return false;
    }
    if (!Number.isInteger(n) || n < 1) {
      warn("GOLDHACK.Warning.SpendAmount", { value: n });
      return false;
    }
    const have = system[pool].value;
    if (have < n) {
      warn(pool === "fate" ? "GOLDHACK.Warning.NotEnoughFate" : "GOLDHACK.Warning.NotEnoughPersona", { have, need: n });
      return false;
    }
    await this.update({ system: { [pool]: { value: have - n } } });
    return true;
  }

  /**
   * Only characters learn: an NPC's Tests are not logged, its Skills do not advance and an untrained pass
   * teaches it nothing (its sheet has no logs to correct). Not an error, so no warning: nothing happens.
   * SRD: Changes › Skill Learning (a player character's advancement)
   */
  #learns(): boolean {
    return !(this.system instanceof GoldHackNpcData);
  }

  #mayWrite(): boolean {
    if (this.isOwner) return true;
    warn("GOLDHACK.Warning.NotOwner", { actor: this.name });
    return false;
  }

  #skill(skillId: string): SkillItem | null {
    const item = this.items.get(skillId);
    if (item && item.system instanceof GoldHackSkillData) return item as SkillItem;
    warn("GOLDHACK.Warning.NoSuchSkill", { actor: this.name });
    return null;
  }

  #fallout(falloutId: string): FalloutItem | null {
    const item = this.items.get(falloutId);
    if (item && item.system instanceof GoldHackFalloutData) return item as FalloutItem;
    warn("GOLDHACK.Warning.NoSuchFallout", { actor: this.name });
    return null;
  }

  #recoveryPlan(falloutId: string) {
    const fallout = this.#fallout(falloutId);
    if (!fallout) return null;
    if (this.potential < 1) {
      warn("GOLDHACK.Warning.NoPotential", { actor: this.name });
      return null;
    }
    const planned = planFalloutRecovery(this.potential, { rating: fallout.system.rating, permanent: fallout.system.permanent });
    if (!planned.ok) {
      warnProblems([planned.problem]);
      return null;
    }
    return planned.plan;
  }

  async #postNotice(key: string, data: Record<string, string | number>): Promise<void> {
    const values = Object.fromEntries(Object.entries({ actor: this.name, ...data }).map(([k, v]) => [k, escapeHtml(String(v))]));
    const content = `<p class="goldhack-notice">${game.i18n?.format(key, values) ?? key}</p>`;
    await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor: this }) });
  }
}
