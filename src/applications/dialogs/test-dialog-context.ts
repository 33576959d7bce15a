/**
 * Turns a TestDialogState into what the test dialog's templates render. Pure (i18n is passed in), so the
 * template tests render exactly the context the dialog does.
 */
import type { PoolModifier } from "../../data/test-choice";
import type { Problem } from "../../rules";
import type { HelperI18n } from "../../i18n/i18n";
import {
  LINKED_LABEL,
  POTENTIAL_CHOICE,
  type ActorSnapshot,
  type SkillSnapshot,
  type TestDialogState,
  type TestField,
  type TraitUse,
} from "./test-dialog-state";
import { formatMessage } from "../../i18n/plural";

/** A chance as a percentage; `bound` marks a chance too close to 0 or 1 to show at one decimal. */
export interface PercentView {
  value: number;
  bound: "below" | "above" | null;
}

export interface SkillOptionView {
  value: string;
  label: string;
  selected: boolean;
}

export interface SkillGroupView {
  label: string;
  options: SkillOptionView[];
}

export interface FieldErrorView {
  message: string;
}

/** The context of the dialog's three parts (form, summary, footer). */
export interface TestDialogView {
  /** Prefix for element ids, unique per open dialog. */
  uid: string;
  selections: TestDialogState["selections"];
  locked: TestDialogState["locked"];
  recovery: boolean;
  skillGroups: SkillGroupView[];
  potentialSelected: boolean;
  potentialValue: string;
  showLearn: boolean;
  /** The Types a Skill to learn may get, in config order, localised. */
  learnTypeOptions: SkillOptionView[];
  /** The chosen Type is blank or not configured: the select shows an empty choice and its error. */
  learnTypeBlank: boolean;
  /** Non-blocking notes beside a field (a Skill to learn the character already has). */
  warnings: Partial<Record<TestField, FieldErrorView>>;
  obGrades: number[];
  traits: { id: string; name: string; use: TraitUse }[];
  fallouts: { id: string; name: string; rating: number; checked: boolean }[];
  personaMax: number;
  personaAvailable: number;
  errors: Partial<Record<TestField, FieldErrorView>>;
  hasErrors: boolean;
  summary: {
    baseLabel: string;
    baseDice: number;
    magic: boolean;
    untrained: boolean;
    ob: number | null;
    doubledOb: number | null;
    /** The choice's modifiers and any Persona, labelled for the breakdown. */
    modifiers: { label: string; text: string }[];
    pool: number | null;
    finalOb: number | null;
    chance: PercentView | null;
    chanceWithFate: PercentView | null;
  };
}

/** What the view needs besides the state: i18n, the Types in their configured order, the Ob grades. */
export interface TestDialogViewEnv {
  i18n: HelperI18n;
  skillTypes: Readonly<Record<string, { label: string }>>;
  obGrades: readonly number[];
  uid: string;
}

/** A chance from 0 to 1 as a percentage with one decimal, never rounding a possible or a failable Test to 0 or 100. */
export function percentView(p: number): PercentView {
  const value = p * 100;
  if (p > 0 && value < 0.05) return { value: 0.1, bound: "below" };
  if (p < 1 && value >= 99.95) return { value: 99.9, bound: "above" };
  return { value: Math.round(value * 10) / 10, bound: null };
}

/** The actor's Skills grouped by Type, Types in config order (unknown Types last), Skills in the order given. */
export function skillGroups(skills: readonly SkillSnapshot[], env: TestDialogViewEnv, selected: string): SkillGroupView[] {
  const order = Object.keys(env.skillTypes);
  const types = [...new Set(skills.map((s) => s.type))].sort((a, b) => rank(order, a) - rank(order, b));
  return types.map((type) => {
    const config = env.skillTypes[type];
    return {
      label: config ? env.i18n.localize(config.label) : type,
      options: skills
        .filter((s) => s.type === type)
        .map((s) => ({ value: s.id, label: `${s.name} ${env.i18n.format("GOLDHACK.Dialog.Test.Dice", { dice: s.rating })}`, selected: s.id === selected })),
    };
  });
}

const rank = (order: readonly string[], type: string): number => {
  const index = order.indexOf(type);
  return index === -1 ? order.length : index;
};

function modifierText(i18n: HelperI18n, modifier: PoolModifier): string {
  const parts: string[] = [];
  if (modifier.dice) parts.push(`+${i18n.format("GOLDHACK.Dialog.Test.Dice", { dice: modifier.dice })}`);
  if (modifier.ob) parts.push(i18n.format("GOLDHACK.Dialog.Test.ObAdded", { ob: modifier.ob }));
  return parts.join(" ");
}

const problemText = (i18n: HelperI18n, problem: Problem): string => formatMessage(i18n, problem.key, problem.data ?? {});

const fieldMessages = (i18n: HelperI18n, problems: TestDialogState["errors"]): Partial<Record<TestField, FieldErrorView>> => {
  const views: Partial<Record<TestField, FieldErrorView>> = {};
  for (const [field, problem] of Object.entries(problems) as [TestField, Problem][]) views[field] = { message: problemText(i18n, problem) };
  return views;
};

/** The Type select's options: every configured Type, localised, the chosen one selected. */
export function learnTypeOptions(env: TestDialogViewEnv, selected: string): SkillOptionView[] {
  return Object.entries(env.skillTypes).map(([value, config]) => ({ value, label: env.i18n.localize(config.label), selected: value === selected }));
}

/** Builds the template context from the state. */
export function testDialogView(state: TestDialogState, actor: ActorSnapshot, env: TestDialogViewEnv): TestDialogView {
  const { i18n } = env;
  const errors = fieldMessages(i18n, state.errors);
  const typeOptions = learnTypeOptions(env, state.selections.learnSkillType);
  const potentialName = i18n.localize("GOLDHACK.Dialog.Test.PotentialName");
  const plan = state.plan;
  return {
    uid: env.uid,
    selections: state.selections,
    locked: state.locked,
    recovery: state.kind === "recovery",
    skillGroups: skillGroups(actor.skills, env, state.selections.skill),
    potentialSelected: state.selections.skill === POTENTIAL_CHOICE,
    potentialValue: POTENTIAL_CHOICE,
    showLearn: state.kind === "potential",
    learnTypeOptions: typeOptions,
    learnTypeBlank: !typeOptions.some((o) => o.selected),
    warnings: fieldMessages(i18n, state.warnings),
    obGrades: [...env.obGrades],
    traits: actor.traits.map((t) => ({ id: t.id, name: t.name, use: state.selections.traits[t.id] ?? "none" })),
    fallouts: state.fallouts.map((f) => ({ id: f.id, name: f.name, rating: f.rating, checked: state.selections.fallouts[f.id] === true })),
    personaMax: state.personaMax,
    personaAvailable: actor.persona,
    errors,
    hasErrors: Object.keys(errors).length > 0,
    summary: {
      baseLabel: state.skill?.name ?? potentialName,
      baseDice: state.baseDice,
      magic: state.magic,
      untrained: state.untrained,
      ob: state.ob,
      doubledOb: state.doubledOb,
      modifiers: [
        ...state.modifiers.map((m) => ({ label: m.label === LINKED_LABEL ? i18n.localize(m.label) : m.label, text: modifierText(i18n, m) })),
        // Persona is not a PoolModifier of the choice (it is spent, not situational), but the player sees it in the pool.
        ...(state.persona ? [{ label: i18n.localize("GOLDHACK.Dialog.Test.PersonaDice"), text: `+${i18n.format("GOLDHACK.Dialog.Test.Dice", { dice: state.persona })}` }] : []),
      ],
      pool: plan?.dice ?? null,
      finalOb: plan?.ob ?? null,
      chance: state.chance === null ? null : percentView(state.chance),
      chanceWithFate: state.chanceWithFate === null ? null : percentView(state.chanceWithFate),
    },
  };
}
