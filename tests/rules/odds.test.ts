import { describe, expect, it } from "vitest";
import { planTest, successProbability, type TestPlan } from "../../src/rules";
import { explodingLowerTail, explodingUpperTail, fillBinomialPmf, fillNegativeBinomialPmf, plainLowerTail } from "../../src/rules/odds-series";
import {
  enumerateExploding,
  exactExplodingSuccess,
  exactPlainSuccess,
  shareAtLeast,
  simulateHits,
  simulationSamples,
  simulationTolerance,
} from "./odds-oracles";

const plan = (dice: number, ob: number, explode = false): TestPlan => ({ dice, ob, untrained: false, explode });

/** |got - want| within `rel` of want, or within 1e-300 for values that are 0. */
function expectRelClose(got: number, want: number, rel: number): void {
  expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.abs(want) + 1e-300);
}

describe("successProbability: small cases by hand", () => {
  it("Ob 0 passes on any roll, even with no dice", () => {
    for (const explode of [false, true]) {
      expect(successProbability(plan(0, 0, explode))).toBe(1);
      expect(successProbability(plan(5, 0, explode))).toBe(1);
    }
  });

  it("no dice never beats an Ob of 1 or more", () => {
    expect(successProbability(plan(0, 1))).toBe(0);
    expect(successProbability(plan(0, 3, true))).toBe(0);
  });

  it("one plain die hits on 4, 5 or 6: one half", () => {
    expect(successProbability(plan(1, 1))).toBe(0.5);
    expect(successProbability(plan(1, 2))).toBe(0);
  });

  it("one Magic die: 1/2 for one hit, 1/12 for two (a 6, then a hit), 1/72 for three", () => {
    expect(successProbability(plan(1, 1, true))).toBeCloseTo(1 / 2, 15);
    expect(successProbability(plan(1, 2, true))).toBeCloseTo(1 / 12, 15);
    expect(successProbability(plan(1, 3, true))).toBeCloseTo(1 / 72, 15);
  });

  it("two plain dice at Ob 2 need both: 1/4; Magic adds 6-then-hit chances: 1/3", () => {
    expect(successProbability(plan(2, 2))).toBe(0.25);
    expect(successProbability(plan(2, 2, true))).toBeCloseTo(1 / 3, 15);
  });

  it("an untrained Test is harder: Potential 4 at Ob 2 becomes 4D at Ob 4", () => {
    const untrained = planTest({ rating: 0, potential: 4, ob: 2 });
    expect(successProbability(untrained)).toBe(1 / 16);
    expect(successProbability(planTest({ rating: 4, potential: 4, ob: 2 }))).toBe(11 / 16);
  });

  it("rejects a malformed plan", () => {
    expect(() => successProbability({ dice: -1, ob: 1, untrained: false, explode: false })).toThrow(/plan\.dice/);
    expect(() => successProbability({ dice: 1, ob: 1.5, untrained: false, explode: false })).toThrow(/plan\.ob/);
    expect(() => successProbability({ dice: 1, ob: 1, untrained: false } as unknown as TestPlan)).toThrow(RangeError);
  });
});

describe("successProbability: plain pools equal the binomial tail", () => {
  it("matches sum C(n,k)/2^n in exact integers for every pool 0–40 and Ob 0–45, relatively to 1e-13", () => {
    for (let n = 0; n <= 40; n++) {
      for (let ob = 0; ob <= 45; ob++) {
        const want = exactPlainSuccess(n, ob);
        const got = successProbability(plan(n, ob));
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12);
        expectRelClose(got, want, 1e-13);
      }
    }
  });

  it("keeps full relative precision in the far tail of big pools (binomial coefficients past 2^53)", () => {
    for (const n of [60, 80, 100, 150]) {
      for (let ob = Math.floor(n / 2); ob <= n; ob += 3) {
        expectRelClose(successProbability(plan(n, ob)), exactPlainSuccess(n, ob), 1e-12);
      }
    }
  });

  it("is 0 beyond the pool and tiny at its edge: 30D at Ob 30 is 2^-30", () => {
    expect(successProbability(plan(30, 31))).toBe(0);
    expect(successProbability(plan(30, 30))).toBe(2 ** -30);
  });
});

describe("successProbability: Magic pools (exploding sixes)", () => {
  it("matches the exact rational value of H^n for every pool 0–30 and Ob 0–50, relatively to 1e-12", () => {
    for (let n = 0; n <= 30; n++) {
      for (let ob = 0; ob <= 50; ob++) {
        const want = exactExplodingSuccess(n, ob);
        const got = successProbability(plan(n, ob, true));
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12);
        expectRelClose(got, want, 1e-12);
      }
    }
  });

  it("lies inside the bounds of a brute-force enumeration of every face sequence (explosions capped)", () => {
    const cases: [number, number][] = [
      [1, 14],
      [2, 11],
      [3, 9],
      [4, 8],
      [5, 7],
    ];
    for (const [dice, cap] of cases) {
      for (let ob = 0; ob <= dice + 4; ob++) {
        const { pass, cut } = enumerateExploding(dice, ob, cap);
        const got = successProbability(plan(dice, ob, true));
        expect(cut).toBeLessThan(1e-3);
        expect(got).toBeGreaterThanOrEqual(pass - 1e-15);
        expect(got).toBeLessThanOrEqual(pass + cut + 1e-15);
      }
    }
  }, 60_000);

  it("agrees with a seeded 200,000-roll simulation for pools 1–20 at Ob 0–10, within 5 standard errors", () => {
    const samples = simulationSamples(200_000);
    for (let n = 1; n <= 20; n++) {
      const counts = simulateHits(1000 + n, n, true, samples);
      for (let ob = 0; ob <= 10; ob++) {
        const p = successProbability(plan(n, ob, true));
        expect(Math.abs(shareAtLeast(counts, ob, samples) - p)).toBeLessThanOrEqual(simulationTolerance(p, samples));
      }
    }
  }, 60_000);

  it("beats the same plain pool: sixes only ever add hits", () => {
    for (let n = 1; n <= 20; n++) {
      for (let ob = 1; ob <= 10; ob++) {
        expect(successProbability(plan(n, ob, true))).toBeGreaterThanOrEqual(successProbability(plan(n, ob)));
      }
    }
  });

  it("is monotone: more dice never hurt, a higher Ob never helps", () => {
    for (const explode of [false, true]) {
      for (let n = 0; n <= 20; n++) {
        for (let ob = 0; ob <= 10; ob++) {
          const p = successProbability(plan(n, ob, explode));
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          expect(successProbability(plan(n + 1, ob, explode))).toBeGreaterThanOrEqual(p);
          expect(successProbability(plan(n, ob + 1, explode))).toBeLessThanOrEqual(p);
        }
      }
    }
  });

  it("stays finite and consistent for absurd pools: both tails agree for 2,000D around the mean", () => {
    for (const ob of [1100, 1200, 1300]) {
      const viaLower = 1 - explodingLowerTail(2000, ob - 1);
      const viaUpper = explodingUpperTail(2000, ob);
      expect(Math.abs(viaLower - viaUpper)).toBeLessThan(1e-10);
    }
    expect(successProbability(plan(2000, 1300, true))).toBeGreaterThan(0);
    expect(successProbability(plan(5000, 10, true))).toBe(1);
    expect(successProbability(plan(5000, 10_000, true))).toBe(0);
  });
});

describe("odds-series: the two tails are complements", () => {
  it("P(hits < ob) + P(hits >= ob) = 1 for every pool 1–30 and Ob 1–50", () => {
    for (let n = 1; n <= 30; n++) {
      for (let ob = 1; ob <= 50; ob++) {
        expect(explodingLowerTail(n, ob - 1) + explodingUpperTail(n, ob)).toBeCloseTo(1, 14);
      }
    }
  });
});

describe("odds keep no state between calls, and the series end cleanly (issue 19)", () => {
  it("is exact for small pools computed right after a big one: the scratch buffers never leak", () => {
    for (let n = 12; n >= 1; n--) {
      for (let ob = 14; ob >= 1; ob--) {
        successProbability(plan(80, 60, true));
        successProbability(plan(80, 30, true));
        expectRelClose(successProbability(plan(n, ob, true)), exactExplodingSuccess(n, ob), 1e-12);
        successProbability(plan(80, 60));
        expectRelClose(successProbability(plan(n, ob)), exactPlainSuccess(n, ob), 1e-13);
      }
    }
  });

  it("writes zeros past the end of a binomial's support, even in log space (huge pools)", () => {
    // 0.5^1100 underflows the linear start, so the series is built from logarithms.
    const n = 1100;
    const out = Array.from({ length: n + 6 }, () => 7);
    fillBinomialPmf(out, n, 1, 2, n + 6);
    expect(out.slice(n + 1)).toEqual([0, 0, 0, 0, 0]);
    expect(out[n / 2]).toBeGreaterThan(0); // the middle is far from underflow; the very ends, 0.5^1100, are not
    expect(Math.abs(out.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(1e-9);
  });
});

describe("odds-series: each pmf writes exactly the terms asked for (issue 19)", () => {
  const untouched = 7;
  const filled = (length: number): number[] => Array.from({ length }, () => untouched);

  it("leaves every entry from `count` on as it was, in linear and in log space", () => {
    // 10 dice start at 2^-10 (linear); 1,100 dice at 2^-1100 and 4,000 negative-binomial stops at (5/6)^4000 (log space).
    for (const n of [10, 1100]) {
      const out = filled(8);
      fillBinomialPmf(out, n, 1, 2, 4);
      expect(out.slice(4)).toEqual([untouched, untouched, untouched, untouched]);
      expect(out.slice(0, 4).every((p) => p !== untouched)).toBe(true);
    }
    for (const r of [10, 4000]) {
      const out = filled(8);
      fillNegativeBinomialPmf(out, r, 1, 6, 5);
      expect(out.slice(5)).toEqual([untouched, untouched, untouched]);
    }
  });

  it("in log space keeps the top of a binomial's support: P(X = n) and P(X = n - 1) of Binomial(700, 2/3)", () => {
    // (1/3)^700 underflows the linear start; (2/3)^700 is about 1e-123, far from underflow.
    const n = 700;
    const out = filled(n + 3);
    fillBinomialPmf(out, n, 2, 3, n + 3);
    const top = Math.exp(n * Math.log(2 / 3));
    expect(Math.abs((out[n] ?? 0) / top - 1)).toBeLessThan(1e-9);
    expect(Math.abs((out[n - 1] ?? 0) / ((n / 2) * top) - 1)).toBeLessThan(1e-9); // n·(2/3)^(n-1)·(1/3) = (n/2)·(2/3)^n
    expect(out.slice(n + 1)).toEqual([0, 0]);
  });
});

describe("plainLowerTail: the plain pool's lower tail at its ends", () => {
  it("P(hits <= n) is exactly 1 once n reaches the pool, for big pools too (no rounded sum)", () => {
    for (const dice of [1, 7, 60, 99, 150, 400]) {
      expect(plainLowerTail(dice, dice)).toBe(1);
      expect(plainLowerTail(dice, dice + 3)).toBe(1);
    }
  });

  it("P(hits <= n) is 0 below 0 hits", () => {
    expect(plainLowerTail(5, -1)).toBe(0);
    expect(plainLowerTail(0, -2)).toBe(0);
  });
});
