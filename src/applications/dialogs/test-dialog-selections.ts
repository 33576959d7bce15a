/**
 * The test dialog's selections as pure functions: what it opens with (request, targeted NPC), what a
 * submitted form holds, which fields a request locks, and how a typed number is read.
 */
import type { TestKind, TestRequest } from "../../data/test-choice";
import type { Problem } from "../../rules";
import type { ActorSnapshot, TargetSnapshot, TestSelections, TraitUse } from "./test-dialog-types";

/** The uses of a Trait, in the order its chip steps through them. */
export const TRAIT_USES: readonly TraitUse[] = Object.freeze(["none", "helps", "hinders"]);

/** The use a Trait chip steps to when clicked, in TRAIT_USES' order, round again after the last. */
export function nextTraitUse(current: string): TraitUse {
  const index = TRAIT_USES.indexOf(current as TraitUse);
  return TRAIT_USES[(index + 1) % TRAIT_USES.length] ?? "none";
}

/** The select value that stands for Potential; "@" never appears in a Foundry id. */
export const POTENTIAL_CHOICE = "@potential";

/** The Type a Skill learned untrained starts as in the dialog. SRD: Skills › Type & Skill Examples */
export const DEFAULT_LEARN_SKILL_TYPE = "expertise";

/** Highest number the dialog accepts in a typed field: a guard for the interface, not a rule. */
export const MAX_TYPED_NUMBER = 99;

/** The selections that are plain text fields of the form. */
type TextField = Exclude<keyof TestSelections, "traits" | "fallouts">;

/** A typed number read: its value, or the problem to show beside its field. */
export type Parsed = { value: number; problem?: undefined } | { value?: undefined; problem: Problem };

/** Reads a whole number typed in a field, naming what is wrong with it instead of coercing. */
export function parseWholeNumber(text: string, min: number, max: number): Parsed {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(?:\.0*)?$/.test(trimmed)) return { problem: { key: "GOLDHACK.Dialog.Error.WholeNumber" } };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { problem: { key: "GOLDHACK.Dialog.Error.WholeNumber" } };
  if (value < min) return { problem: { key: "GOLDHACK.Dialog.Error.AtLeast", data: { min } } };
  if (value > max) return { problem: { key: "GOLDHACK.Dialog.Error.AtMost", data: { max } } };
  return { value };
}

/** The Ob of the one targeted NPC, or null unless exactly one token is targeted and it is an NPC with a valid Ob. */
export function targetedNpcOb(targets: readonly TargetSnapshot[]): number | null {
  if (targets.length !== 1) return null;
  const [target] = targets;
  if (target?.type !== "npc") return null;
  const { ob } = target;
  return typeof ob === "number" && Number.isInteger(ob) && ob >= 1 ? ob : null;
}

/** What kind of Test a request opens; recovery and Potential are fixed by the request. */
export function requestKind(request: TestRequest): TestKind {
  if (request.kind === "recovery") return "recovery";
  if (request.kind === "potential" || request.skillId === null) return "potential";
  return "skill";
}

/** The skill choice a request pins, if it pins one. */
function requestedSkill(request: TestRequest): string | undefined {
  if (requestKind(request) !== "skill") return POTENTIAL_CHOICE;
  return typeof request.skillId === "string" ? request.skillId : undefined;
}

/** Which fields the player may not change: the GM's locks, and a recovery Test's Potential and Ob. SRD: Changes › Recovering From Fallout */
export function lockedFields(request: TestRequest): TestLocks {
  const recovery = requestKind(request) === "recovery";
  const skill = recovery || (request.locked?.skill === true && requestedSkill(request) !== undefined);
  // A locked untrained Test also pins what it would teach: the name, and the Type when the request gives one.
  const learning = skill && requestKind(request) === "potential";
  return {
    skill,
    ob: recovery || request.locked?.ob === true,
    learnSkillName: learning,
    learnSkillType: learning && (typeof request.learnSkillType === "string" || !request.learnSkillName),
  };
}

/** Which fields a request locks. */
export interface TestLocks {
  skill: boolean;
  ob: boolean;
  /** Potential to learn a Skill: its name… */
  learnSkillName: boolean;
  /** …and its Type. */
  learnSkillType: boolean;
}

/** The Ob a request sets: a recovery Test's Fallout rating, the request's Ob, the targeted NPC's, else 1. */
function requestOb(actor: ActorSnapshot, request: TestRequest, targetOb: number | null): string {
  if (requestKind(request) === "recovery") {
    const fallout = actor.fallouts.find((f) => f.id === request.falloutId);
    return String(fallout?.rating ?? request.ob ?? 1);
  }
  return String(request.ob ?? targetOb ?? 1);
}

/**
 * What the dialog opens with. `targetOb` is the targeted NPC's Ob (see targetedNpcOb); `learnType` the Type a
 * Skill learned untrained starts at (the adapters pass defaultSkillType(), which a hack without Expertise changes).
 */
export function initialSelections(actor: ActorSnapshot, request: TestRequest, targetOb: number | null = null, learnType = DEFAULT_LEARN_SKILL_TYPE): TestSelections {
  return {
    skill: requestedSkill(request) ?? actor.skills[0]?.id ?? POTENTIAL_CHOICE,
    learnSkillName: request.learnSkillName ?? "",
    // SRD: Skills › Type & Skill Examples: "Expertise: to do stuff not covered by other Types", the catch-all the roll also falls back to.
    learnSkillType: request.learnSkillType ?? learnType,
    ob: requestOb(actor, request, targetOb),
    traits: Object.fromEntries(actor.traits.map((t) => [t.id, "none" as TraitUse])),
    fallouts: Object.fromEntries(actor.fallouts.map((f) => [f.id, false])),
    linkedDice: String(request.linked?.bonusDice ?? 0),
    linkedOb: String(request.linked?.obPenalty ?? 0),
    persona: "0",
    intent: request.intent ?? "",
    task: request.task ?? "",
    consequence: request.consequence ?? "",
  };
}

/** Locked fields take the request's values back, whatever the form sent. */
export function enforceLocks(actor: ActorSnapshot, request: TestRequest, selections: TestSelections): TestSelections {
  const locked = lockedFields(request);
  const opened = initialSelections(actor, request);
  return {
    ...selections,
    skill: locked.skill ? opened.skill : selections.skill,
    ob: locked.ob ? opened.ob : selections.ob,
    learnSkillName: locked.learnSkillName ? opened.learnSkillName : selections.learnSkillName,
    learnSkillType: locked.learnSkillType ? opened.learnSkillType : selections.learnSkillType,
  };
}

const isTraitUse = (value: unknown): value is TraitUse => TRAIT_USES.includes(value as TraitUse);

/** One form value as text: FormDataExtended gives strings, numbers, and null for an empty number field. */
function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value === null) return "";
  return undefined;
}

/**
 * Selections from a form's values as FormDataExtended#object gives them (flat "traits.<id>" keys, checkboxes
 * as booleans). A disabled (locked) field is left out of that object, so it keeps its previous value.
 */
export function selectionsFromForm(values: Readonly<Record<string, unknown>>, actor: ActorSnapshot, previous: TestSelections): TestSelections {
  const text = (name: TextField): string => asText(values[name]) ?? previous[name];
  const traits: Record<string, TraitUse> = {};
  for (const trait of actor.traits) {
    const value = values[`traits.${trait.id}`];
    traits[trait.id] = isTraitUse(value) ? value : "none";
  }
  const fallouts: Record<string, boolean> = {};
  for (const fallout of actor.fallouts) fallouts[fallout.id] = values[`fallouts.${fallout.id}`] === true;
  return {
    skill: text("skill"),
    learnSkillName: text("learnSkillName"),
    learnSkillType: text("learnSkillType"),
    ob: text("ob"),
    traits,
    fallouts,
    linkedDice: text("linkedDice"),
    linkedOb: text("linkedOb"),
    persona: text("persona"),
    intent: text("intent"),
    task: text("task"),
    consequence: text("consequence"),
  };
}
