/**
 * The odds benches' floors compute the same numbers as the rules core (issue 32: like for like), so that ours ÷
 * floor compares two ways to one result. Exact chances: agreement to 1e-10 relative, far tighter than any digit
 * shown, and loose enough for two summation orders.
 */
import { describe, expect, it } from "vitest";
import { floorPassProbability } from "../../bench/floors/convolution";
import { floorGroupPass, floorHinderingPass } from "../../bench/floors/group-floor";
import { groupPassProbability, HINDERING_READINGS, hinderingOdds, successProbability, successProbabilityWithFate, type TestPlan } from "../../src/rules";

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-10 * Math.max(Math.abs(a), Math.abs(b)) || Math.abs(a - b) < 1e-300;

describe("the odds floor (a bare convolution)", () => {
  it("gives successProbability and successProbabilityWithFate for every pool 0–30D × Ob 0–30, plain and Magic", () => {
    const wrong: string[] = [];
    for (const explode of [false, true]) {
      for (let dice = 0; dice <= 30; dice++) {
        for (let ob = 0; ob <= 30; ob++) {
          const plan: TestPlan = { dice, ob, untrained: false, explode };
          const pairs: [string, number, number][] = [
            ["plain", successProbability(plan), floorPassProbability(dice, ob, explode)],
            ["Fate", successProbabilityWithFate(plan), floorPassProbability(dice, ob, explode, true)],
          ];
          for (const [what, ours, floor] of pairs) if (!close(ours, floor)) wrong.push(`${dice}D Ob ${ob}${explode ? " Magic" : ""} ${what}: ${ours} vs ${floor}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps long odds' digits, as ours does (no 1 − (nearly 1))", () => {
    const ours = successProbability({ dice: 3, ob: 30, untrained: false, explode: true });
    expect(ours).toBeGreaterThan(0);
    expect(ours).toBeLessThan(1e-18);
    expect(close(floorPassProbability(3, 30, true), ours)).toBe(true);
  });
});

describe("the group odds floor", () => {
  // The bench's group: six 30D pools, Ob 8–13, half Magic; the target (first) is plain.
  const plans: TestPlan[] = Array.from({ length: 6 }, (_, i) => ({ dice: 30, ob: 8 + i, untrained: false, explode: i % 2 === 1 }));
  const [target, ...hinderers] = plans as [TestPlan, ...TestPlan[]];
  const small: TestPlan[] = [
    { dice: 4, ob: 2, untrained: false, explode: false },
    { dice: 3, ob: 1, untrained: false, explode: true },
    { dice: 6, ob: 4, untrained: false, explode: false },
  ];

  for (const fate of [false, true]) {
    it(`gives groupPassProbability, needed and helpful${fate ? ", with Fate" : ""}`, () => {
      for (const group of [plans, small]) {
        for (const mode of ["needed", "helpful"] as const) expect(close(floorGroupPass(mode, group, fate), groupPassProbability(mode, group, { fate }))).toBe(true);
      }
    });

    it(`gives hinderingOdds' pass for both readings${fate ? ", with Fate" : ""}`, () => {
      for (const [t, hs] of [[target, hinderers], [small[0], small.slice(1)]] as [TestPlan, TestPlan[]][]) {
        for (const reading of HINDERING_READINGS) {
          const ours = hinderingOdds(t, hs, reading, { fate }).pass;
          const floor = floorHinderingPass(t, hs, reading, fate);
          expect(Math.abs(ours - floor), `${reading}: ${ours} vs ${floor}`).toBeLessThan(1e-14);
        }
      }
    });
  }
});
