import { AGES, BASIC_CHART } from "./chart";
import type { Chart, ChartRow } from "./types";
import { assertInteger } from "./validate";

/**
 * The age after `age`, or null when an Elder ages: death or transcendence.
 * `ages` is the order a character lives them (hacks may change it).
 * SRD: Changes › Aging Your Character
 */
export function nextAge(age: string, ages: readonly string[] = AGES): string | null {
  const index = ages.indexOf(age);
  if (index < 0) throw new RangeError(`age must be one of ${ages.join(", ")}, got ${String(age)}`);
  return ages[index + 1] ?? null;
}

/** What a character has that aging touches. */
export interface AgingCharacter {
  age: string;
  fate: number;
  persona: number;
}

/** What aging does to a character. */
export interface AgingOutcome {
  from: string;
  /** The new age; null means death or transcendence (the character leaves play). */
  to: string | null;
  /** The new Potential from the chart; null when `to` is null. */
  potential: number | null;
  /** Fate and Persona after capping at the new Potential (unchanged when `to` is null). */
  fate: number;
  persona: number;
  /** Points lost to the cap. */
  fateLost: number;
  personaLost: number;
  /** Aging calls for a Trait Vote (not when the character leaves play). SRD: The Trait Vote */
  traitVote: boolean;
}

function chartRow(chart: Chart, age: string): Readonly<ChartRow> {
  const row = chart[age];
  if (row === undefined) throw new RangeError(`chart has no row for age ${age}`);
  assertInteger(`chart.${age}.potential`, row.potential, 0);
  return row;
}

/**
 * Ages a character one step: new Potential from the chart, Fate and Persona
 * capped at it, and a Trait Vote to hold. SRD: Changes › Aging Your Character
 */
// Ruling: ruling-aging-caps (rules journal): Fate and Persona above the new Potential are lost; Skills keep their ratings.
export function ageCharacter(
  character: AgingCharacter,
  chart: Chart = BASIC_CHART,
  ages: readonly string[] = AGES,
): AgingOutcome {
  if (typeof character !== "object" || character === null) throw new RangeError(`character must be an object, got ${String(character)}`);
  assertInteger("character.fate", character.fate, 0);
  assertInteger("character.persona", character.persona, 0);
  if (!ages.includes(character.age)) throw new RangeError(`character.age must be one of ${ages.join(", ")}, got ${String(character.age)}`);
  const to = nextAge(character.age, ages);
  const { fate, persona } = character;
  if (to === null) {
    return { from: character.age, to, potential: null, fate, persona, fateLost: 0, personaLost: 0, traitVote: false };
  }
  const potential = chartRow(chart, to).potential;
  const cappedFate = Math.min(fate, potential);
  const cappedPersona = Math.min(persona, potential);
  return {
    from: character.age,
    to,
    potential,
    fate: cappedFate,
    persona: cappedPersona,
    fateLost: fate - cappedFate,
    personaLost: persona - cappedPersona,
    traitVote: true,
  };
}

/** Where a Trait Vote stands. */
export type TraitVoteStatus = "granted" | "refused" | "pending";

export interface TraitVoteResult {
  status: TraitVoteStatus;
  /** Participants who have not voted yet. */
  missing: string[];
  /** Participants who voted against. */
  against: string[];
}

/**
 * A Trait Vote: all participants must vote and all must agree. One vote
 * against refuses it at once; otherwise it is pending until everyone voted.
 * SRD: Changes › The Trait Vote
 */
export function decideTraitVote(participants: readonly string[], votes: Readonly<Record<string, boolean>>): TraitVoteResult {
  if (!Array.isArray(participants) || participants.length === 0) {
    throw new RangeError(`participants must be a non-empty array, got ${String(participants)}`);
  }
  const seen = new Set<string>();
  for (const [index, participant] of participants.entries()) {
    if (typeof participant !== "string" || participant === "") throw new RangeError(`participants[${index}] must be a non-empty string`);
    if (seen.has(participant)) throw new RangeError(`participants[${index}] repeats ${participant}`);
    seen.add(participant);
  }
  if (typeof votes !== "object" || votes === null) throw new RangeError(`votes must be an object, got ${String(votes)}`);
  for (const [voter, vote] of Object.entries(votes)) {
    if (!seen.has(voter)) throw new RangeError(`votes.${voter} is not a participant`);
    if (typeof vote !== "boolean") throw new RangeError(`votes.${voter} must be true or false, got ${String(vote)}`);
  }
  const has = (p: string): boolean => Object.prototype.hasOwnProperty.call(votes, p);
  const missing = participants.filter((p) => !has(p));
  const against = participants.filter((p) => has(p) && votes[p] === false);
  const status: TraitVoteStatus = against.length > 0 ? "refused" : missing.length > 0 ? "pending" : "granted";
  return { status, missing, against };
}
