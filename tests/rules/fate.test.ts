import { describe, expect, it } from "vitest";
import {
  applyFateExplosion,
  applyFateReroll,
  bestFateReroll,
  fateEffect,
  fateRefusal,
  MAX_FATE_PER_ROLL,
  successProbability,
  successProbabilitiesWithFate,
  successProbabilityWithFate,
  type TestPlan,
} from "../../src/rules";
import { hitsOf, mulberry32, rollPool, simulationSamples, simulationTolerance } from "./odds-oracles";

const plan = (dice: number, ob: number, explode = false): TestPlan => ({ dice, ob, untrained: false, explode });

describe("fateEffect (SRD: Spending Persona & Fate To Modify Rolls)", () => {
  it("on a non-Magic roll, makes every 6 explode: one new die per six, and only sixes", () => {
    expect(fateEffect(plan(5, 3), [6, 5, 4, 6, 1])).toEqual({ kind: "explode", newDice: 2 });
    expect(fateEffect(plan(3, 3), [5, 4, 1])).toEqual({ kind: "explode", newDice: 0 });
    expect(fateEffect(plan(0, 1), [])).toEqual({ kind: "explode", newDice: 0 });
  });

  it("on a Magic roll, offers a reroll of any die except the sixes, which already exploded", () => {
    expect(fateEffect(plan(3, 3, true), [6, 2, 5, 1])).toEqual({ kind: "reroll", rerollable: [1, 2, 3] });
  });

  it("checks the faces fit the roll: one per die, plus one per six on Magic", () => {
    expect(() => fateEffect(plan(3, 1), [6, 2])).toThrow(/faces must hold 3 faces/);
    expect(() => fateEffect(plan(2, 1, true), [6, 2])).toThrow(/faces must hold 3 faces/);
    expect(() => fateEffect(plan(2, 1), [6, 0])).toThrow(/^faces\[1\] /);
  });
});

describe("fateRefusal", () => {
  it("allows the first Fate point and refuses a second on the same roll", () => {
    expect(MAX_FATE_PER_ROLL).toBe(1);
    expect(fateRefusal(plan(2, 2), [6, 1], 0)).toBeNull();
    expect(fateRefusal(plan(2, 2), [6, 1], 1)).toBe("fate-already-spent");
    expect(fateRefusal(plan(2, 2, true), [6, 1, 3], 1)).toBe("fate-already-spent");
  });

  it("refuses when Fate would change nothing: no sixes to explode, or no die to reroll", () => {
    expect(fateRefusal(plan(2, 2), [5, 1], 0)).toBe("fate-no-effect");
    expect(fateRefusal(plan(0, 1, true), [], 0)).toBe("fate-no-effect");
  });

  it("still answers after a non-Magic Fate, when the faces hold the exploded dice", () => {
    const after = applyFateExplosion(plan(2, 3), [6, 1], [4], 0);
    expect(fateRefusal(plan(2, 3), after.faces, after.fateSpent)).toBe("fate-already-spent");
  });

  it("rejects a fateSpent that is not a count", () => {
    expect(() => fateRefusal(plan(2, 2), [6, 1], -1)).toThrow(/^fateSpent /);
    expect(() => fateRefusal(plan(2, 2), [6, 1], 0.5)).toThrow(/^fateSpent /);
  });
});

describe("applyFateExplosion", () => {
  it("appends the new dice, exploded in turn, and resolves again", () => {
    // 4D at Ob 4: 6, 6, 4, 1 is three hits, a failure. Two sixes: two new dice, 6 and 2; that 6 spawns a 5.
    const out = applyFateExplosion(plan(4, 4), [6, 6, 4, 1], [6, 2, 5], 0);
    expect(out.faces).toEqual([6, 6, 4, 1, 6, 2, 5]);
    expect(out.result).toEqual({ hits: 5, passed: true, extraHits: 1, remainingOb: 0 });
    expect(out.fateSpent).toBe(1);
  });

  it("refuses a second spend, a roll with no sixes, and a Magic roll", () => {
    expect(() => applyFateExplosion(plan(2, 2), [6, 1], [4], 1)).toThrow(/at most 1 Fate point/);
    expect(() => applyFateExplosion(plan(2, 2), [5, 1], [], 0)).toThrow(/would change nothing/);
    expect(() => applyFateExplosion(plan(2, 2, true), [6, 1, 4], [4], 0)).toThrow(/applyFateReroll/);
  });

  it("insists on exactly one exploding chain per six", () => {
    expect(() => applyFateExplosion(plan(2, 2), [6, 6], [4], 0)).toThrow(/^newFaces must be 2 exploding dice/);
    expect(() => applyFateExplosion(plan(2, 2), [6, 1], [4, 3], 0)).toThrow(/^newFaces must be 1 exploding dice/);
    expect(() => applyFateExplosion(plan(2, 2), [6, 1], [6], 0)).toThrow(/^newFaces must be 1 exploding dice/);
    expect(() => applyFateExplosion(plan(2, 2), [6, 1], [8], 0)).toThrow(/^newFaces\[0\] /);
  });

  it("does not change the faces it was given", () => {
    const faces = [6, 1];
    applyFateExplosion(plan(2, 2), faces, [3], 0);
    expect(faces).toEqual([6, 1]);
  });
});

describe("applyFateReroll", () => {
  it("replaces exactly the chosen die and resolves again", () => {
    const faces = [3, 5, 1, 2];
    for (let index = 0; index < faces.length; index++) {
      const out = applyFateReroll(plan(4, 2, true), faces, index, [4], 0);
      const want = faces.map((f, i) => (i === index ? 4 : f));
      expect(out.faces).toEqual(want);
      expect(out.result.hits).toBe(want.filter((f) => f >= 4).length);
      expect(out.fateSpent).toBe(1);
    }
    expect(faces).toEqual([3, 5, 1, 2]);
  });

  it("lets a rerolled 6 explode like any Magic die: its chain is appended", () => {
    const out = applyFateReroll(plan(3, 4, true), [6, 5, 1, 4], 2, [6, 6, 2], 0);
    expect(out.faces).toEqual([6, 5, 6, 4, 6, 2]);
    expect(out.result).toEqual({ hits: 5, passed: true, extraHits: 1, remainingOb: 0 });
  });

  it("refuses a second spend, a six, an index out of range, and a non-Magic roll", () => {
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 0, [4], 1)).toThrow(/at most 1 Fate point/);
    expect(() => applyFateReroll(plan(2, 2, true), [6, 2, 3], 0, [4], 0)).toThrow(/is a 6 that already exploded/);
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 2, [4], 0)).toThrow(/^index /);
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], -1, [4], 0)).toThrow(/^index /);
    expect(() => applyFateReroll(plan(2, 2), [6, 2], 1, [4], 0)).toThrow(/applyFateExplosion/);
  });

  it("insists the reroll is one die and its explosions: sixes, then one non-six at the end", () => {
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 0, [], 0)).toThrow(/^rerollFaces /);
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 0, [4, 4], 0)).toThrow(/^rerollFaces /);
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 0, [6], 0)).toThrow(/^rerollFaces /);
    expect(() => applyFateReroll(plan(2, 2, true), [1, 2], 0, [3, 6], 0)).toThrow(/^rerollFaces must end/);
  });
});

describe("bestFateReroll", () => {
  it("picks a miss when there is one, otherwise a 4 or 5", () => {
    expect(bestFateReroll(plan(3, 4, true), [6, 5, 2, 4])).toBe(2);
    expect(bestFateReroll(plan(2, 4, true), [6, 5, 4])).toBe(1);
    expect(bestFateReroll(plan(0, 1, true), [])).toBeNull();
    expect(() => bestFateReroll(plan(2, 1), [1, 1])).toThrow(RangeError);
  });
});

/**
 * Independent oracle for a Magic roll with Fate on failure: a dynamic programme over dice, each a chain of s sixes
 * ending in a miss (hits s) or a 4/5 (hits s + 1), tracking capped hits and whether any miss was rolled.
 */
function magicWithFateOracle(dice: number, ob: number): number {
  if (ob === 0) return 1;
  // state index: hits (0..ob, ob meaning "ob or more") * 2 + (any miss ? 1 : 0)
  let dist = new Float64Array((ob + 1) * 2);
  dist[0] = 1;
  for (let d = 0; d < dice; d++) {
    const next = new Float64Array(dist.length);
    dist.forEach((p, state) => {
      if (p === 0) return;
      const h = state >> 1;
      const miss = state & 1;
      let six = 1; // (1/6)^s
      for (let s = 0; s < ob; s++) {
        const endMiss = Math.min(ob, h + s);
        const endHit = Math.min(ob, h + s + 1);
        next[endMiss * 2 + 1] = (next[endMiss * 2 + 1] ?? 0) + p * six * 0.5;
        next[endHit * 2 + miss] = (next[endHit * 2 + miss] ?? 0) + p * six * (1 / 3);
        six /= 6;
      }
      // ob or more sixes: the chain alone reaches the cap; it still ends in a miss 3/5 of the time
      next[ob * 2 + 1] = (next[ob * 2 + 1] ?? 0) + p * six * (3 / 5);
      next[ob * 2 + miss] = (next[ob * 2 + miss] ?? 0) + p * six * (2 / 5);
    });
    dist = next;
  }
  let total = 0;
  dist.forEach((p, state) => {
    const h = state >> 1;
    if (h >= ob) total += p;
    else if (dice > 0) total += p * 0.5 * (1 / 6) ** (ob - h - ((state & 1) === 1 ? 1 : 0));
  });
  return total;
}

describe("successProbabilityWithFate", () => {
  it("for a non-Magic plan equals the exploding pool's chance, exactly", () => {
    for (let n = 0; n <= 20; n++) {
      for (let ob = 0; ob <= 10; ob++) {
        expect(successProbabilityWithFate(plan(n, ob))).toBe(successProbability(plan(n, ob, true)));
      }
    }
  });

  it("for Magic matches a dynamic programme over dice for every pool 0–20 and Ob 0–15", () => {
    for (let n = 0; n <= 20; n++) {
      for (let ob = 0; ob <= 15; ob++) {
        const want = magicWithFateOracle(n, ob);
        const got = successProbabilityWithFate(plan(n, ob, true));
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-11 * want + 1e-300);
      }
    }
  });

  it("by hand: 1 Magic die at Ob 1 passes 1/2 + 1/2·1/2 = 3/4; at Ob 2 adds the reroll of a 4/5 or of a miss", () => {
    expect(successProbabilityWithFate(plan(1, 1, true))).toBeCloseTo(3 / 4, 15);
    // Pass outright 1/12. Miss (1/2): reroll needs two hits, 1/12. A 4/5 (1/3): reroll needs a 6 then a hit, 1/12.
    // A 6 then a miss (1/12): the miss is rerolled, needing one hit, 1/2.
    expect(successProbabilityWithFate(plan(1, 2, true))).toBeCloseTo(1 / 12 + (1 / 2) * (1 / 12) + (1 / 3) * (1 / 12) + (1 / 12) * (1 / 2), 15);
  });

  it("never lowers the chance, and cannot save a pool of 0 dice", () => {
    expect(successProbabilityWithFate(plan(0, 1, true))).toBe(0);
    expect(successProbabilityWithFate(plan(0, 0, true))).toBe(1);
    for (let n = 0; n <= 20; n++) {
      for (let ob = 0; ob <= 10; ob++) {
        for (const explode of [false, true]) {
          const p = successProbabilityWithFate(plan(n, ob, explode));
          expect(p).toBeGreaterThanOrEqual(successProbability(plan(n, ob, explode)));
          expect(p).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it("agrees with a seeded 200,000-roll simulation that spends Fate on a failure through the real Fate functions", () => {
    const samples = simulationSamples(200_000);
    for (const [n, ob, explode] of [
      [1, 1, true],
      [2, 3, true],
      [4, 3, true],
      [6, 5, true],
      [3, 3, false],
      [5, 4, false],
    ] as const) {
      const random = mulberry32(7 * n + ob + (explode ? 100 : 0));
      const p0 = plan(n, ob, explode);
      let passed = 0;
      for (let i = 0; i < samples; i++) {
        const faces = rollPool(random, n, explode);
        if (hitsOf(faces) >= ob) {
          passed++;
          continue;
        }
        if (fateRefusal(p0, faces, 0) !== null) continue;
        const effect = fateEffect(p0, faces);
        const out =
          effect.kind === "explode"
            ? applyFateExplosion(p0, faces, rollPool(random, effect.newDice, true), 0)
            : applyFateReroll(p0, faces, bestFateReroll(p0, faces) ?? 0, rollPool(random, 1, true), 0);
        if (out.result.passed) passed++;
      }
      const p = successProbabilityWithFate(p0);
      expect(Math.abs(passed / samples - p)).toBeLessThanOrEqual(simulationTolerance(p, samples));
    }
  }, 60_000);

  it("rejects a malformed plan", () => {
    expect(() => successProbabilityWithFate({ dice: 1, ob: -2, untrained: false, explode: true })).toThrow(/^plan\.ob /);
  });
});

describe("successProbabilityWithFate keeps no state between calls (issue 19)", () => {
  it("is exact for small pools computed right after a big one: the scratch buffers never leak", () => {
    for (let n = 20; n >= 0; n--) {
      for (let ob = 15; ob >= 0; ob--) {
        successProbabilityWithFate(plan(60, 40, true)); // fills the scratch far past what the next call needs
        const want = magicWithFateOracle(n, ob);
        const got = successProbabilityWithFate(plan(n, ob, true));
        expect(Math.abs(got - want), `${n}D Ob ${ob}`).toBeLessThanOrEqual(1e-11 * want + 1e-300);
      }
    }
  });
});

describe("Fate's refusals name what is wrong (issue 19)", () => {
  const badPlan = { dice: -1, ob: 1, untrained: false, explode: false };

  it("says what shape the faces should have had", () => {
    expect(() => fateEffect(plan(3, 1), [6, 2])).toThrow("faces must hold 3 faces (one per die), got 2");
    expect(() => fateEffect(plan(2, 1, true), [6, 2])).toThrow("faces must hold 3 faces (2 dice plus one per six), got 2");
  });

  it("names the plan's bad field and the bad face, in fateEffect and fateRefusal alike", () => {
    expect(() => fateEffect(badPlan, [])).toThrow("plan.dice must be at least 0, got -1");
    expect(() => fateRefusal(badPlan, [], 0)).toThrow("plan.dice must be at least 0, got -1");
    expect(() => fateRefusal(plan(2, 1), [4, 7], 0)).toThrow("faces[1] must be at most 6, got 7");
  });

  it("bestFateReroll says only a Magic roll rerolls", () => {
    expect(() => bestFateReroll(plan(2, 1), [1, 1])).toThrow("plan: only a Magic roll rerolls a die with Fate");
  });
});

describe("successProbabilitiesWithFate: one chance per Ob (issue 19)", () => {
  it("returns exactly maxOb + 1 chances, even when the pool could reach far more hits", () => {
    expect(successProbabilitiesWithFate(plan(6, 1), 2)).toHaveLength(3);
    expect(successProbabilitiesWithFate(plan(6, 1, true), 2)).toHaveLength(3);
    expect(successProbabilitiesWithFate(plan(3, 1, true), 0)).toEqual([1]);
  });

  it("a pool of 0 dice passes only Ob 0, Magic or not: Fate has no die to reroll", () => {
    expect(successProbabilitiesWithFate(plan(0, 1), 3)).toEqual([1, 0, 0, 0]);
    expect(successProbabilitiesWithFate(plan(0, 1, true), 3)).toEqual([1, 0, 0, 0]);
  });

  // hitsDistribution drops the last 1e-17 of the mass: hence the small absolute allowance.
  it("equals successProbabilityWithFate at every Ob, the last one included, to 1e-13 relative", () => {
    for (let dice = 0; dice <= 6; dice++) {
      for (let maxOb = 0; maxOb <= 9; maxOb++) {
        for (const explode of [false, true]) {
          const all = successProbabilitiesWithFate(plan(dice, 3, explode), maxOb);
          for (let ob = 0; ob <= maxOb; ob++) {
            const want = successProbabilityWithFate(plan(dice, ob, explode));
            expect(Math.abs((all[ob] ?? Number.NaN) - want), `${dice}D Ob ${ob} of ${maxOb}`).toBeLessThanOrEqual(1e-13 * want + 1e-15);
          }
        }
      }
    }
  });

  it("refuses a maxOb that is negative, fractional or not a number, and names the plan's bad field", () => {
    for (const bad of [-1, 1.5, Number.NaN, "2"]) {
      expect(() => successProbabilitiesWithFate(plan(2, 1), bad as number)).toThrow(`maxOb must be a whole number, got ${String(bad)}`);
    }
    expect(() => successProbabilitiesWithFate({ dice: 2, ob: 1, untrained: false, explode: 1 } as unknown as TestPlan, 2)).toThrow(
      "plan.explode must be true or false, got 1",
    );
  });
});
