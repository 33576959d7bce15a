/**
 * Downtime as pure rules: time units and practice cycles per Type, the Pass/Fail a player logs for each
 * cycle, resting first, the GM's ruling on a failed recovery, and what aging leaves a character with.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Permanent Fallout, Aging Your Character
 */
import { ageCharacter, type AgingOutcome } from "./aging";
import { AGES, BASIC_CHART } from "./chart";
import { resolveFalloutRecovery, type FalloutRecoveryFailure, type FalloutState } from "./fallout";
import { learningNeeds, type LearningOutcome, type LearningState, PRACTICE_ORDER, replayLearningLogs } from "./learning";
import type { Chart, Problem } from "./types";
import { assertInteger } from "./validate";

/** The periods the SRD names, shortest first. SRD: Changes › Downtime & Practice */
export type TimeUnit = "week" | "month" | "season" | "year";
export const TIME_UNITS: readonly TimeUnit[] = Object.freeze(["week", "month", "season", "year"]);

/**
 * Each unit in weeks. The SRD names the periods but not how they relate; we count a month as four weeks,
 * a season as three months and a year as four seasons, so every unit divides the longer ones exactly.
 */
// Ruling: ruling-time-units (rules journal): 4, 12 and 48 weeks; whole cycles only; the default unit per Type.
export const UNIT_WEEKS: Readonly<Record<TimeUnit, number>> = Object.freeze({ week: 1, month: 4, season: 12, year: 48 });

export const isTimeUnit = (value: unknown): value is TimeUnit => (TIME_UNITS as readonly unknown[]).includes(value);

function assertUnit(name: string, value: unknown): asserts value is TimeUnit {
  if (!isTimeUnit(value)) throw new RangeError(`${name} must be one of ${TIME_UNITS.join(", ")}, got ${String(value)}`);
}

/** A span of downtime: so many weeks, months, seasons or years. */
export interface TimeSpan {
  readonly count: number;
  readonly unit: TimeUnit;
}

/** A span in weeks. */
export function spanWeeks(span: TimeSpan): number {
  assertInteger("span.count", span.count);
  assertUnit("span.unit", span.unit);
  return span.count * UNIT_WEEKS[span.unit];
}

/** Whole practice cycles of `cycleUnit` that fit in `span` (a cycle not finished counts for nothing). */
export function cyclesIn(span: TimeSpan, cycleUnit: TimeUnit): number {
  assertUnit("cycleUnit", cycleUnit);
  return Math.floor(spanWeeks(span) / UNIT_WEEKS[cycleUnit]);
}

/**
 * The cycle unit each Type gets by default: the practice order (slowest first) spread evenly over the
 * units from year down to week, so Magic practises in years and Fight in weeks. The GM decides the unit
 * (SRD: "GM: Decide the time unit"); this is only where the form starts. SRD: Changes › Downtime & Practice
 */
export function defaultCycleUnits(order: readonly string[] = PRACTICE_ORDER): Record<string, TimeUnit> {
  if (!Array.isArray(order) || order.length === 0) throw new RangeError("order must list at least one Type");
  const units: Record<string, TimeUnit> = {};
  const slowestFirst = [...TIME_UNITS].reverse();
  order.forEach((type, i) => {
    // i < order.length, so the index is at most slowestFirst.length - 1: the fallback is never read.
    units[type] = slowestFirst[Math.floor((i * slowestFirst.length) / order.length)] ?? "week";
  });
  return units;
}

/** Cycles a Skill of `type` gets from `span`, under the GM's units. */
export function practiceCycles(span: TimeSpan, type: string, units: Readonly<Record<string, TimeUnit>>): number {
  const unit = units[type];
  if (unit === undefined) throw new RangeError(`no cycle unit for Type ${type}`);
  return cyclesIn(span, unit);
}

/**
 * The log that brings the next rating closest: whichever the Skill still needs, the one it needs more
 * of when it needs both (a pass on a tie, and always a pass with no rating). SRD: Changes › Skill Learning
 */
export function suggestOutcome(state: LearningState): LearningOutcome {
  const needs = learningNeeds(state);
  return needs.failed > needs.passed ? "failed" : "passed";
}

/** One suggestion per cycle, each from the state the cycles before it leave: never a wasted log. */
export function suggestOutcomes(state: LearningState, cycles: number): LearningOutcome[] {
  assertInteger("cycles", cycles);
  const outcomes: LearningOutcome[] = [];
  let current = state;
  for (let i = 0; i < cycles; i += 1) {
    const outcome = suggestOutcome(current);
    outcomes.push(outcome);
    current = replayLearningLogs(current, [outcome]).state;
  }
  return outcomes;
}

/** What practising with these logs would do: the state after, and how many ratings it learns. */
export function previewPractice(state: LearningState, outcomes: readonly LearningOutcome[]): { state: LearningState; advancements: number } {
  return replayLearningLogs(state, outcomes);
}

/** How the plan deals with one Fallout before practice: rest it, or try an early recovery Test. */
export type FalloutCare = "rest" | "treat";

/**
 * Rest first: every Fallout the GM marked as interfering with practice must be rested or treated before
 * any cycle of practice. A problem naming the first one skipped, or null. SRD: Changes › Downtime & Practice
 */
export function restFirstProblem(
  interfering: readonly { id: string; name: string }[],
  care: Readonly<Record<string, FalloutCare | undefined>>,
  practises: boolean,
): Problem | null {
  if (!practises) return null;
  const skipped = interfering.find((f) => care[f.id] !== "rest" && care[f.id] !== "treat");
  return skipped ? { key: "GOLDHACK.Downtime.Error.RestFirst", data: { fallout: skipped.name } } : null;
}

/**
 * What the GM may rule after a failed recovery Test: worse (rating +1) or longer, and permanent only
 * when she warned before the roll. SRD: Changes › Recovering From Fallout, Permanent Fallout
 */
export function recoveryFailureChoices(warned: boolean): FalloutRecoveryFailure[] {
  return warned ? ["worsen", "longer", "permanent"] : ["worsen", "longer"];
}

/**
 * The Fallout after a failed recovery and the GM's ruling, from its state when rolled; a ruling of
 * permanent without a warning before the roll is a problem, not a Fallout.
 */
export function ruleFailedRecovery(
  before: FalloutState,
  ruling: FalloutRecoveryFailure,
  warned: boolean,
): { ok: true; fallout: FalloutState } | { ok: false; problem: Problem } {
  if (!recoveryFailureChoices(warned).includes(ruling)) return { ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotWarned" } };
  const plan = { fallout: before, potential: 1, treatmentDice: 0, dice: 1, ob: before.rating, permanentRisk: warned };
  const outcome = resolveFalloutRecovery(plan, { hits: 0, passed: false, extraHits: 0, remainingOb: before.rating }, ruling);
  // A failed result never recovers, so outcome.fallout is never null here.
  return { ok: true, fallout: outcome.fallout ?? before };
}

/** Aging, with the new caps: Fate and Persona at most Potential, and the chart's highest Skill rating. */
export interface AgingSummary extends AgingOutcome {
  fateMax: number | null;
  personaMax: number | null;
  maxRating: number | null;
}

/** One step of aging and the caps the new age sets. SRD: Changes › Aging Your Character; Characters › The Basic Chart */
export function agingSummary(character: { age: string; fate: number; persona: number }, chart: Chart = BASIC_CHART, ages: readonly string[] = AGES): AgingSummary {
  const outcome = ageCharacter(character, chart, ages);
  const row = outcome.to === null ? null : chart[outcome.to];
  return { ...outcome, fateMax: outcome.potential, personaMax: outcome.potential, maxRating: row?.maxRating ?? null };
}
