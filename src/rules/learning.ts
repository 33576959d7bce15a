import type { Problem, SkillType } from "./types";
import { assertBooleanInput, assertInteger } from "./validate";

/** What a Test logs toward learning: passed or failed. SRD: Changes › Skill Learning */
export type LearningOutcome = "passed" | "failed";

/** One Skill's rating and the Tests logged toward its next rating. Rating 0 is "no Skill yet". */
export interface LearningState {
  readonly rating: number;
  readonly passed: number;
  readonly failed: number;
}

/** A state after one log: `logged` is false when the log counted toward nothing. */
export interface LearningLogResult {
  readonly state: LearningState;
  readonly advanced: boolean;
  readonly logged: boolean;
}

/** A state after several logs, with how many ratings were learned on the way. */
export interface LearningReplay {
  readonly state: LearningState;
  readonly advancements: number;
}

/** Passed and failed Tests still missing before the next rating. */
export interface LearningNeeds {
  readonly passed: number;
  readonly failed: number;
}

/** Practice either happened, or a Fallout blocked it and nothing changed. */
export type PracticeResult =
  | { readonly ok: true; readonly state: LearningState; readonly advancements: number }
  | { readonly ok: false; readonly problem: Problem };

/** A Skill nobody has learned: rating 0, nothing logged. */
export const UNTRAINED_LEARNING: LearningState = Object.freeze({ rating: 0, passed: 0, failed: 0 });

/** Types from slowest to fastest practice cycle. SRD: Changes › Downtime & Practice */
export const PRACTICE_ORDER: readonly SkillType[] = Object.freeze([
  "magic",
  "lore",
  "craft",
  "expertise",
  "perform",
  "influence",
  "survive",
  "fight",
]);

function assertOutcome(name: string, value: unknown): asserts value is LearningOutcome {
  if (value !== "passed" && value !== "failed") throw new RangeError(`${name} must be "passed" or "failed", got ${String(value)}`);
}

function assertLearningState(name: string, value: unknown): asserts value is LearningState {
  if (typeof value !== "object" || value === null) throw new RangeError(`${name} must be a learning state, got ${String(value)}`);
  const s = value as Record<string, unknown>;
  assertInteger(`${name}.rating`, s.rating);
  assertInteger(`${name}.passed`, s.passed);
  assertInteger(`${name}.failed`, s.failed);
}

/**
 * Whether the logged Tests teach the next rating: more passes than the rating and at least as many
 * fails; with no rating, one pass. SRD: Changes › Skill Learning
 */
export function canAdvance(rating: number, passed: number, failed: number): boolean {
  assertInteger("rating", rating);
  assertInteger("passed", passed);
  assertInteger("failed", failed);
  // With no rating this is one pass and no fail, as the SRD says for an unknown Skill.
  // Ruling: ruling-failed-at-least (rules journal): "Failed Tests equal to the rating" is read as "at least".
  return passed > rating && failed >= rating;
}

/**
 * Raises the rating by 1 and clears the logs if they are enough; otherwise returns the state as is.
 * The SRD does not say logs reset; we reset them, as each rating's thresholds count from scratch.
 */
export function settleLearning(state: LearningState): LearningLogResult {
  assertLearningState("state", state);
  if (!canAdvance(state.rating, state.passed, state.failed)) {
    return { state: { rating: state.rating, passed: state.passed, failed: state.failed }, advanced: false, logged: false };
  }
  // Ruling: ruling-logs-reset (rules journal): the logs start over at the new rating.
  // No overflow check: advancing needs passed > rating, so rating < passed <= Number.MAX_SAFE_INTEGER.
  return { state: { rating: state.rating + 1, passed: 0, failed: 0 }, advanced: true, logged: false };
}

/**
 * Logs one passed or failed Test in a Skill and advances it when ready. A failed Test with no rating
 * counts toward nothing: only a pass teaches an unknown Skill. SRD: Changes › Skill Learning
 */
export function logLearningTest(state: LearningState, outcome: LearningOutcome): LearningLogResult {
  assertLearningState("state", state);
  assertOutcome("outcome", outcome);
  if (state.rating === 0 && outcome === "failed") return { ...settleLearning(state), logged: false };
  const passed = outcome === "passed" ? state.passed + 1 : state.passed;
  const failed = outcome === "failed" ? state.failed + 1 : state.failed;
  assertInteger("state.passed + 1", passed);
  assertInteger("state.failed + 1", failed);
  const settled = settleLearning({ rating: state.rating, passed, failed });
  return { state: settled.state, advanced: settled.advanced, logged: true };
}

/** Logs outcomes in order, counting the ratings learned on the way. SRD: Changes › Skill Learning */
export function replayLearningLogs(start: LearningState, outcomes: readonly LearningOutcome[]): LearningReplay {
  assertLearningState("start", start);
  if (!Array.isArray(outcomes)) throw new RangeError(`outcomes must be a list, got ${String(outcomes)}`);
  let state: LearningState = { rating: start.rating, passed: start.passed, failed: start.failed };
  let advancements = 0;
  outcomes.forEach((outcome, i) => {
    assertOutcome(`outcomes[${i}]`, outcome);
    const next = logLearningTest(state, outcome);
    state = next.state;
    if (next.advanced) advancements += 1;
  });
  return { state, advancements };
}

/**
 * The state a Skill should have once a logged outcome flips (e.g. Fate turns a fail into a pass):
 * replays from the state saved before that log, then any logs made after it. SRD: Changes › Skill Learning
 */
export function reviseLearningLog(
  before: LearningState,
  newOutcome: LearningOutcome,
  later: readonly LearningOutcome[] = [],
): LearningReplay {
  assertOutcome("newOutcome", newOutcome);
  if (!Array.isArray(later)) throw new RangeError(`later must be a list, got ${String(later)}`);
  return replayLearningLogs(before, [newOutcome, ...later]);
}

/** Passed and failed Tests still needed for the next rating. SRD: Changes › Skill Learning */
export function learningNeeds(state: LearningState): LearningNeeds {
  assertLearningState("state", state);
  // With no rating: one pass, no fail.
  return {
    passed: Math.max(0, state.rating + 1 - state.passed),
    failed: Math.max(0, state.rating - state.failed),
  };
}

/**
 * Downtime practice: one chosen outcome logged per period, unless a Fallout interferes, in which case
 * the character must rest first and nothing is logged. SRD: Changes › Downtime & Practice
 */
export function practiceSkill(
  state: LearningState,
  choices: readonly LearningOutcome[],
  interferingFallout: boolean,
): PracticeResult {
  assertLearningState("state", state);
  if (!Array.isArray(choices) || choices.length === 0) throw new RangeError("choices must list one outcome per period, got none");
  choices.forEach((choice, i) => assertOutcome(`choices[${i}]`, choice));
  assertBooleanInput("interferingFallout", interferingFallout);
  if (interferingFallout) return { ok: false, problem: { key: "GOLDHACK.Learning.RestFirst" } };
  const replay = replayLearningLogs(state, choices);
  return { ok: true, state: replay.state, advancements: replay.advancements };
}

function practiceIndex(name: string, type: string, order: readonly string[]): number {
  if (!Array.isArray(order)) throw new RangeError(`order must be a list of Types, got ${String(order)}`);
  const index = order.indexOf(type);
  if (index < 0) throw new RangeError(`${name} must be a Type in the practice order, got ${String(type)}`);
  return index;
}

/** Negative when `a` practises slower than `b`, for sorting slowest first. SRD: Changes › Downtime & Practice */
export function comparePracticeSpeed(a: string, b: string, order: readonly string[] = PRACTICE_ORDER): number {
  return practiceIndex("a", a, order) - practiceIndex("b", b, order);
}

/** A new list of Types sorted slowest practice first. SRD: Changes › Downtime & Practice */
export function sortByPracticeSpeed<T extends string>(types: readonly T[], order: readonly string[] = PRACTICE_ORDER): T[] {
  types.forEach((type, i) => practiceIndex(`types[${i}]`, type, order));
  return [...types].sort((a, b) => comparePracticeSpeed(a, b, order));
}

/** What Fate's change of outcome does to the Skill an untrained Test teaches (see {@link reviseUntrainedLearning}). */
export type UntrainedRevision = "learn" | "unlearn" | "keep" | "loggedSince";

/**
 * An untrained Test's outcome changed after the roll (Fate): what becomes of the Skill it teaches. A new pass
 * learns it at rating 1. A pass turned into a fail takes it back, while the Skill is as that pass left it
 * ("loggedSince" otherwise: the player corrects it by hand). Only an exploding Test can lose a pass to Fate (its
 * Fate rerolls a die; any other Test's Fate only adds dice), and an untrained Test explodes when the Skill it
 * teaches is Magic (see testExplodes). SRD: Changes › Skill Learning ("If you have no rating, you need only one
 * Passed Test to learn it at rating 1"); Spending Persona & Fate To Modify Rolls. Ruling: ruling-untrained-magic.
 */
export function reviseUntrainedLearning(learned: boolean, passed: boolean, explodes: boolean, skill: LearningState | null): UntrainedRevision {
  assertBooleanInput("learned", learned);
  assertBooleanInput("passed", passed);
  assertBooleanInput("explodes", explodes);
  if (!learned) return passed ? "learn" : "keep";
  if (passed || !explodes || skill === null) return "keep";
  assertLearningState("skill", skill);
  const fresh = logLearningTest(UNTRAINED_LEARNING, "passed").state;
  return skill.rating === fresh.rating && skill.passed === fresh.passed && skill.failed === fresh.failed ? "unlearn" : "loggedSince";
}
