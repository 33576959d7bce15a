import type { Problem } from "./types";
import { assertBooleanInput, assertInteger, assertResolvedTest, type ResolvedTestShape } from "./validate";

/** A Fallout's rating and whether the GM made it permanent. SRD: Changes › Fallout */
export interface FalloutState {
  readonly rating: number;
  readonly permanent: boolean;
}

/** How a treating character's Test went; a TestResult fits it structurally. */
export interface FalloutTreatment {
  readonly passed: boolean;
  readonly extraHits: number;
}

/** Options of a recovery Test. */
export interface FalloutRecoveryOptions {
  /** The Test of whoever treats the patient with an appropriate Skill; its extra hits become bonus dice. */
  readonly treatment?: FalloutTreatment;
  /** The GM rules this Fallout cannot even be attempted without a passed treatment. */
  readonly treatmentRequired?: boolean;
  /** The GM warned before the Test that failing may make the Fallout permanent. */
  readonly permanentRisk?: boolean;
}

/** What to roll to recover early: Potential plus treatment dice against the Fallout rating. */
export interface FalloutRecoveryPlan {
  readonly fallout: FalloutState;
  readonly potential: number;
  readonly treatmentDice: number;
  readonly dice: number;
  readonly ob: number;
  readonly permanentRisk: boolean;
}

export type FalloutRecoveryPlanResult =
  | { readonly ok: true; readonly plan: FalloutRecoveryPlan }
  | { readonly ok: false; readonly problem: Problem };

/** What the GM rules on a failed recovery: rating +1, just lasts longer, or permanent (if warned). */
export type FalloutRecoveryFailure = "worsen" | "longer" | "permanent";

/** After a recovery Test: recovered (Fallout removed, `fallout` null) or the Fallout as it now stands. */
export interface FalloutRecoveryOutcome {
  readonly recovered: boolean;
  readonly fallout: FalloutState | null;
}

function assertFallout(name: string, value: unknown): asserts value is FalloutState {
  if (typeof value !== "object" || value === null) throw new RangeError(`${name} must be a Fallout, got ${String(value)}`);
  const f = value as Record<string, unknown>;
  assertInteger(`${name}.rating`, f.rating, 1);
  assertBooleanInput(`${name}.permanent`, f.permanent);
}

/**
 * The rating of the Fallout a failed Test can cost: the Ob points remaining. A passed Test has no
 * Fallout, so this is null. SRD: Changes › Fallout: The Cost Of Unlucky Success
 */
export function falloutRating(result: { readonly passed: boolean; readonly remainingOb: number }): number | null {
  if (typeof result !== "object" || result === null) throw new RangeError(`result must be a resolved Test, got ${String(result)}`);
  assertInteger("result.remainingOb", result.remainingOb);
  assertBooleanInput("result.passed", result.passed);
  if (result.passed !== (result.remainingOb === 0)) throw new RangeError("result.passed must be true exactly when result.remainingOb is 0");
  return result.passed ? null : result.remainingOb;
}

/**
 * The Ob penalty a Fallout puts on a Task it affects: its rating, or nothing if the player roleplays
 * it into the Task. SRD: Changes › Fallout: The Cost Of Unlucky Success
 */
export function falloutPenalty(fallout: FalloutState, roleplayed = false): number {
  assertFallout("fallout", fallout);
  assertBooleanInput("roleplayed", roleplayed);
  return roleplayed ? 0 : fallout.rating;
}

/** The summed Ob penalty of the Fallouts that affect one Task (none: 0). SRD: Changes › Fallout */
export function totalFalloutPenalty(fallouts: readonly FalloutState[]): number {
  if (!Array.isArray(fallouts)) throw new RangeError(`fallouts must be a list, got ${String(fallouts)}`);
  let total = 0;
  fallouts.forEach((fallout: unknown, i) => {
    assertFallout(`fallouts[${i}]`, fallout);
    total += fallout.rating;
  });
  assertInteger("total Fallout penalty", total);
  return total;
}

/**
 * Plans an early recovery Test: Potential against the Fallout rating as Ob (not doubled), plus a
 * treater's extra hits as bonus dice. Permanent Fallout cannot be tested away. SRD: Changes › Recovering From Fallout
 */
export function planFalloutRecovery(
  potential: number,
  fallout: FalloutState,
  options: FalloutRecoveryOptions = {},
): FalloutRecoveryPlanResult {
  assertInteger("potential", potential, 1);
  assertFallout("fallout", fallout);
  if (typeof options !== "object" || options === null) throw new RangeError(`options must be an object, got ${String(options)}`);
  const { treatment, treatmentRequired = false, permanentRisk = false } = options;
  assertBooleanInput("options.treatmentRequired", treatmentRequired);
  assertBooleanInput("options.permanentRisk", permanentRisk);
  if (treatment !== undefined) {
    if (typeof treatment !== "object" || treatment === null) throw new RangeError(`options.treatment must be a Test, got ${String(treatment)}`);
    assertInteger("options.treatment.extraHits", treatment.extraHits);
    assertBooleanInput("options.treatment.passed", treatment.passed);
    if (!treatment.passed && treatment.extraHits !== 0) throw new RangeError("options.treatment.extraHits must be 0 on a failed Test");
  }
  // Ruling: ruling-permanent-fallout (rules journal): a permanent Fallout takes no recovery Test.
  if (fallout.permanent) {
    return { ok: false, problem: { key: "GOLDHACK.Fallout.PermanentNoRecovery", data: { rating: fallout.rating } } };
  }
  if (treatmentRequired && treatment?.passed !== true) {
    return { ok: false, problem: { key: "GOLDHACK.Fallout.TreatmentNeeded", data: { rating: fallout.rating } } };
  }
  // Ruling: ruling-treater-help (rules journal): the treater's extra hits are extra dice; treatmentRequired needs a passed treatment.
  const treatmentDice = treatment?.extraHits ?? 0;
  const dice = potential + treatmentDice;
  assertInteger("recovery dice", dice);
  return {
    ok: true,
    plan: { fallout: { rating: fallout.rating, permanent: false }, potential, treatmentDice, dice, ob: fallout.rating, permanentRisk },
  };
}

/**
 * The Fallout after its recovery Test: a pass removes it; a fail worsens it by 1 (default), leaves it
 * to last longer, or, only if warned in the plan, makes it permanent. SRD: Changes › Recovering From Fallout, Permanent Fallout
 */
export function resolveFalloutRecovery(
  plan: FalloutRecoveryPlan,
  result: Readonly<ResolvedTestShape>,
  onFailure: FalloutRecoveryFailure = "worsen",
): FalloutRecoveryOutcome {
  if (typeof plan !== "object" || plan === null) throw new RangeError(`plan must be a recovery plan, got ${String(plan)}`);
  assertFallout("plan.fallout", plan.fallout);
  assertBooleanInput("plan.permanentRisk", plan.permanentRisk);
  if (plan.fallout.permanent) throw new RangeError("plan.fallout is permanent: it has no recovery Test");
  assertResolvedTest("result", result);
  if (onFailure !== "worsen" && onFailure !== "longer" && onFailure !== "permanent") {
    throw new RangeError(`onFailure must be "worsen", "longer" or "permanent", got ${String(onFailure)}`);
  }
  if (result.passed) return { recovered: true, fallout: null };
  const { rating } = plan.fallout;
  if (onFailure === "permanent") {
    if (!plan.permanentRisk) throw new RangeError("onFailure is permanent but the GM did not warn before the Test (plan.permanentRisk)");
    return { recovered: false, fallout: { rating, permanent: true } };
  }
  // Ruling: ruling-recovery-worsens (rules journal): "worsen" (+1) is the default; "longer" is the GM's other choice.
  if (onFailure === "longer") return { recovered: false, fallout: { rating, permanent: false } };
  assertInteger("plan.fallout.rating + 1", rating + 1);
  return { recovered: false, fallout: { rating: rating + 1, permanent: false } };
}
