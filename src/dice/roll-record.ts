/**
 * What a GoldHackRoll carries in its options: the whole Test, so the card can
 * be rebuilt on any client from the message alone. Types plus the one reading
 * of Foundry's dice results every other module shares.
 */
import { DIE_FACES, HIT_MIN, type LearningOutcome, type LearningState, type TestPlan } from "../rules";
import type { TestChoice } from "../data/test-choice";

/** How Fate was spent on this roll. SRD: Alterations › Spending Persona & Fate To Modify Rolls */
export interface FateRecord {
  kind: "explode" | "reroll";
  /** The user who spent it. */
  userId: string;
  /** Magic: index of the rerolled die among the faces before Fate. */
  dieIndex?: number;
  /** Whether the Test passed before Fate, so the card can say Fate flipped it. */
  passedBefore: boolean;
}

/**
 * The learning log this Test wrote. `before` is the Skill's state before the
 * log, kept so Fate can revise it. SRD: Changes › Skill Learning
 */
export type TestLog =
  | { kind: "skill"; skillId: string; outcome: LearningOutcome; before: LearningState; revised: boolean }
  /** Untrained Test of a Skill not yet on the sheet: a pass teaches it at rating 1. */
  | { kind: "learn"; skillName: string; learned: boolean; itemId?: string }
  /** Recovery: the Fallout was resolved with this outcome (and re-resolved if Fate flipped it). */
  | { kind: "recovery"; falloutId: string; passed: boolean };

/** The Fallout the GM offered on a failed Test, and the player's answer. SRD: Changes › Fallout */
export interface FalloutRecord {
  status: "offered" | "accepted" | "refused";
  rating: number;
  /** The Fallout Item created on acceptance. */
  itemId?: string;
}

/** A GoldHackRoll's own options. */
export interface TestRollData {
  choice: TestChoice;
  /** The actor's name when rolled (the card shows it even if the actor is later deleted). */
  actorName: string;
  /** Recovery: the Fallout's name when rolled. */
  falloutName?: string;
  plan: TestPlan;
  /** Fate points spent on this roll (0 or 1). */
  fateSpent: number;
  fate: FateRecord | null;
  log: TestLog | null;
  fallout: FalloutRecord | null;
}

/** One die result as Foundry stores it; we read only these fields. */
export interface DieResultLike {
  result: number;
  active?: boolean;
  success?: boolean;
  exploded?: boolean;
  rerolled?: boolean;
  discarded?: boolean;
}

/** A dice term as Foundry shapes it: how many dice it started with and every result. */
export interface DiceTermLike {
  number?: number | null | undefined;
  results: DieResultLike[];
}

/** One die as the card shows it. */
export interface DieView {
  face: number;
  hit: boolean;
  six: boolean;
  /** This six spawned another die. */
  exploded: boolean;
  /** Spawned by an explosion (Magic or Fate). */
  fromExplosion: boolean;
  /** Replaced by a Fate reroll: shown struck through, not counted. */
  rerolled: boolean;
  /** Rolled when Fate was spent. */
  fate: boolean;
  /** Index among the faces counted before Fate, for choosing a die to reroll; null for Fate's own dice. */
  faceIndex: number | null;
}

const counts = (r: DieResultLike): boolean => r.active !== false && !r.discarded && !r.rerolled;

/**
 * Every die of the roll in order: the Test's term first, then the term Fate added.
 * A term's first `number` results are its own dice, the rest come from explosions.
 */
export function readDice(terms: readonly DiceTermLike[]): DieView[] {
  const views: DieView[] = [];
  let faceIndex = 0;
  terms.forEach((term, t) => {
    const own = Math.max(0, term.number ?? 0);
    term.results.forEach((r, i) => {
      const active = counts(r);
      const first = t === 0;
      views.push({
        face: r.result,
        hit: active && r.result >= HIT_MIN,
        six: r.result === DIE_FACES,
        exploded: r.exploded === true,
        fromExplosion: i >= own,
        rerolled: r.rerolled === true,
        fate: !first,
        // The reroll target is named among the faces Fate saw: the Test term's, rerolled one included.
        faceIndex: first ? faceIndex++ : null,
      });
    });
  });
  return views;
}

/** The faces that count (exploded dice included, rerolled ones not), as rules.resolveTest reads them. */
export function countedFaces(terms: readonly DiceTermLike[]): number[] {
  return terms.flatMap((term) => term.results.filter(counts).map((r) => r.result));
}

/** The faces of the Test's own term as first rolled (a rerolled die at its old face): what rules.fateEffect indexes. */
export function facesBeforeFate(terms: readonly DiceTermLike[]): number[] {
  return (terms[0]?.results ?? []).map((r) => r.result);
}
