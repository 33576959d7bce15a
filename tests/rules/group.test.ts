import { describe, expect, it } from "vitest";
import {
  HINDERING_READINGS,
  groupPassProbability,
  helpingAlternativeProbability,
  hinderingAlternativeOdds,
  hinderingOdds,
  hitsDistribution,
  resolveHindering,
  resolveHinderingByOb,
  successProbabilitiesWithFate,
  successProbabilityWithFate,
  type AssistParticipant,
  type TestPlan,
  upperTails,
} from "../../src/rules";
import { exactPlainSuccess, mulberry32, ratioToNumber, rollPool } from "./odds-oracles";

const plan = (dice: number, ob: number, explode = false): TestPlan => ({ dice, ob, untrained: false, explode });

/**
 * Oracle: every way a pool can land, enumerated die by die as a miss (1–3), a plain hit (4–5) or a six (a hit that,
 * exploding, adds a die), exploding chains followed until their weight is below 1e-18, as a hits → probability map.
 * Shares nothing with src/rules.
 */
function enumerateHits(dice: number, explode: boolean): Map<number, number> {
  const out = new Map<number, number>();
  const walk = (pending: number, hits: number, weight: number): void => {
    if (weight < 1e-18) return;
    if (pending === 0) {
      out.set(hits, (out.get(hits) ?? 0) + weight);
      return;
    }
    walk(pending - 1, hits, weight / 2);
    walk(pending - 1, hits + 1, weight / 3);
    walk(pending - 1 + (explode ? 1 : 0), hits + 1, weight / 6);
  };
  walk(dice, 0, 1);
  return out;
}

/** Oracle: the joint outcome over every participant, by nested enumeration of their hit maps. */
function joint(maps: Map<number, number>[], visit: (hits: number[], weight: number) => void): void {
  const step = (i: number, hits: number[], weight: number): void => {
    if (i === maps.length) return visit(hits, weight);
    for (const [h, p] of maps[i] as Map<number, number>) step(i + 1, [...hits, h], weight * p);
  };
  step(0, [], 1);
}

/** Oracle for Fate on a plain roll: if it has not reached `ob`, each 6 adds an exploding die. */
function enumerateFatePlain(dice: number, ob: number): number {
  let pass = 0;
  const faces: number[] = [];
  const walk = (left: number, weight: number): void => {
    if (left === 0) {
      const hits = faces.filter((f) => f >= 4).length;
      if (hits >= ob) pass += weight;
      else {
        const sixes = faces.filter((f) => f === 6).length;
        for (const [extra, p] of enumerateHits(sixes, true)) if (hits + extra >= ob) pass += weight * p;
      }
      return;
    }
    for (let f = 1; f <= 6; f++) {
      faces.push(f);
      walk(left - 1, weight / 6);
      faces.pop();
    }
  };
  walk(dice, 1);
  return pass;
}

/** Oracle: P(Binomial(n, 1/2) = k) exactly, from Pascal's row in BigInt. */
function exactPlainPmf(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return ratioToNumber(c, 1n << BigInt(n));
}

/**
 * Oracle for one plain hinderer against a plain target, from the binomials alone: the hinderer's every count of
 * hits shifts the target's threshold by her hits (addToOb) or her extra hits (extraHits).
 */
function exactHindering(target: TestPlan, hinderer: TestPlan, reading: "extraHits" | "addToOb"): { pass: number; tie: number } {
  let pass = 0;
  let tie = 0;
  for (let h = 0; h <= hinderer.dice; h++) {
    const ph = exactPlainPmf(hinderer.dice, h);
    const d = reading === "addToOb" ? h : Math.max(0, h - hinderer.ob);
    pass += ph * exactPlainSuccess(target.dice, target.ob + d + (d > 0 ? 1 : 0));
    if (d > 0) tie += ph * exactPlainPmf(target.dice, target.ob + d);
  }
  return { pass, tie };
}

describe("hitsDistribution", () => {
  it.each([
    [0, false],
    [1, false],
    [4, false],
    [1, true],
    [3, true],
    [4, true],
  ])("matches enumeration for %iD (explode %s)", (dice, explode) => {
    const pmf = hitsDistribution(plan(dice, 1, explode));
    const oracle = enumerateHits(dice, explode);
    for (const [h, p] of oracle) expect(pmf[h] ?? 0).toBeCloseTo(p, 10);
    expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("matches a seeded simulation for a big exploding pool", () => {
    const random = mulberry32(7);
    const counts: number[] = [];
    const samples = 40_000;
    for (let i = 0; i < samples; i++) {
      const h = rollPool(random, 12, true).filter((f) => f >= 4).length;
      counts[h] = (counts[h] ?? 0) + 1;
    }
    const pmf = hitsDistribution(plan(12, 1, true));
    for (let h = 4; h <= 10; h++) expect(Math.abs((pmf[h] ?? 0) - (counts[h] ?? 0) / samples)).toBeLessThan(0.01);
  });

  it("computes a pool's distribution once: the Ob does not change it, and the cached copy cannot be changed", () => {
    const first = hitsDistribution(plan(17, 2, true));
    expect(hitsDistribution(plan(17, 9, true))).toBe(first);
    expect(hitsDistribution(plan(17, 2, false))).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => ((first as number[])[0] = 1)).toThrow(TypeError);
  });

  it("refuses a plan that is not one", () => {
    expect(() => hitsDistribution({ dice: -1, ob: 1, untrained: false, explode: false })).toThrow(RangeError);
  });
});

describe("groupPassProbability", () => {
  const cases: [TestPlan[]][] = [[[plan(2, 1), plan(3, 2)]], [[plan(2, 1, true), plan(1, 1), plan(3, 2)]], [[plan(3, 3, true), plan(2, 2, true)]]];

  it.each(cases)("needed: every roll passes (brute force %#)", (plans) => {
    let oracle = 0;
    joint(
      plans.map((p) => enumerateHits(p.dice, p.explode)),
      (hits, w) => {
        if (hits.every((h, i) => h >= (plans[i] as TestPlan).ob)) oracle += w;
      },
    );
    expect(groupPassProbability("needed", plans)).toBeCloseTo(oracle, 9);
  });

  it.each(cases)("helpful: one pass is enough (brute force %#)", (plans) => {
    let oracle = 0;
    joint(
      plans.map((p) => enumerateHits(p.dice, p.explode)),
      (hits, w) => {
        if (hits.some((h, i) => h >= (plans[i] as TestPlan).ob)) oracle += w;
      },
    );
    expect(groupPassProbability("helpful", plans)).toBeCloseTo(oracle, 9);
  });

  it("with Fate, each plain roller explodes her sixes when she fails", () => {
    const plans = [plan(3, 2), plan(2, 2)];
    const p0 = enumerateFatePlain(3, 2);
    const p1 = enumerateFatePlain(2, 2);
    expect(groupPassProbability("needed", plans, { fate: true })).toBeCloseTo(p0 * p1, 9);
    expect(groupPassProbability("helpful", plans, { fate: true })).toBeCloseTo(1 - (1 - p0) * (1 - p1), 9);
    expect(groupPassProbability("needed", plans, { fate: true })).toBeGreaterThan(groupPassProbability("needed", plans));
  });

  it("keeps the digits of a helpful group whose every chance is tiny", () => {
    const tiny = [plan(1, 20, true), plan(1, 20, true)];
    const single = groupPassProbability("helpful", [plan(1, 20, true)]);
    expect(single).toBeGreaterThan(0);
    expect(groupPassProbability("helpful", tiny) / single).toBeCloseTo(2, 6);
  });

  it("refuses an unknown mode or an empty group", () => {
    expect(() => groupPassProbability("hindering" as "needed", [plan(1, 1)])).toThrow(RangeError);
    expect(() => groupPassProbability("needed", [])).toThrow(RangeError);
  });

  it("says what is wrong with a refused group: the mode, the list, or which plan and field", () => {
    expect(() => groupPassProbability("hindering" as "needed", [plan(1, 1)])).toThrow(/^mode must be "needed" or "helpful", got hindering$/);
    expect(() => groupPassProbability("helpful", undefined as unknown as TestPlan[])).toThrow(/^plans must be a list of Test plans, got undefined$/);
    expect(() => groupPassProbability("needed", [])).toThrow(/^plans must hold at least 1 plan\(s\), got 0$/);
    expect(() => groupPassProbability("helpful", [plan(1, 1), plan(2, -1)])).toThrow(/^plans\[1\]\.ob must be at least 0, got -1$/);
  });
});

describe("hinderingOdds", () => {
  const oracle = (target: TestPlan, hinderers: TestPlan[], reading: "extraHits" | "addToOb") => {
    let pass = 0;
    let tie = 0;
    joint(
      [target, ...hinderers].map((p) => enumerateHits(p.dice, p.explode)),
      ([t = 0, ...hs], w) => {
        const d = hs.reduce((sum, h, i) => sum + (reading === "addToOb" ? h : Math.max(0, h - (hinderers[i] as TestPlan).ob)), 0);
        if (d > 0 && t === target.ob + d) tie += w;
        else if (t >= target.ob + d) pass += w;
      },
    );
    return { pass, tie };
  };

  it.each([
    [plan(4, 2), [plan(3, 1)]],
    [plan(3, 1, true), [plan(2, 1), plan(2, 2, true)]],
    [plan(5, 3), [plan(4, 2, true)]],
    // Hinderers who can shift the threshold past anything the target can roll (the convolution stops there).
    [plan(2, 1), [plan(4, 1), plan(3, 1, true)]],
    [plan(2, 1, true), [plan(4, 1), plan(3, 1)]],
  ])("both readings match brute force (%#)", (target, hinderers) => {
    for (const reading of ["extraHits", "addToOb"] as const) {
      const odds = hinderingOdds(target, hinderers, reading);
      const expected = oracle(target, hinderers, reading);
      expect(odds.pass).toBeCloseTo(expected.pass, 9);
      expect(odds.tie ?? -1).toBeCloseTo(expected.tie, 9);
    }
  });

  it("the Spanish reading is harder on the target than the English one", () => {
    const target = plan(5, 2);
    const hinderers = [plan(4, 2)];
    expect(hinderingOdds(target, hinderers, "addToOb").pass).toBeLessThan(hinderingOdds(target, hinderers, "extraHits").pass);
  });

  it("with Fate, the plain target explodes her sixes unless she passed outright; no tie is computed", () => {
    const target = plan(3, 1);
    const hinderers = [plan(1, 1)];
    // The hinderer's one die: a hit (1/2) shifts the target's threshold by 1 under either reading here.
    const expected = 0.5 * enumerateFatePlain(3, 1) + 0.5 * enumerateFatePlain(3, 3);
    const odds = hinderingOdds(target, hinderers, "addToOb", { fate: true });
    expect(odds.pass).toBeCloseTo(expected, 9);
    expect(odds.tie).toBeNull();
  });

  it("refuses an unknown reading and an empty list of hinderers", () => {
    expect(() => hinderingOdds(plan(2, 1), [plan(1, 1)], "both" as "addToOb")).toThrow(RangeError);
    expect(() => hinderingOdds(plan(2, 1), [], "extraHits")).toThrow(RangeError);
  });

  it("says what is wrong with a refused hindering: the reading, the target, the list, or which hinderer", () => {
    expect(() => hinderingOdds(plan(2, 1), [plan(1, 1)], "both" as "addToOb")).toThrow(/^reading must be "extraHits" or "addToOb", got both$/);
    expect(() => hinderingOdds(plan(-2, 1), [plan(1, 1)], "addToOb")).toThrow(/^target\.dice must be at least 0, got -2$/);
    expect(() => hinderingOdds(plan(2, 1), [], "extraHits")).toThrow(/^hinderers must hold at least 1 plan\(s\), got 0$/);
    expect(() => hinderingOdds(plan(2, 1), [plan(1, 1), plan(1.5, 1)], "extraHits")).toThrow(/^hinderers\[1\]\.dice must be a whole number, got 1\.5$/);
  });

  it("offers every reading the rules journal names, the English SRD's and the Spanish SRD's, and accepts each", () => {
    expect([...HINDERING_READINGS].sort()).toEqual(["addToOb", "extraHits"]);
    for (const reading of HINDERING_READINGS) expect(hinderingOdds(plan(3, 1), [plan(2, 1)], reading).pass).toBeGreaterThan(0);
  });

  it("with Fate, a plain target may out-roll her dice: hinderers who raise her Ob past her pool still leave her a chance", () => {
    // 1D against Ob 1, raised by a 3D hinderer's hits (Binomial(3, 1/2)). Fate explodes her sixes when she has not
    // passed outright, so Ob 3, 4 and 5 are within her reach.
    const shift = [1 / 8, 3 / 8, 3 / 8, 1 / 8];
    const expected = shift.reduce((sum, p, d) => sum + p * enumerateFatePlain(1, 1 + d + (d > 0 ? 1 : 0)), 0);
    const odds = hinderingOdds(plan(1, 1), [plan(3, 1)], "addToOb", { fate: true });
    expect(odds.pass).toBeCloseTo(expected, 12);
    // More than her one pass without any hinderer's hit (1/8 · 1/2): the raised Obs count.
    expect(odds.pass).toBeGreaterThan(1 / 16);
  });

  it.each(["extraHits", "addToOb"] as const)("a 70D hinderer (chances far below 1e-20 at both ends) matches the exact binomials (%s)", (reading) => {
    const target = plan(40, 1);
    const hinderer = plan(70, 1);
    const odds = hinderingOdds(target, [hinderer], reading);
    const expected = exactHindering(target, hinderer, reading);
    expect(expected.pass).toBeGreaterThan(1e-4);
    expect(odds.pass / expected.pass).toBeCloseTo(1, 12);
    expect((odds.tie ?? -1) / expected.tie).toBeCloseTo(1, 12);
  });
});

describe("upperTails", () => {
  it("gives P(hits >= k) for every k up to the highest Ob asked, zero past the last count", () => {
    expect(upperTails([0.25, 0.5, 0.25], 4)).toEqual([1, 0.75, 0.25, 0, 0]);
  });

  it("stops at the highest Ob asked even when the pool can roll more", () => {
    expect(upperTails([0.25, 0.5, 0.25], 1)).toEqual([1, 0.75]);
  });
});

describe("the alternative rules' odds", () => {
  it("refuses a bad group or main Ob, saying which", () => {
    expect(() => helpingAlternativeProbability([], 2)).toThrow(/^plans must hold at least 1 plan\(s\), got 0$/);
    expect(() => helpingAlternativeProbability([plan(2, 1)], 0)).toThrow(/^ob must be at least 1, got 0$/);
    expect(() => hinderingAlternativeOdds(plan(2, -1), [plan(2, 1)])).toThrow(/^target\.ob must be at least 0, got -1$/);
    expect(() => hinderingAlternativeOdds(plan(2, 1), [])).toThrow(/^others must hold at least 1 plan\(s\), got 0$/);
  });

  it("hindering: a target of no dice ties when every other rolls none, and cannot win", () => {
    expect(hinderingAlternativeOdds(plan(0, 1), [plan(2, 1)])).toEqual({ pass: 0, tie: 0.25 });
  });

  it("helping: the group passes when any roll reaches the main Ob", () => {
    const plans = [plan(2, 9), plan(3, 9, true)];
    let oracle = 0;
    joint(
      plans.map((p) => enumerateHits(p.dice, p.explode)),
      (hits, w) => {
        if (Math.max(...hits) >= 2) oracle += w;
      },
    );
    expect(helpingAlternativeProbability(plans, 2)).toBeCloseTo(oracle, 9);
  });

  it("hindering: the target wins with strictly most hits and ties on a shared top", () => {
    const target = plan(3, 1, true);
    const others = [plan(2, 1), plan(3, 1)];
    let pass = 0;
    let tie = 0;
    joint(
      [target, ...others].map((p) => enumerateHits(p.dice, p.explode)),
      ([t = 0, ...o], w) => {
        const top = Math.max(...o);
        if (t > top) pass += w;
        else if (t === top) tie += w;
      },
    );
    const odds = hinderingAlternativeOdds(target, others);
    expect(odds.pass).toBeCloseTo(pass, 9);
    expect(odds.tie ?? -1).toBeCloseTo(tie, 9);
  });
});

describe("resolveHinderingByOb (the Spanish SRD's reading)", () => {
  const roll = (hits: number, ob: number) => ({
    hits,
    passed: hits >= ob,
    extraHits: Math.max(0, hits - ob),
    remainingOb: Math.max(0, ob - hits),
  });

  it("adds every hinderer's hits to the target's Ob", () => {
    const out = resolveHinderingByOb({ id: "t", result: roll(5, 2) }, [
      { id: "a", result: roll(1, 3) },
      { id: "b", result: roll(1, 1) },
    ]);
    expect(out).toEqual({ tie: false, targetId: "t", reducedBy: 2, result: { hits: 5, passed: true, extraHits: 1, remainingOb: 0 } });
  });

  it("a hinderer who failed her own Ob still raises it (the English reading would not)", () => {
    const target = { id: "t", result: roll(3, 2) };
    const hinderer = { id: "h", result: roll(2, 4) };
    const spanish = resolveHinderingByOb(target, [hinderer]);
    const english = resolveHindering(target, [hinderer]);
    expect(spanish.tie === false && spanish.result.passed).toBe(false);
    expect(english.tie === false && english.result.passed).toBe(true);
  });

  it("landing exactly on the raised Ob is a tie naming the hinderers with hits", () => {
    const out = resolveHinderingByOb({ id: "t", result: roll(4, 2) }, [
      { id: "a", result: roll(2, 1) },
      { id: "z", result: roll(0, 1) },
    ]);
    expect(out).toMatchObject({ tie: true, tiedIds: ["t", "a"], reducedBy: 2 });
  });

  it("no hits against her is no tie", () => {
    const out = resolveHinderingByOb({ id: "t", result: roll(2, 2) }, [{ id: "a", result: roll(0, 1) }]);
    expect(out).toMatchObject({ tie: false, result: { passed: true } });
  });

  it("a target who fell short of her own Ob still lacks it, and the hinderers' hits on top", () => {
    const out = resolveHinderingByOb({ id: "t", result: roll(1, 3) }, [{ id: "a", result: roll(1, 1) }]);
    expect(out).toEqual({ tie: false, targetId: "t", reducedBy: 1, result: { hits: 1, passed: false, extraHits: 0, remainingOb: 3 } });
  });

  it("a tie carries the notice the card shows", () => {
    const out = resolveHinderingByOb({ id: "t", result: roll(3, 2) }, [{ id: "a", result: roll(1, 1) }]);
    expect(out).toEqual({ tie: true, targetId: "t", reducedBy: 1, tiedIds: ["t", "a"], notice: { key: "GOLDHACK.Assist.Tie" } });
  });

  it("refuses a malformed target or hinderer, saying which and why", () => {
    const ok = { id: "a", result: roll(1, 1) };
    const target = { id: "t", result: roll(2, 2) };
    const bad = (v: unknown) => v as AssistParticipant;
    expect(() => resolveHinderingByOb(bad(null), [ok])).toThrow(/^target must be a participant, got null$/);
    expect(() => resolveHinderingByOb(bad("t"), [ok])).toThrow(/^target must be a participant, got t$/);
    expect(() => resolveHinderingByOb(bad({ id: "t", result: { hits: -1 } }), [ok])).toThrow(/^target\.result\.hits must be at least 0, got -1$/);
    expect(() => resolveHinderingByOb(target, undefined as unknown as AssistParticipant[])).toThrow(/^hinderers must hold at least 1 roll\(s\), got undefined$/);
    expect(() => resolveHinderingByOb(target, [])).toThrow(/^hinderers must hold at least 1 roll\(s\), got $/);
    for (const h of [null, undefined, 7, { result: roll(1, 1) }, { id: 3, result: roll(1, 1) }, { id: "", result: roll(1, 1) }]) {
      expect(() => resolveHinderingByOb(target, [ok, bad(h)])).toThrow(/^hinderers\[1\]\.id must be a non-empty string$/);
    }
    expect(() => resolveHinderingByOb(target, [ok, bad({ id: "b", result: null })])).toThrow(/^hinderers\[1\]\.result must be a resolved Test, got null$/);
    expect(() => resolveHinderingByOb(target, [ok, { id: "t", result: roll(1, 1) }])).toThrow(/^hinderers must not include the target "t"$/);
  });

  it("refuses the target among the hinderers and a contradictory result", () => {
    expect(() => resolveHinderingByOb({ id: "t", result: roll(2, 2) }, [{ id: "t", result: roll(1, 1) }])).toThrow(RangeError);
    expect(() => resolveHinderingByOb({ id: "t", result: { hits: 1, passed: true, extraHits: 0, remainingOb: 1 } }, [{ id: "a", result: roll(1, 1) }])).toThrow(RangeError);
    expect(() => resolveHinderingByOb({ id: "t", result: roll(1, 1) }, [])).toThrow(RangeError);
  });
});

describe("successProbabilitiesWithFate", () => {
  it.each([
    [0, false],
    [1, false],
    [5, false],
    [1, true],
    [4, true],
    [12, true],
    [30, true],
  ])("agrees with successProbabilityWithFate Ob by Ob (%iD, Magic %s)", (dice, explode) => {
    const all = successProbabilitiesWithFate(plan(dice, 1, explode), 40);
    for (let ob = 0; ob <= 40; ob++) expect(all[ob]).toBeCloseTo(successProbabilityWithFate(plan(dice, ob, explode)), 12);
  });
});
