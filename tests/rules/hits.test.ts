import { describe, expect, it } from "vitest";
import { hitsDistribution, TAIL, type TestPlan } from "../../src/rules";
import { exactExplodingSuccess, exactPlainSuccess } from "./odds-oracles";

const plan = (dice: number, explode: boolean): TestPlan => ({ dice, ob: 1, untrained: false, explode });

/** P(hits >= k) read off a distribution, summed from the top. */
const tailOf = (pmf: readonly number[], k: number): number => pmf.slice(k).reduceRight((a, b) => a + b, 0);

describe("hitsDistribution: the whole distribution of a pool's hits (SRD: Tests › 3) Dice Roll; My Skill Is Magic!)", () => {
  it("a pool of no dice rolls no hits, Magic or not", () => {
    expect(hitsDistribution(plan(0, false))).toEqual([1]);
    expect(hitsDistribution(plan(0, true))).toEqual([1]);
  });

  it.each([1, 2, 3, 10, 30, 60, 100])("a %iD Magic pool's distribution ends once the rest of its mass is below 1e-17, not before", (dice) => {
    const pmf = hitsDistribution(plan(dice, true));
    // Exact (BigInt) tails: what lies past the last entry is negligible, what starts at it is not.
    expect(exactExplodingSuccess(dice, pmf.length)).toBeLessThan(TAIL);
    expect(exactExplodingSuccess(dice, pmf.length - 1)).toBeGreaterThan(TAIL / 2);
  });

  it("a big Magic pool keeps its whole distribution: 100D's tails match the exact ones", () => {
    const pmf = hitsDistribution(plan(100, true));
    for (const k of [1, 40, 60, 80, 90]) expect(tailOf(pmf, k) / exactExplodingSuccess(100, k)).toBeCloseTo(1, 9);
  });

  it("a plain pool's distribution is the binomial, to its very last hit", () => {
    const pmf = hitsDistribution(plan(70, false));
    expect(pmf).toHaveLength(71);
    for (const k of [0, 1, 35, 69, 70]) expect(tailOf(pmf, k) / exactPlainSuccess(70, k)).toBeCloseTo(1, 9);
  });

  it("refuses a plan that is not one, naming the field", () => {
    expect(() => hitsDistribution({ dice: -1, ob: 1, untrained: false, explode: false })).toThrow(/^plan\.dice must be at least 0, got -1$/);
    expect(() => hitsDistribution(null as unknown as TestPlan)).toThrow(/^plan must be a Test plan, got null$/);
  });

  // The dialog asks for the same few pools on every keystroke: each is computed once, while memory stays bounded.
  it("keeps a pool while other pools are computed: it forgets only when full, so at most once in ten", () => {
    const home = plan(333, false);
    const seen = new Set<readonly number[]>();
    for (let i = 0; i < 10; i++) {
      seen.add(hitsDistribution(home));
      hitsDistribution(plan(340 + i, false));
    }
    expect(seen.size).toBeLessThanOrEqual(2);
  });

  it("does not keep every pool ever asked for: after two hundred others, a pool is computed anew (and equal)", () => {
    const first = hitsDistribution(plan(500, false));
    for (let i = 0; i < 200; i++) hitsDistribution(plan(501 + i, false));
    const again = hitsDistribution(plan(500, false));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
