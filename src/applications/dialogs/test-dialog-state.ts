/**
 * The test dialog's state as pure functions: what the actor has, what was asked and what the player
 * picked go in; the TestChoice, the numbers and the per-field problems come out. No Foundry globals,
 * so every rule the dialog shows is testable without stand-ins. The numbers are the rules core's.
 */
import type { PoolModifier, TestChoice, TestKind, TestRequest } from "../../data/test-choice";
import {
  MAX_PERSONA_DICE,
  SKILL_TYPES,
  falloutPenalty,
  planFalloutRecovery,
  planTest,
  successProbability,
  successProbabilityWithFate,
  testExplodes,
  type Problem,
  type TestPlan,
} from "../../rules";
import { MAX_TYPED_NUMBER, POTENTIAL_CHOICE, enforceLocks, lockedFields, parseWholeNumber, requestKind, type Parsed, type TestLocks } from "./test-dialog-selections";
import type { ActorSnapshot, FalloutSnapshot, SkillSnapshot, TestSelections } from "./test-dialog-types";

export type { ActorSnapshot, FalloutSnapshot, SkillSnapshot, TargetSnapshot, TestSelections, TraitSnapshot, TraitUse } from "./test-dialog-types";

export {
  DEFAULT_LEARN_SKILL_TYPE,
  MAX_TYPED_NUMBER,
  POTENTIAL_CHOICE,
  TRAIT_USES,
  initialSelections,
  lockedFields,
  nextTraitUse,
  parseWholeNumber,
  selectionsFromForm,
  targetedNpcOb,
} from "./test-dialog-selections";

/** Fields that can carry a problem; "pool" is the form as a whole. */
export type TestField = "skill" | "learnSkillName" | "learnSkillType" | "ob" | "linkedDice" | "linkedOb" | "persona" | "pool";

/** Everything the dialog shows and returns, for one set of selections. */
export interface TestDialogState {
  kind: TestKind;
  /** The selections in force: locked fields hold the request's values whatever was picked. */
  selections: TestSelections;
  locked: TestLocks;
  /** The Skill tested; null for Potential. */
  skill: SkillSnapshot | null;
  /** Dice before modifiers: the rating, or Potential when untrained or recovering. */
  baseDice: number;
  /** Base Ob as typed, or null when it is not a valid number. */
  ob: number | null;
  /** An untrained Test's Ob after doubling and before any penalty; null when trained. SRD: I Don't Have The Skill! */
  doubledOb: number | null;
  untrained: boolean;
  magic: boolean;
  modifiers: PoolModifier[];
  persona: number | null;
  /** The most Persona this Test may take: MAX_PERSONA_DICE or the character's points, whichever is lower. */
  personaMax: number;
  /** Fallouts the player may tick: all but a recovery Test's own. */
  fallouts: readonly FalloutSnapshot[];
  plan: TestPlan | null;
  /** A linked Test is in play (the request carries one, or its fields hold anything but 0): its fields are shown. */
  linkedInPlay: boolean;
  chance: number | null;
  chanceWithFate: number | null;
  errors: Partial<Record<TestField, Problem>>;
  /** Problems worth saying that do not stop the roll (a Skill to learn the character already has). */
  warnings: Partial<Record<TestField, Problem>>;
  /** What the dialog resolves with; null while any field has a problem. */
  choice: TestChoice | null;
}

/** Labels the pure code cannot localise itself. */
export interface TestLabels {
  /** The localised "Potential", used as skillName of an untrained or recovery Test. */
  potential: string;
}

/** Data from CONFIG the pure code is handed rather than reading it. */
export interface TestDialogConfig {
  /** The keys of CONFIG.GOLDHACK.skillTypes, in config order. */
  skillTypes: readonly string[];
  /** The keys whose Skills explode (CONFIG.GOLDHACK.skillTypes[key].explodes): Magic unless a hack says otherwise. */
  explodingTypes?: readonly string[];
}

/** The rules' own Types, for callers without a CONFIG (tests, the preview). */
export const DEFAULT_TEST_DIALOG_CONFIG: TestDialogConfig = Object.freeze({ skillTypes: SKILL_TYPES, explodingTypes: ["magic"] });

/** The localisation key a linked test's modifier carries as its label (PoolModifier.label). */
export const LINKED_LABEL = "GOLDHACK.Dialog.Test.Linked";

/** +1D per beneficial Trait, +1Ob per harmful one. SRD: Alterations › My Traits Apply! */
function traitModifiers(actor: ActorSnapshot, selections: TestSelections): PoolModifier[] {
  const modifiers: PoolModifier[] = [];
  for (const trait of actor.traits) {
    const use = selections.traits[trait.id];
    if (use === "helps") modifiers.push({ kind: "trait-help", label: trait.name, dice: 1, ob: 0, sourceId: trait.id });
    if (use === "hinders") modifiers.push({ kind: "trait-hinder", label: trait.name, dice: 0, ob: 1, sourceId: trait.id });
  }
  return modifiers;
}

/** +Ob equal to the rating of each Fallout that affects the Task. SRD: Changes › Fallout: The Cost Of Unlucky Success */
// Ruling: ruling-srd-differences (rules journal): "should impose" / «puede imponer»: the table ticks the penalty or leaves it off.
function falloutModifiers(fallouts: readonly FalloutSnapshot[], selections: TestSelections): PoolModifier[] {
  return fallouts
    .filter((f) => selections.fallouts[f.id] === true)
    .map((f) => ({ kind: "fallout", label: f.name, dice: 0, ob: falloutPenalty({ rating: f.rating, permanent: f.permanent }), sourceId: f.id }));
}

/** The extra dice and leftover Ob carried from a linked Test. SRD: Tests › 4) Outcome */
function linkedModifier(request: TestRequest, dice: number, ob: number): PoolModifier[] {
  if (dice === 0 && ob === 0) return [];
  const source = request.linked?.sourceMessageId;
  return [{ kind: "linked", label: LINKED_LABEL, dice, ob, ...(source ? { sourceId: source } : {}) }];
}

/** The Skill or Potential tested, and the problem with it if there is one. */
function resolveSkill(
  actor: ActorSnapshot,
  request: TestRequest,
  selections: TestSelections,
): { kind: TestKind; skill: SkillSnapshot | null; problem?: Problem } {
  const kind = requestKind(request);
  if (kind === "recovery") {
    const fallout = actor.fallouts.find((f) => f.id === request.falloutId);
    if (!fallout) return { kind, skill: null, problem: { key: "GOLDHACK.Dialog.Error.UnknownFallout" } };
    if (actor.potential < 1) return { kind, skill: null };
    const recovery = planFalloutRecovery(actor.potential, { rating: Math.max(1, fallout.rating), permanent: fallout.permanent });
    return recovery.ok ? { kind, skill: null } : { kind, skill: null, problem: recovery.problem };
  }
  if (selections.skill === POTENTIAL_CHOICE) return { kind: "potential", skill: null };
  const skill = actor.skills.find((s) => s.id === selections.skill);
  if (!skill) return { kind: "skill", skill: null, problem: { key: "GOLDHACK.Dialog.Error.UnknownSkill" } };
  return { kind: "skill", skill };
}

/** The Persona field: a whole number from 0 to the cap, with the cap named when it is passed. SRD: Spending Persona & Fate */
function parsePersona(text: string, personaMax: number, available: number): Parsed {
  const parsed = parseWholeNumber(text, 0, MAX_TYPED_NUMBER);
  if (parsed.problem && parsed.problem.key !== "GOLDHACK.Dialog.Error.AtMost") return parsed;
  if (parsed.problem || (parsed.value ?? 0) > personaMax) {
    return { problem: { key: "GOLDHACK.Dialog.Error.PersonaCap", data: { max: personaMax, cap: MAX_PERSONA_DICE, available } } };
  }
  return parsed;
}

/**
 * The Skill to learn from an untrained Test: its Type must be a configured one; a name the character already
 * has is pointed out (they should test that Skill) but does not stop the roll. SRD: Tests › I Don't Have The Skill!
 */
function learnProblems(
  actor: ActorSnapshot,
  selections: TestSelections,
  config: TestDialogConfig,
): { type?: Problem; known?: Problem; learn: Partial<TestChoice> } {
  const name = selections.learnSkillName.trim();
  if (!name) return { learn: {} };
  const lower = name.toLocaleLowerCase();
  const match = actor.skills.find((s) => s.name.trim().toLocaleLowerCase() === lower);
  const known: Problem | undefined = match ? { key: "GOLDHACK.Dialog.Test.LearnSkillKnown", data: { skill: match.name } } : undefined;
  const type = selections.learnSkillType.trim();
  if (!type) return { type: { key: "GOLDHACK.Dialog.Test.LearnSkillTypeMissing" }, known, learn: {} };
  if (!config.skillTypes.includes(type)) return { type: { key: "GOLDHACK.Dialog.Test.LearnSkillTypeUnknown", data: { type } }, known, learn: {} };
  return { known, learn: { learnSkillName: name, learnSkillType: type } };
}

const trimmedOrNothing = (key: "intent" | "task" | "consequence", text: string): Partial<TestChoice> => {
  const value = text.trim();
  return value ? { [key]: value } : {};
};

/**
 * Computes everything the dialog shows for the current selections: the modifiers, the pool and Ob from
 * planTest, the chances from the rules' odds, the problems per field, and the TestChoice when there are none.
 * `config` carries CONFIG.GOLDHACK's Skill Types. SRD: Tests; Alterations To Tests; Changes › Fallout
 */
export function computeTestDialog(
  actor: ActorSnapshot,
  request: TestRequest,
  picked: TestSelections,
  labels: TestLabels,
  config: TestDialogConfig = DEFAULT_TEST_DIALOG_CONFIG,
): TestDialogState {
  const selections = enforceLocks(actor, request, picked);
  const locked = lockedFields(request);
  const errors: Partial<Record<TestField, Problem>> = {};
  const warnings: Partial<Record<TestField, Problem>> = {};

  const { kind, skill, problem: skillProblem } = resolveSkill(actor, request, selections);
  if (skillProblem) errors.skill = skillProblem;
  const recovery = kind === "recovery";
  const learning = kind === "potential" ? learnProblems(actor, selections, config) : { learn: {} };
  if (learning.type) errors.learnSkillType = learning.type;
  if (learning.known) warnings.learnSkillName = learning.known;
  const rating = recovery ? actor.potential : (skill?.rating ?? 0);
  // Ruling: ruling-untrained-magic (rules journal): Potential to learn a Magic Skill is a Test of a Magic Skill.
  const learnType = kind === "potential" ? learning.learn.learnSkillType : undefined;
  const magic = testExplodes({
    skill: skill ? { explodes: skill.magic } : null,
    learning: learnType ? { explodes: (config.explodingTypes ?? ["magic"]).includes(learnType) } : null,
  });

  const ob = parseWholeNumber(selections.ob, 1, MAX_TYPED_NUMBER);
  if (ob.problem) errors.ob = ob.problem;
  const linkedDice = parseWholeNumber(selections.linkedDice, 0, MAX_TYPED_NUMBER);
  if (linkedDice.problem) errors.linkedDice = linkedDice.problem;
  const linkedOb = parseWholeNumber(selections.linkedOb, 0, MAX_TYPED_NUMBER);
  if (linkedOb.problem) errors.linkedOb = linkedOb.problem;
  const personaMax = Math.max(0, Math.min(MAX_PERSONA_DICE, actor.persona));
  const persona = parsePersona(selections.persona, personaMax, actor.persona);
  if (persona.problem) errors.persona = persona.problem;

  // A Fallout without a rating puts no penalty on anything; a recovery Test's own Fallout is already its Ob.
  const fallouts = actor.fallouts.filter((f) => Number.isInteger(f.rating) && f.rating >= 1 && !(recovery && f.id === request.falloutId));
  const modifiers = [
    ...traitModifiers(actor, selections),
    ...falloutModifiers(fallouts, selections),
    ...linkedModifier(request, linkedDice.value ?? 0, linkedOb.value ?? 0),
  ];

  // The pool and Ob with nothing added: which dice the Test starts from and the Ob after any doubling.
  const bare = planTest({ rating, potential: actor.potential, ob: ob.value ?? 0, magic });

  let plan: TestPlan | null = null;
  if (ob.value !== undefined && persona.value !== undefined && !linkedDice.problem && !linkedOb.problem) {
    plan = planTest({
      rating,
      potential: actor.potential,
      ob: ob.value,
      obPenalty: modifiers.reduce((sum, m) => sum + m.ob, 0),
      bonusDice: modifiers.reduce((sum, m) => sum + m.dice, 0),
      persona: persona.value,
      magic,
    });
    if (plan.dice === 0 || (recovery && actor.potential < 1)) errors.pool = { key: "GOLDHACK.Dialog.Error.NoDice" };
  }

  const untrained = bare.untrained;
  const valid = Object.keys(errors).length === 0;
  const choice: TestChoice | null =
    valid && ob.value !== undefined && persona.value !== undefined
      ? {
          kind,
          actorUuid: actor.uuid,
          skillId: skill?.id ?? null,
          skillName: skill?.name ?? labels.potential,
          ...learning.learn,
          ...(recovery && request.falloutId ? { falloutId: request.falloutId } : {}),
          rating,
          potential: actor.potential,
          ob: ob.value,
          magic,
          persona: persona.value,
          modifiers,
          ...trimmedOrNothing("intent", selections.intent),
          ...trimmedOrNothing("task", selections.task),
          ...trimmedOrNothing("consequence", selections.consequence),
          ...(request.requestId ? { requestId: request.requestId } : {}),
        }
      : null;

  return {
    kind,
    selections,
    locked,
    skill,
    baseDice: bare.dice,
    ob: ob.value ?? null,
    doubledOb: untrained && ob.value !== undefined ? bare.ob : null,
    untrained,
    magic,
    modifiers,
    persona: persona.value ?? null,
    personaMax,
    fallouts,
    plan,
    // A bad entry counts as in play, so its field and message stay in sight.
    linkedInPlay: request.linked !== undefined || linkedDice.value !== 0 || linkedOb.value !== 0,
    chance: plan ? successProbability(plan) : null,
    chanceWithFate: plan ? successProbabilityWithFate(plan) : null,
    errors,
    warnings,
    choice,
  };
}
