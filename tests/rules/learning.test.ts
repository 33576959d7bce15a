import { describe, expect, it } from "vitest";
import {
  reviseUntrainedLearning,
  canAdvance,
  comparePracticeSpeed,
  learningNeeds,
  logLearningTest,
  practiceSkill,
  PRACTICE_ORDER,
  replayLearningLogs,
  reviseLearningLog,
  settleLearning,
  sortByPracticeSpeed,
  UNTRAINED_LEARNING,
  type LearningOutcome,
  type LearningState,
} from "../../src/rules/learning";
import { SKILL_TYPES } from "../../src/rules/chart";
import * as rules from "../../src/rules";

/** Values no count or rating may take. */
const BAD_NUMBERS: unknown[] = [-1, -0.5, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "1", null, undefined];
const state = (rating: number, passed = 0, failed = 0): LearningState => ({ rating, passed, failed });
const P: LearningOutcome = "passed";
const F: LearningOutcome = "failed";

/**
 * The SRD's learning rule, worded as a checklist (SRD: Changes › Skill Learning):
 * "A number of Passed Tests greater than the Skill rating" and "A number of Failed Tests equal to the
 * Skill rating" (a surplus of fails cannot forbid learning); "If you have no rating, you need only one
 * Passed Test to learn it at rating 1."
 */
function srdRule(rating: number, passed: number, failed: number): boolean {
  if (rating === 0) return passed !== 0;
  const enoughPasses = passed - rating >= 1;
  const enoughFails = failed - rating >= 0;
  return enoughPasses && enoughFails;
}

describe("canAdvance (SRD: Changes › Skill Learning)", () => {
  it("matches the SRD rule for every rating 0..10, passed 0..12, failed 0..12", () => {
    let checked = 0;
    let advancing = 0;
    for (let rating = 0; rating <= 10; rating++) {
      for (let passed = 0; passed <= 12; passed++) {
        for (let failed = 0; failed <= 12; failed++) {
          const want = srdRule(rating, passed, failed);
          expect(canAdvance(rating, passed, failed), `rating ${rating} passed ${passed} failed ${failed}`).toBe(want);
          checked++;
          if (want) advancing++;
        }
      }
    }
    expect(checked).toBe(11 * 13 * 13);
    // Both outcomes occur, so the table is not vacuous.
    expect(advancing).toBeGreaterThan(0);
    expect(advancing).toBeLessThan(checked);
  });

  it("teaches an unrated Skill with one pass, whatever the fails", () => {
    expect(canAdvance(0, 1, 0)).toBe(true);
    expect(canAdvance(0, 0, 0)).toBe(false);
    expect(canAdvance(0, 0, 7)).toBe(false);
  });

  it("needs passes strictly greater than the rating", () => {
    expect(canAdvance(3, 3, 3)).toBe(false);
    expect(canAdvance(3, 4, 3)).toBe(true);
  });

  it("needs fails equal to the rating, and accepts a surplus", () => {
    expect(canAdvance(3, 4, 2)).toBe(false);
    expect(canAdvance(3, 4, 3)).toBe(true);
    expect(canAdvance(3, 4, 9)).toBe(true);
  });

  it("handles large ratings", () => {
    expect(canAdvance(1000, 1000, 1000)).toBe(false);
    expect(canAdvance(1000, 1001, 999)).toBe(false);
    expect(canAdvance(1000, 1001, 1000)).toBe(true);
  });

  it("throws a RangeError naming the bad input", () => {
    for (const bad of BAD_NUMBERS) {
      expect(() => canAdvance(bad as number, 0, 0)).toThrow(RangeError);
      expect(() => canAdvance(bad as number, 0, 0)).toThrow(/rating/);
      expect(() => canAdvance(1, bad as number, 0)).toThrow(/passed/);
      expect(() => canAdvance(1, 0, bad as number)).toThrow(/failed/);
    }
  });
});

describe("logLearningTest (SRD: Changes › Skill Learning)", () => {
  it("adds a pass or a fail to the log", () => {
    expect(logLearningTest(state(2, 1, 0), P)).toEqual({ state: state(2, 2, 0), advanced: false, logged: true });
    expect(logLearningTest(state(2, 1, 0), F)).toEqual({ state: state(2, 1, 1), advanced: false, logged: true });
  });

  it("raises the rating by 1 and clears both logs the moment both thresholds are met", () => {
    expect(logLearningTest(state(2, 2, 2), P)).toEqual({ state: state(3, 0, 0), advanced: true, logged: true });
    expect(logLearningTest(state(2, 3, 1), F)).toEqual({ state: state(3, 0, 0), advanced: true, logged: true });
    // One short on either side: no advance.
    expect(logLearningTest(state(2, 1, 2), P).advanced).toBe(false);
    expect(logLearningTest(state(2, 3, 0), F).advanced).toBe(false);
  });

  it("discards surplus logs on advancing (our reading: each rating counts from scratch)", () => {
    expect(logLearningTest(state(1, 6, 0), F)).toEqual({ state: state(2, 0, 0), advanced: true, logged: true });
  });

  it("teaches an untrained Skill at rating 1 with one pass (SRD: no rating → one Passed Test)", () => {
    expect(logLearningTest(UNTRAINED_LEARNING, P)).toEqual({ state: state(1, 0, 0), advanced: true, logged: true });
  });

  it("logs a failed untrained Test toward nothing", () => {
    expect(logLearningTest(UNTRAINED_LEARNING, F)).toEqual({ state: state(0, 0, 0), advanced: false, logged: false });
  });

  it("advances a state that was already enough (e.g. edited by hand) on the next log", () => {
    expect(logLearningTest(state(0, 1, 0), F)).toEqual({ state: state(1, 0, 0), advanced: true, logged: false });
    expect(logLearningTest(state(1, 5, 5), F)).toEqual({ state: state(2, 0, 0), advanced: true, logged: true });
  });

  it("does not change its input", () => {
    const before = Object.freeze(state(1, 1, 0));
    logLearningTest(before, P);
    expect(before).toEqual(state(1, 1, 0));
  });

  it("handles large ratings and refuses to count past safe integers", () => {
    expect(logLearningTest(state(500, 500, 500), P)).toEqual({ state: state(501, 0, 0), advanced: true, logged: true });
    expect(() => logLearningTest(state(5, Number.MAX_SAFE_INTEGER, 0), P)).toThrow(RangeError);
  });

  it("rejects bad states and outcomes", () => {
    for (const bad of BAD_NUMBERS) {
      expect(() => logLearningTest({ rating: bad, passed: 0, failed: 0 } as unknown as LearningState, P)).toThrow(/state\.rating/);
      expect(() => logLearningTest({ rating: 1, passed: bad, failed: 0 } as unknown as LearningState, P)).toThrow(/state\.passed/);
      expect(() => logLearningTest({ rating: 1, passed: 0, failed: bad } as unknown as LearningState, P)).toThrow(/state\.failed/);
    }
    expect(() => logLearningTest(null as unknown as LearningState, P)).toThrow(RangeError);
    for (const bad of ["pass", "", true, undefined, 1]) {
      expect(() => logLearningTest(state(1), bad as LearningOutcome)).toThrow(/outcome/);
    }
  });
});

describe("settleLearning", () => {
  it("advances only a state that meets the rule", () => {
    expect(settleLearning(state(2, 3, 2))).toEqual({ state: state(3, 0, 0), advanced: true, logged: false });
    expect(settleLearning(state(2, 2, 2))).toEqual({ state: state(2, 2, 2), advanced: false, logged: false });
    expect(() => settleLearning(state(-1))).toThrow(/state\.rating/);
  });
});

describe("replayLearningLogs", () => {
  /** An independent model of the log: count, then learn the next rating when the SRD's rule holds. */
  function model(outcomes: LearningOutcome[]): { rating: number; passed: number; failed: number; ups: number } {
    let rating = 0;
    let passed = 0;
    let failed = 0;
    let ups = 0;
    for (const o of outcomes) {
      if (rating === 0 && o === F) continue;
      if (o === P) passed++;
      else failed++;
      if (srdRule(rating, passed, failed)) {
        rating++;
        ups++;
        passed = 0;
        failed = 0;
      }
    }
    return { rating, passed, failed, ups };
  }

  it("agrees with the model for every sequence of up to 10 outcomes from an untrained Skill", () => {
    let sequences = 0;
    for (let length = 0; length <= 10; length++) {
      for (let bits = 0; bits < 2 ** length; bits++) {
        const outcomes = Array.from({ length }, (_, i): LearningOutcome => ((bits >> i) & 1 ? P : F));
        const want = model(outcomes);
        const got = replayLearningLogs(UNTRAINED_LEARNING, outcomes);
        expect(got.state, outcomes.join(",")).toEqual({ rating: want.rating, passed: want.passed, failed: want.failed });
        expect(got.advancements).toBe(want.ups);
        sequences++;
      }
    }
    expect(sequences).toBe(2 ** 11 - 1);
  });

  it("takes 1 pass to reach rating 1, then rating+1 passes and rating fails for each next rating", () => {
    const path: LearningOutcome[] = [P];
    for (let r = 1; r < 5; r++) path.push(...Array<LearningOutcome>(r + 1).fill(P), ...Array<LearningOutcome>(r).fill(F));
    expect(path).toHaveLength(1 + 3 + 5 + 7 + 9);
    expect(replayLearningLogs(UNTRAINED_LEARNING, path)).toEqual({ state: state(5, 0, 0), advancements: 5 });
    expect(replayLearningLogs(UNTRAINED_LEARNING, path.slice(0, -1))).toEqual({ state: state(4, 5, 3), advancements: 4 });
  });

  it("returns the start unchanged for no outcomes and rejects bad items", () => {
    expect(replayLearningLogs(state(2, 1, 1), [])).toEqual({ state: state(2, 1, 1), advancements: 0 });
    expect(() => replayLearningLogs(state(2), [P, "x" as LearningOutcome])).toThrow(/outcomes\[1\]/);
    expect(() => replayLearningLogs(state(2), "passed" as unknown as LearningOutcome[])).toThrow(RangeError);
    expect(() => replayLearningLogs(state(2.5), [P])).toThrow(/start\.rating/);
  });
});

describe("reviseLearningLog (Fate may flip a logged outcome)", () => {
  it("turns a logged fail into a pass from the state saved before the log", () => {
    const before = state(1, 1, 1);
    expect(logLearningTest(before, F).state).toEqual(state(1, 1, 2));
    expect(reviseLearningLog(before, P)).toEqual({ state: state(2, 0, 0), advancements: 1 });
  });

  it("undoes an advancement the original outcome caused", () => {
    const before = state(0);
    expect(logLearningTest(before, P).state).toEqual(state(1));
    expect(reviseLearningLog(before, F)).toEqual({ state: state(0), advancements: 0 });
  });

  it("replays logs made in the same Skill after the revised one", () => {
    const before = state(2, 1, 2);
    // Logged as F, P, P: 1/3 passes/fails, then 2/3, then 3/3 → rating 3 with nothing left over.
    expect(replayLearningLogs(before, [F, P, P])).toEqual({ state: state(3, 0, 0), advancements: 1 });
    // Revised to P: the second P already advances, the third starts rating 3.
    expect(reviseLearningLog(before, P, [P, P])).toEqual({ state: state(3, 1, 0), advancements: 1 });
  });

  it("rejects bad input", () => {
    expect(() => reviseLearningLog(state(1), "won" as LearningOutcome)).toThrow(/newOutcome/);
    expect(() => reviseLearningLog(state(-2), P)).toThrow(/start\.rating/);
    expect(() => reviseLearningLog(state(1), P, [F, "x" as LearningOutcome])).toThrow(/outcomes\[2\]/);
    expect(() => reviseLearningLog(state(1), P, null as unknown as LearningOutcome[])).toThrow(/later/);
  });
});

describe("learningNeeds (SRD: Changes › Skill Learning)", () => {
  it("counts what is missing for the next rating", () => {
    expect(learningNeeds(state(0))).toEqual({ passed: 1, failed: 0 });
    expect(learningNeeds(state(0, 0, 4))).toEqual({ passed: 1, failed: 0 });
    expect(learningNeeds(state(1))).toEqual({ passed: 2, failed: 1 });
    expect(learningNeeds(state(3, 2, 1))).toEqual({ passed: 2, failed: 2 });
    expect(learningNeeds(state(3, 4, 3))).toEqual({ passed: 0, failed: 0 });
    expect(learningNeeds(state(3, 9, 9))).toEqual({ passed: 0, failed: 0 });
    expect(learningNeeds(state(1000, 10, 0))).toEqual({ passed: 991, failed: 1000 });
  });

  it("is zero on both sides exactly when canAdvance says yes", () => {
    for (let rating = 0; rating <= 6; rating++) {
      for (let passed = 0; passed <= 8; passed++) {
        for (let failed = 0; failed <= 8; failed++) {
          const needs = learningNeeds(state(rating, passed, failed));
          expect(needs.passed === 0 && needs.failed === 0).toBe(canAdvance(rating, passed, failed));
        }
      }
    }
  });

  it("rejects bad states", () => {
    for (const bad of BAD_NUMBERS) {
      expect(() => learningNeeds({ rating: bad, passed: 0, failed: 0 } as unknown as LearningState)).toThrow(/state\.rating/);
      expect(() => learningNeeds({ rating: 0, passed: bad, failed: 0 } as unknown as LearningState)).toThrow(/state\.passed/);
      expect(() => learningNeeds({ rating: 0, passed: 0, failed: bad } as unknown as LearningState)).toThrow(/state\.failed/);
    }
  });
});

describe("practiceSkill (SRD: Changes › Downtime & Practice)", () => {
  it("logs the chosen outcome for each period", () => {
    expect(practiceSkill(state(2), [P, F, P], false)).toEqual({ ok: true, state: state(2, 2, 1), advancements: 0 });
  });

  it("can learn one or more ratings over a long downtime, from no rating", () => {
    expect(practiceSkill(state(0), [P, P, P, F], false)).toEqual({ ok: true, state: state(2, 0, 0), advancements: 2 });
  });

  it("is blocked by an interfering Fallout: rest first, nothing logged", () => {
    expect(practiceSkill(state(2, 2, 2), [P], true)).toEqual({ ok: false, problem: { key: "GOLDHACK.Learning.RestFirst" } });
  });

  it("rejects no periods, bad choices, bad flags and bad states", () => {
    expect(() => practiceSkill(state(1), [], false)).toThrow(/choices/);
    expect(() => practiceSkill(state(1), [P, "x" as LearningOutcome], false)).toThrow(/choices\[1\]/);
    expect(() => practiceSkill(state(1), [P], "yes" as unknown as boolean)).toThrow(/interferingFallout/);
    expect(() => practiceSkill(state(1), [P], undefined as unknown as boolean)).toThrow(/interferingFallout/);
    expect(() => practiceSkill(state(1.5), [P], false)).toThrow(/state\.rating/);
  });
});

describe("practice order (SRD: Changes › Downtime & Practice)", () => {
  it("lists Types slowest to fastest exactly as the SRD does", () => {
    expect(PRACTICE_ORDER).toEqual(["magic", "lore", "craft", "expertise", "perform", "influence", "survive", "fight"]);
    expect(Object.isFrozen(PRACTICE_ORDER)).toBe(true);
  });

  it("holds every Type once", () => {
    expect([...PRACTICE_ORDER].sort()).toEqual([...SKILL_TYPES].sort());
  });

  it("compares and sorts slowest first", () => {
    expect(comparePracticeSpeed("magic", "fight")).toBeLessThan(0);
    expect(comparePracticeSpeed("fight", "magic")).toBeGreaterThan(0);
    expect(comparePracticeSpeed("lore", "lore")).toBe(0);
    const input = ["fight", "craft", "magic", "survive"] as const;
    expect(sortByPracticeSpeed(input)).toEqual(["magic", "craft", "survive", "fight"]);
    expect(input).toEqual(["fight", "craft", "magic", "survive"]);
    expect(sortByPracticeSpeed([...SKILL_TYPES])).toEqual([...PRACTICE_ORDER]);
  });

  it("accepts a hack's own order and rejects unknown Types", () => {
    expect(sortByPracticeSpeed(["a", "c", "b"], ["c", "b", "a"])).toEqual(["c", "b", "a"]);
    expect(() => comparePracticeSpeed("cooking", "magic")).toThrow(/a must be a Type/);
    expect(() => comparePracticeSpeed("magic", "cooking")).toThrow(/b must be a Type/);
    expect(() => sortByPracticeSpeed(["magic", "cooking"])).toThrow(/types\[1\]/);
    expect(() => comparePracticeSpeed("magic", "lore", "magic" as unknown as string[])).toThrow(/order/);
  });
});

describe("rules index", () => {
  it("re-exports learning", () => {
    expect(rules.canAdvance).toBe(canAdvance);
    expect(rules.PRACTICE_ORDER).toBe(PRACTICE_ORDER);
  });
});

describe("practice order checks, message for message (issue 19)", () => {
  it("names a bad order as the order, not as an unknown Type", () => {
    expect(() => comparePracticeSpeed("magic", "lore", "magic" as unknown as string[])).toThrow("order must be a list of Types, got magic");
    expect(() => sortByPracticeSpeed(["magic"], null as unknown as string[])).toThrow("order must be a list of Types, got null");
  });

  it("names the unknown Type and where it was given", () => {
    expect(() => comparePracticeSpeed("cooking", "magic")).toThrow("a must be a Type in the practice order, got cooking");
    expect(() => sortByPracticeSpeed(["magic", "cooking"])).toThrow("types[1] must be a Type in the practice order, got cooking");
  });
});

describe("learning refuses malformed input with its exact message (issue 19)", () => {
  const MAX = Number.MAX_SAFE_INTEGER;

  it("names a state that is not a learning state", () => {
    expect(() => settleLearning("rated 2" as unknown as LearningState)).toThrow("state must be a learning state, got rated 2");
    expect(() => learningNeeds(null as unknown as LearningState)).toThrow("state must be a learning state, got null");
    expect(() => replayLearningLogs(3 as unknown as LearningState, [])).toThrow("start must be a learning state, got 3");
  });

  it("names outcomes or later logs that are not a list", () => {
    const start = { rating: 1, passed: 0, failed: 0 };
    expect(() => replayLearningLogs(start, "passed" as unknown as LearningOutcome[])).toThrow("outcomes must be a list, got passed");
    expect(() => reviseLearningLog(start, "passed", "failed" as unknown as LearningOutcome[])).toThrow("later must be a list, got failed");
  });

  it("names a log count that would pass the largest whole number", () => {
    expect(() => logLearningTest({ rating: 1, passed: MAX, failed: 0 }, "passed")).toThrow(`state.passed + 1 must be at most ${MAX}, got ${MAX + 1}`);
    expect(() => logLearningTest({ rating: 1, passed: 0, failed: MAX }, "failed")).toThrow(`state.failed + 1 must be at most ${MAX}, got ${MAX + 1}`);
  });

  it("advances the largest rating the logs can reach", () => {
    expect(settleLearning({ rating: MAX - 1, passed: MAX, failed: MAX - 1 })).toEqual({ state: { rating: MAX, passed: 0, failed: 0 }, advanced: true, logged: false });
  });
});

describe("reviseUntrainedLearning", () => {
  // SRD (en, line 335): "If you have no rating, you need only one Passed Test to learn it at rating 1."
  const fresh = { rating: 1, passed: 0, failed: 0 };
  it("a new pass learns; a lost pass of an exploding Test unlearns while the Skill is as that pass left it", () => {
    expect(reviseUntrainedLearning(false, true, false, null)).toBe("learn");
    expect(reviseUntrainedLearning(false, false, true, null)).toBe("keep");
    expect(reviseUntrainedLearning(true, false, true, fresh)).toBe("unlearn");
    expect(reviseUntrainedLearning(true, false, true, { rating: 1, passed: 1, failed: 0 })).toBe("loggedSince");
    expect(reviseUntrainedLearning(true, false, true, { rating: 2, passed: 0, failed: 0 })).toBe("loggedSince");
    expect(reviseUntrainedLearning(true, false, true, { rating: 1, passed: 0, failed: 1 })).toBe("loggedSince");
  });
  it("keeps the Skill when nothing was lost, the Test does not explode, or the Skill is gone", () => {
    expect(reviseUntrainedLearning(true, true, true, fresh)).toBe("keep");
    expect(reviseUntrainedLearning(true, false, false, fresh)).toBe("keep");
    expect(reviseUntrainedLearning(true, false, true, null)).toBe("keep");
  });
  it("rejects what is not a boolean or a learning state", () => {
    expect(() => reviseUntrainedLearning("yes" as never, true, true, null)).toThrow(RangeError);
    expect(() => reviseUntrainedLearning(true, 1 as never, true, null)).toThrow(RangeError);
    expect(() => reviseUntrainedLearning(true, false, null as never, null)).toThrow(RangeError);
    expect(() => reviseUntrainedLearning(true, false, true, { rating: -1, passed: 0, failed: 0 })).toThrow(RangeError);
  });
});
