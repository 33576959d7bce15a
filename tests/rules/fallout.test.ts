import { describe, expect, it } from "vitest";
import {
  falloutPenalty,
  falloutRating,
  planFalloutRecovery,
  resolveFalloutRecovery,
  totalFalloutPenalty,
  type FalloutRecoveryFailure,
  type FalloutTreatment,
  type FalloutRecoveryOptions,
  type FalloutRecoveryPlan,
  type FalloutState,
} from "../../src/rules/fallout";
import type { ResolvedTestShape } from "../../src/rules/validate";
import type { TestResult } from "../../src/rules/test";
import * as rules from "../../src/rules";

const BAD_NUMBERS: unknown[] = [-1, -0.5, 0.5, 2.5, Number.NaN, Number.NEGATIVE_INFINITY, "2", null, undefined];
const fallout = (rating: number, permanent = false): FalloutState => ({ rating, permanent });

/** A resolved Test built from dice hits and Ob, the way the SRD counts it (SRD: Tests › 3) Dice Roll). */
function rolled(hits: number, ob: number): ResolvedTestShape {
  return { hits, passed: hits >= ob, extraHits: Math.max(0, hits - ob), remainingOb: Math.max(0, ob - hits) };
}

function planOrThrow(potential: number, f: FalloutState, options?: FalloutRecoveryOptions): FalloutRecoveryPlan {
  const answer = planFalloutRecovery(potential, f, options);
  if (!answer.ok) throw new Error(`expected a plan, got ${answer.problem.key}`);
  return answer.plan;
}

describe("falloutRating (SRD: Changes › Fallout: The Cost Of Unlucky Success)", () => {
  it("equals the Ob points remaining of a failed Test", () => {
    expect(falloutRating(rolled(1, 3))).toBe(2);
    expect(falloutRating(rolled(0, 5))).toBe(5);
    expect(falloutRating(rolled(2, 3))).toBe(1);
    expect(falloutRating(rolled(0, 40))).toBe(40);
  });

  it("is at least 1 for every failed Test", () => {
    for (let ob = 1; ob <= 8; ob++) {
      for (let hits = 0; hits < ob; hits++) {
        const rating = falloutRating(rolled(hits, ob));
        expect(rating).toBe(ob - hits);
        expect(rating).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it("is null for a passed Test: there is no Fallout to offer", () => {
    expect(falloutRating(rolled(3, 3))).toBeNull();
    expect(falloutRating(rolled(6, 2))).toBeNull();
  });

  it("rejects bad and contradictory results", () => {
    for (const bad of BAD_NUMBERS) {
      expect(() => falloutRating({ passed: false, remainingOb: bad as number })).toThrow(/result\.remainingOb/);
    }
    expect(() => falloutRating({ passed: "no" as unknown as boolean, remainingOb: 1 })).toThrow(/result\.passed/);
    expect(() => falloutRating({ passed: false, remainingOb: 0 })).toThrow(RangeError);
    expect(() => falloutRating({ passed: true, remainingOb: 2 })).toThrow(RangeError);
    expect(() => falloutRating(null as unknown as ResolvedTestShape)).toThrow(RangeError);
  });
});

describe("falloutPenalty and totalFalloutPenalty (SRD: Changes › Fallout)", () => {
  it("penalises an affected Task by the Fallout rating, permanent or not", () => {
    expect(falloutPenalty(fallout(1))).toBe(1);
    expect(falloutPenalty(fallout(3))).toBe(3);
    expect(falloutPenalty(fallout(4, true))).toBe(4);
  });

  it("imposes nothing when the player roleplays it into the Task", () => {
    expect(falloutPenalty(fallout(3), true)).toBe(0);
    expect(falloutPenalty(fallout(3), false)).toBe(3);
  });

  it("sums several Fallouts, and is 0 for none", () => {
    expect(totalFalloutPenalty([fallout(1), fallout(2), fallout(3, true)])).toBe(6);
    expect(totalFalloutPenalty([fallout(5)])).toBe(5);
    expect(totalFalloutPenalty([])).toBe(0);
  });

  it("rejects bad Fallouts and flags", () => {
    // A Fallout of rating 0 is no Fallout at all.
    for (const bad of [0, ...BAD_NUMBERS]) {
      expect(() => falloutPenalty({ rating: bad, permanent: false } as unknown as FalloutState)).toThrow(/fallout\.rating/);
      expect(() => totalFalloutPenalty([fallout(1), { rating: bad, permanent: false } as unknown as FalloutState])).toThrow(
        /fallouts\[1\]\.rating/,
      );
    }
    expect(() => falloutPenalty({ rating: 1 } as unknown as FalloutState)).toThrow(/fallout\.permanent/);
    expect(() => falloutPenalty(fallout(1), 1 as unknown as boolean)).toThrow(/roleplayed/);
    expect(() => totalFalloutPenalty(undefined as unknown as FalloutState[])).toThrow(/fallouts/);
    expect(() => totalFalloutPenalty([null as unknown as FalloutState])).toThrow(/fallouts\[0\]/);
  });
});

describe("planFalloutRecovery (SRD: Changes › Recovering From Fallout)", () => {
  it("tests Potential against the Fallout rating as Ob, not doubled", () => {
    expect(planFalloutRecovery(3, fallout(2))).toEqual({
      ok: true,
      plan: { fallout: fallout(2), potential: 3, treatmentDice: 0, dice: 3, ob: 2, permanentRisk: false },
    });
  });

  it("adds a treater's extra hits as bonus dice, and nothing for a failed treatment", () => {
    const plan = planOrThrow(2, fallout(4), { treatment: rolled(5, 2) });
    expect(plan).toMatchObject({ potential: 2, treatmentDice: 3, dice: 5, ob: 4 });
    expect(planOrThrow(2, fallout(4), { treatment: rolled(1, 2) })).toMatchObject({ treatmentDice: 0, dice: 2 });
    expect(planOrThrow(2, fallout(4), { treatment: rolled(2, 2) })).toMatchObject({ treatmentDice: 0, dice: 2 });
  });

  it("refuses when the GM rules treatment is needed and none passed", () => {
    const problem = { key: "GOLDHACK.Fallout.TreatmentNeeded", data: { rating: 3 } };
    expect(planFalloutRecovery(3, fallout(3), { treatmentRequired: true })).toEqual({ ok: false, problem });
    expect(planFalloutRecovery(3, fallout(3), { treatmentRequired: true, treatment: rolled(0, 2) })).toEqual({ ok: false, problem });
    expect(planOrThrow(3, fallout(3), { treatmentRequired: true, treatment: rolled(2, 2) })).toMatchObject({ dice: 3 });
  });

  it("refuses permanent Fallout: even time may not heal it", () => {
    expect(planFalloutRecovery(5, fallout(2, true))).toEqual({
      ok: false,
      problem: { key: "GOLDHACK.Fallout.PermanentNoRecovery", data: { rating: 2 } },
    });
  });

  it("carries the GM's warning that failure may make it permanent", () => {
    expect(planOrThrow(3, fallout(1), { permanentRisk: true }).permanentRisk).toBe(true);
  });

  it("handles large numbers", () => {
    expect(planOrThrow(100, fallout(250), { treatment: rolled(60, 10) })).toMatchObject({ dice: 150, ob: 250 });
  });

  it("rejects bad input", () => {
    for (const bad of [0, ...BAD_NUMBERS]) {
      expect(() => planFalloutRecovery(bad as number, fallout(1))).toThrow(/potential/);
      expect(() => planFalloutRecovery(3, { rating: bad, permanent: false } as unknown as FalloutState)).toThrow(/fallout\.rating/);
    }
    for (const bad of [-1, 1.5, Number.NaN]) {
      expect(() => planFalloutRecovery(3, fallout(1), { treatment: { passed: true, extraHits: bad } })).toThrow(/treatment\.extraHits/);
    }
    expect(() => planFalloutRecovery(3, fallout(1), { treatment: { passed: false, extraHits: 2 } })).toThrow(/treatment\.extraHits/);
    expect(() => planFalloutRecovery(3, fallout(1), { treatment: { passed: 1, extraHits: 0 } as unknown as ResolvedTestShape })).toThrow(
      /treatment\.passed/,
    );
    expect(() => planFalloutRecovery(3, fallout(1), { treatmentRequired: "yes" } as unknown as FalloutRecoveryOptions)).toThrow(
      /treatmentRequired/,
    );
    expect(() => planFalloutRecovery(3, fallout(1), { permanentRisk: 0 } as unknown as FalloutRecoveryOptions)).toThrow(/permanentRisk/);
    expect(() => planFalloutRecovery(3, fallout(1), null as unknown as FalloutRecoveryOptions)).toThrow(/options/);
  });
});

describe("resolveFalloutRecovery (SRD: Changes › Recovering From Fallout, Permanent Fallout)", () => {
  // Functions, not values: a plan made while collecting would hide a broken planFalloutRecovery as a file that fails to load.
  const plan = (): FalloutRecoveryPlan => planOrThrow(3, fallout(2));
  const warned = (): FalloutRecoveryPlan => planOrThrow(3, fallout(2), { permanentRisk: true });

  it("removes the Fallout on a pass", () => {
    expect(resolveFalloutRecovery(plan(), rolled(2, 2))).toEqual({ recovered: true, fallout: null });
    expect(resolveFalloutRecovery(warned(), rolled(3, 2), "permanent")).toEqual({ recovered: true, fallout: null });
  });

  it("worsens it by 1 on a fail by default", () => {
    expect(resolveFalloutRecovery(plan(), rolled(1, 2))).toEqual({ recovered: false, fallout: fallout(3) });
    expect(resolveFalloutRecovery(plan(), rolled(0, 2), "worsen")).toEqual({ recovered: false, fallout: fallout(3) });
  });

  it("lets it last longer instead, at the same rating", () => {
    expect(resolveFalloutRecovery(plan(), rolled(0, 2), "longer")).toEqual({ recovered: false, fallout: fallout(2) });
  });

  it("makes it permanent only if the GM warned before the Test", () => {
    expect(resolveFalloutRecovery(warned(), rolled(1, 2), "permanent")).toEqual({ recovered: false, fallout: fallout(2, true) });
    expect(() => resolveFalloutRecovery(plan(), rolled(1, 2), "permanent")).toThrow(/warn/);
  });

  it("rejects bad input", () => {
    expect(() => resolveFalloutRecovery(plan(), rolled(1, 2), "heal" as FalloutRecoveryFailure)).toThrow(/onFailure/);
    expect(() => resolveFalloutRecovery(plan(), { hits: 1, passed: true, extraHits: 0, remainingOb: 1 })).toThrow(/result\.passed/);
    expect(() => resolveFalloutRecovery(plan(), { hits: -1, passed: false, extraHits: 0, remainingOb: 1 })).toThrow(/result\.hits/);
    expect(() => resolveFalloutRecovery(plan(), { hits: 1, passed: false, extraHits: 0, remainingOb: 0.5 })).toThrow(/result\.remainingOb/);
    expect(() => resolveFalloutRecovery(plan(), { hits: 1, passed: true, extraHits: 2, remainingOb: 0 })).toThrow(/extraHits/);
    expect(() => resolveFalloutRecovery({ ...plan(), fallout: fallout(2, true) }, rolled(3, 2))).toThrow(/permanent/);
    expect(() => resolveFalloutRecovery({ ...plan(), fallout: fallout(0) }, rolled(3, 2))).toThrow(/plan\.fallout\.rating/);
    expect(() => resolveFalloutRecovery({ ...plan(), permanentRisk: undefined } as unknown as FalloutRecoveryPlan, rolled(3, 2))).toThrow(
      /permanentRisk/,
    );
    expect(() => resolveFalloutRecovery(null as unknown as FalloutRecoveryPlan, rolled(3, 2))).toThrow(/plan/);
  });
});

describe("a Fallout's life, end to end (SRD: Changes › Fallout, Recovering From Fallout)", () => {
  it("a Test failed by 2 gives a rating-2 Fallout that penalises, worsens and finally heals", () => {
    const rating = falloutRating(rolled(1, 3));
    expect(rating).toBe(2);
    let current = fallout(rating as number);
    expect(totalFalloutPenalty([current])).toBe(2);
    const first = resolveFalloutRecovery(planOrThrow(3, current), rolled(1, current.rating));
    expect(first.fallout).toEqual(fallout(3));
    current = first.fallout as FalloutState;
    expect(falloutPenalty(current)).toBe(3);
    expect(resolveFalloutRecovery(planOrThrow(3, current), rolled(3, current.rating))).toEqual({ recovered: true, fallout: null });
  });
});

describe("fit with the Test module", () => {
  it("takes a TestResult as it comes", () => {
    const fromTest: TestResult = { hits: 1, passed: false, extraHits: 0, remainingOb: 3 };
    expect(falloutRating(fromTest)).toBe(3);
    expect(resolveFalloutRecovery(planOrThrow(2, fallout(3)), fromTest)).toEqual({ recovered: false, fallout: fallout(4) });
  });
});

describe("rules index", () => {
  it("re-exports fallout", () => {
    expect(rules.falloutRating).toBe(falloutRating);
    expect(rules.planFalloutRecovery).toBe(planFalloutRecovery);
  });
});

describe("recovery edges the mutation run found (issue 19)", () => {
  const failed: ResolvedTestShape = { hits: 0, passed: false, extraHits: 0, remainingOb: 1 };
  const planFor = (rating: number): FalloutRecoveryPlan => {
    const planned = planFalloutRecovery(3, { rating, permanent: false });
    if (!planned.ok) throw new Error("expected a plan");
    return planned.plan;
  };

  it("refuses a treatment of null with a RangeError naming it, not a TypeError", () => {
    const call = (): unknown => planFalloutRecovery(3, { rating: 2, permanent: false }, { treatment: null as unknown as FalloutTreatment });
    expect(call).toThrow(RangeError);
    expect(call).toThrow("options.treatment must be a Test, got null");
  });

  it("worsens a Fallout up to the largest allowed rating, and refuses to go past it", () => {
    expect(resolveFalloutRecovery(planFor(Number.MAX_SAFE_INTEGER - 1), failed)).toEqual({
      recovered: false,
      fallout: { rating: Number.MAX_SAFE_INTEGER, permanent: false },
    });
    const call = (): unknown => resolveFalloutRecovery(planFor(Number.MAX_SAFE_INTEGER), failed);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^plan\.fallout\.rating \+ 1 must be at most/);
  });
});

describe("Fallout refuses malformed input with its exact message (issue 19)", () => {
  const MAX = Number.MAX_SAFE_INTEGER;

  it("names a result that is not a resolved Test, or whose pass contradicts its Ob left", () => {
    expect(() => falloutRating("failed" as unknown as ResolvedTestShape)).toThrow("result must be a resolved Test, got failed");
    expect(() => falloutRating(null as unknown as ResolvedTestShape)).toThrow("result must be a resolved Test, got null");
    expect(() => falloutRating({ passed: true, remainingOb: 2 })).toThrow("result.passed must be true exactly when result.remainingOb is 0");
  });

  it("names a summed penalty too large to count", () => {
    expect(totalFalloutPenalty([fallout(MAX - 1), fallout(1)])).toBe(MAX);
    expect(() => totalFalloutPenalty([fallout(MAX), fallout(1)])).toThrow(`total Fallout penalty must be at most ${MAX}, got ${MAX + 1}`);
  });

  it("names options, a treatment or a plan that is not an object", () => {
    expect(() => planFalloutRecovery(3, fallout(1), "careful" as unknown as FalloutRecoveryOptions)).toThrow("options must be an object, got careful");
    expect(() => planFalloutRecovery(3, fallout(1), null as unknown as FalloutRecoveryOptions)).toThrow("options must be an object, got null");
    expect(() => planFalloutRecovery(3, fallout(1), { treatment: "herbs" as unknown as FalloutTreatment })).toThrow(
      "options.treatment must be a Test, got herbs",
    );
    expect(() => resolveFalloutRecovery("rest" as unknown as FalloutRecoveryPlan, rolled(0, 1))).toThrow("plan must be a recovery plan, got rest");
    expect(() => resolveFalloutRecovery(null as unknown as FalloutRecoveryPlan, rolled(0, 1))).toThrow("plan must be a recovery plan, got null");
  });

  it("names recovery dice too many to roll", () => {
    expect(planOrThrow(MAX - 2, fallout(1), { treatment: rolled(3, 1) })).toMatchObject({ treatmentDice: 2, dice: MAX });
    expect(() => planFalloutRecovery(MAX, fallout(1), { treatment: rolled(2, 1) })).toThrow(`recovery dice must be at most ${MAX}, got ${MAX + 1}`);
  });

  it("without a treatment, rolls Potential alone", () => {
    expect(planOrThrow(4, fallout(2), {})).toMatchObject({ treatmentDice: 0, dice: 4, ob: 2 });
    expect(planOrThrow(4, fallout(2), { treatment: rolled(4, 1) })).toMatchObject({ treatmentDice: 3, dice: 7 });
  });
});

describe("a Fallout that is not an object is named (issue 19)", () => {
  it("names the Fallout, not its rating", () => {
    expect(() => falloutPenalty("broken arm" as unknown as FalloutState)).toThrow("fallout must be a Fallout, got broken arm");
    expect(() => totalFalloutPenalty([fallout(1), 2 as unknown as FalloutState])).toThrow("fallouts[1] must be a Fallout, got 2");
  });
});
