/**
 * The Test card's render context, built from the roll's options and dice alone
 * (plus who is looking), so every client draws the same card. No i18n here: the
 * template localises, in the viewer's language.
 */
import { type FateEffect, fateEffect, fateRefusal, HIT_MIN, resolveTest, type TestResult } from "../rules";
import type { DieView, TestRollData } from "./roll-record";
import type { PoolModifier, TestKind } from "../data/test-choice";

/** Who is looking: decides which buttons the card shows. */
export interface CardViewer {
  isGM: boolean;
  /** The tested actor still exists: actions on it can be completed. */
  actorExists: boolean;
  /** Owns the tested actor. */
  isOwner: boolean;
  /** Fate points the actor has left. */
  fate: number;
}

export interface CardInput {
  data: TestRollData;
  dice: DieView[];
  /** The faces that count, as the rules read them. */
  faces: number[];
  viewer: CardViewer;
  isPrivate: boolean;
  /** How this user likes the card drawn; both default to off. */
  display?: CardDisplay;
}

/** This user's view preferences: the pool and Ob breakdown open; every rerollable die offered, hits too. */
export interface CardDisplay {
  detailsOpen?: boolean;
  showAllDice?: boolean;
}

/** A pool or Ob line; `labelIsKey` when the label is a localisation key rather than a name. */
export interface CardLine {
  label: string;
  labelIsKey: boolean;
  dice: number;
  ob: number;
}

export interface CardDie extends DieView {
  /** The viewer may click this die to reroll it with Fate. */
  rerollable: boolean;
}

/** Only dice that are not hits are offered for a Fate reroll (rerolling a hit can only lose it), unless the player asks for all. */
export function offeredRerolls(effect: FateEffect | null, faces: readonly number[], showAll: boolean): number[] {
  if (effect?.kind !== "reroll") return [];
  return showAll ? effect.rerollable : effect.rerollable.filter((i) => (faces[i] ?? 0) < HIT_MIN);
}

export type TestCardContext = {
  isPrivate: boolean;
  kind: TestKind;
  actorName: string;
  /** Recovery: the Fallout recovered from. */
  falloutName: string;
  /** The Skill's name; empty when the card names Potential (localised by the template). */
  skillName: string;
  learnSkillName: string;
  /** The group card gives this roll's verdict (the alternative hindering): no Passed or Failed of its own. */
  groupDecides: boolean;
  magic: boolean;
  intent: string;
  task: string;
  consequence: string;
  pool: { base: number; baseIsPotential: boolean; modifiers: CardLine[]; persona: number; total: number };
  ob: { base: number; untrained: boolean; doubled: number; penalties: CardLine[]; total: number };
  dice: CardDie[];
  /** Which die markers this roll shows: the card's legend names only those. */
  legend: { hit: boolean; exploded: boolean; fromExplosion: boolean; rerolled: boolean; fate: boolean; any: boolean };
  result: TestResult;
  passed: boolean;
  fate: { spent: boolean; exploded: boolean; rerolled: boolean; newDice: number; flipped: boolean };
  log: TestRollData["log"];
  fallout: TestRollData["fallout"];
  buttons: {
    spendFate: boolean;
    reroll: boolean;
    offerFallout: boolean;
    answerFallout: boolean;
    linked: boolean;
    /** The "show all dice" toggle: some rerollable dice are hits, hidden from the offer until asked for. */
    showAll: boolean;
    any: boolean;
  };
  /** The toggle is on: hits are offered for the reroll too. */
  showAllDice: boolean;
  /** The pool and Ob breakdown starts open. */
  detailsOpen: boolean;
  linked: { bonusDice: number; obPenalty: number };
};

/** Modifier kinds whose label is a localisation key; the others carry a name the player typed. */
const KEYED: ReadonlySet<PoolModifier["kind"]> = new Set(["linked", "bonus", "penalty"]);

/** The markers present among these dice, so the legend explains exactly what the card shows. */
export function dieLegend(dice: readonly DieView[]): TestCardContext["legend"] {
  const has = (key: "hit" | "exploded" | "fromExplosion" | "rerolled" | "fate"): boolean => dice.some((d) => d[key]);
  const legend = { hit: has("hit"), exploded: has("exploded"), fromExplosion: has("fromExplosion"), rerolled: has("rerolled"), fate: has("fate") };
  return { ...legend, any: Object.values(legend).some(Boolean) };
}

const line = (m: PoolModifier): CardLine => ({ label: m.label, labelIsKey: KEYED.has(m.kind), dice: m.dice, ob: m.ob });

/** What one Fate point would do to this roll, per the rules; null when it may not be spent. */
export function availableFate(data: TestRollData, faces: readonly number[]): FateEffect | null {
  try {
    return fateRefusal(data.plan, faces, data.fateSpent) === null ? fateEffect(data.plan, faces) : null;
  } catch (error) {
    // Faces that do not fit the plan (a damaged message): offer no Fate rather than break the card.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Builds the card's context. Permission shown here is a courtesy: every action checks again. */
export function buildTestCard({ data, dice, faces, viewer, isPrivate, display = {} }: CardInput): TestCardContext {
  const { choice, plan } = data;
  const obPenalty = choice.modifiers.reduce((sum, m) => sum + m.ob, 0);
  const result = resolveTest(plan, faces);
  const untrained = plan.untrained;
  const potentialPool = untrained || choice.kind === "recovery";
  const effect = data.fate === null ? availableFate(data, faces) : null;
  const settled = data.fallout?.status === "accepted";
  const owner = viewer.isOwner && viewer.actorExists;
  const mayFate = owner && viewer.fate > 0 && effect !== null && !settled;
  // Ruling: ruling-one-fate (rules journal): no Fate offered once one point was spent; ruling-six-not-rerolled: sixes are never rerollable.
  const showAllDice = display.showAllDice === true;
  const rerollable = new Set(mayFate ? offeredRerolls(effect, faces, showAllDice) : []);
  const hiddenHits = mayFate && effect?.kind === "reroll" && effect.rerollable.some((i) => (faces[i] ?? 0) >= HIT_MIN);

  const buttons = {
    spendFate: mayFate && effect?.kind === "explode",
    reroll: mayFate && effect?.kind === "reroll",
    // A group part's Fallout is the group's, offered on the group card (SRD: Assisting & Hindering).
    offerFallout: viewer.isGM && viewer.actorExists && !result.passed && data.fallout === null && choice.groupId === undefined,
    answerFallout: owner && data.fallout?.status === "offered",
    linked: owner && !settled && (result.extraHits > 0 || result.remainingOb > 0),
    showAll: hiddenHits,
    any: false,
  };
  buttons.any = buttons.spendFate || buttons.reroll || buttons.offerFallout || buttons.answerFallout || buttons.linked;

  return {
    isPrivate,
    kind: choice.kind,
    actorName: data.actorName,
    falloutName: data.falloutName ?? "",
    skillName: choice.skillId === null ? "" : choice.skillName,
    learnSkillName: choice.learnSkillName ?? "",
    groupDecides: choice.groupLog === true,
    magic: plan.explode,
    intent: choice.intent ?? "",
    task: choice.task ?? "",
    consequence: choice.consequence ?? "",
    pool: {
      base: potentialPool ? choice.potential : choice.rating,
      baseIsPotential: potentialPool,
      modifiers: choice.modifiers.filter((m) => m.dice !== 0).map(line),
      persona: choice.persona,
      total: plan.dice,
    },
    ob: {
      base: choice.ob,
      untrained,
      // The rules doubled it; the card shows their Ob before the penalties were added.
      doubled: plan.ob - obPenalty,
      penalties: choice.modifiers.filter((m) => m.ob !== 0).map(line),
      total: plan.ob,
    },
    dice: dice.map((d) => ({ ...d, rerollable: d.faceIndex !== null && rerollable.has(d.faceIndex) })),
    legend: dieLegend(dice),
    result,
    passed: result.passed,
    fate: {
      spent: data.fate !== null,
      exploded: data.fate?.kind === "explode",
      rerolled: data.fate?.kind === "reroll",
      newDice: dice.filter((d) => d.fate).length,
      flipped: data.fate !== null && data.fate.passedBefore !== result.passed,
    },
    log: data.log,
    fallout: data.fallout,
    buttons,
    showAllDice,
    detailsOpen: display.detailsOpen === true,
    linked: { bonusDice: result.passed ? result.extraHits : 0, obPenalty: result.passed ? 0 : result.remainingOb },
  };
}
