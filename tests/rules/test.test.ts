import { describe, expect, it } from "vitest";
import { countTestHits, countTestSixes, MAX_PERSONA_DICE, planTest, resolveTest, testExplodes, type TestInput, type TestPlan } from "../../src/rules";

const base: TestInput = { rating: 3, potential: 4, ob: 2 };
const plan = (dice: number, ob: number, explode = false): TestPlan => ({ dice, ob, untrained: false, explode });

describe("planTest", () => {
  it("rolls one die per rating point against the Ob (SRD: Tests › 3) Dice Roll)", () => {
    expect(planTest(base)).toEqual({ dice: 3, ob: 2, untrained: false, explode: false });
  });

  it("without the Skill rolls Potential at double Ob (SRD: I Don't Have The Skill!)", () => {
    expect(planTest({ rating: 0, potential: 4, ob: 2 })).toEqual({ dice: 4, ob: 4, untrained: true, explode: false });
  });

  it("modifies the Ob after doubling its base: untrained Ob 2 + 1 is 5, not 6", () => {
    expect(planTest({ rating: 0, potential: 4, ob: 2, obPenalty: 1 }).ob).toBe(5);
    expect(planTest({ rating: 2, potential: 4, ob: 2, obPenalty: 1 }).ob).toBe(3);
  });

  it("ignores Potential when the Skill is rated", () => {
    expect(planTest({ rating: 1, potential: 5, ob: 1 }).dice).toBe(1);
  });

  it("adds beneficial Traits or a linked Test's extra hits, and Persona, as dice (SRD: My Traits Apply!, Spending Persona)", () => {
    expect(planTest({ ...base, bonusDice: 2 }).dice).toBe(5);
    expect(planTest({ ...base, persona: 3 }).dice).toBe(6);
    expect(planTest({ ...base, bonusDice: 1, persona: 2 }).dice).toBe(6);
    expect(planTest({ rating: 0, potential: 2, ob: 1, bonusDice: 1, persona: 1 })).toEqual({ dice: 4, ob: 2, untrained: true, explode: false });
  });

  it("allows Persona up to +3D and refuses a fourth point", () => {
    expect(MAX_PERSONA_DICE).toBe(3);
    expect(() => planTest({ ...base, persona: 3 })).not.toThrow();
    expect(() => planTest({ ...base, persona: 4 })).toThrow(/persona must be at most 3/);
  });

  it("makes Magic explode, trained or not (SRD: My Skill Is Magic!)", () => {
    expect(planTest({ ...base, magic: true }).explode).toBe(true);
    expect(planTest({ rating: 0, potential: 3, ob: 1, magic: true })).toEqual({ dice: 3, ob: 2, untrained: true, explode: true });
    expect(planTest({ ...base, magic: false }).explode).toBe(false);
  });

  it("allows Ob 0, doubled or not, and a pool of 0 dice", () => {
    expect(planTest({ rating: 0, potential: 0, ob: 0 })).toEqual({ dice: 0, ob: 0, untrained: true, explode: false });
    expect(planTest({ rating: 2, potential: 0, ob: 0 }).ob).toBe(0);
  });

  it("treats missing optional fields as 0 / not Magic", () => {
    expect(planTest({ ...base, obPenalty: undefined, bonusDice: undefined, persona: undefined, magic: undefined })).toEqual(planTest(base));
  });

  const numericFields = ["rating", "potential", "ob", "obPenalty", "bonusDice", "persona"] as const;
  const badNumbers: unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "2", null];
  for (const field of numericFields) {
    it(`rejects a negative, fractional or non-numeric ${field} with a RangeError naming it`, () => {
      for (const bad of badNumbers) {
        const input = { ...base, [field]: bad } as unknown as TestInput;
        expect(() => planTest(input)).toThrow(RangeError);
        expect(() => planTest(input)).toThrow(new RegExp(`^${field} `));
      }
    });
  }

  it("rejects a magic flag that is not true or false", () => {
    for (const bad of [1, "yes", null]) {
      expect(() => planTest({ ...base, magic: bad } as unknown as TestInput)).toThrow(/^magic /);
    }
  });

  it("rejects a missing input", () => {
    expect(() => planTest(null as unknown as TestInput)).toThrow(RangeError);
    expect(() => planTest({ rating: 1, ob: 1 } as unknown as TestInput)).toThrow(/^potential /);
  });

  it("follows the pool and Ob formula for every small input", () => {
    for (let rating = 0; rating <= 5; rating++) {
      for (let potential = 0; potential <= 5; potential++) {
        for (let ob = 0; ob <= 5; ob++) {
          for (let obPenalty = 0; obPenalty <= 2; obPenalty++) {
            for (let persona = 0; persona <= 3; persona++) {
              const p = planTest({ rating, potential, ob, obPenalty, persona, bonusDice: 1 });
              expect(p.untrained).toBe(rating === 0);
              expect(p.dice).toBe((rating === 0 ? potential : rating) + 1 + persona);
              expect(p.ob).toBe((rating === 0 ? 2 * ob : ob) + obPenalty);
            }
          }
        }
      }
    }
  });
});

describe("resolveTest", () => {
  it("counts 4, 5 and 6 as hits, each overcoming an Ob point (SRD: Tests › 3) Dice Roll)", () => {
    expect(resolveTest(plan(6, 3), [1, 2, 3, 4, 5, 6])).toEqual({ hits: 3, passed: true, extraHits: 0, remainingOb: 0 });
  });

  it("fails while Ob remains, reporting it (the Fallout rating if the Intent is granted at a cost)", () => {
    expect(resolveTest(plan(3, 2), [1, 3, 4])).toEqual({ hits: 1, passed: false, extraHits: 0, remainingOb: 1 });
    expect(resolveTest(plan(3, 3), [1, 2, 3])).toEqual({ hits: 0, passed: false, extraHits: 0, remainingOb: 3 });
  });

  it("reports hits above the Ob as extra hits (dice for a linked Test)", () => {
    expect(resolveTest(plan(4, 2), [6, 6, 4, 1])).toEqual({ hits: 3, passed: true, extraHits: 1, remainingOb: 0 });
  });

  it("passes Ob 0 on any roll, even an empty one", () => {
    expect(resolveTest(plan(0, 0), [])).toEqual({ hits: 0, passed: true, extraHits: 0, remainingOb: 0 });
    expect(resolveTest(plan(2, 0), [1, 1])).toEqual({ hits: 0, passed: true, extraHits: 0, remainingOb: 0 });
    expect(resolveTest(plan(2, 0), [5, 6]).extraHits).toBe(2);
  });

  it("counts exploded dice among the faces on Magic", () => {
    expect(resolveTest(plan(2, 3, true), [6, 6, 4, 2])).toEqual({ hits: 3, passed: true, extraHits: 0, remainingOb: 0 });
  });

  it("rejects faces that are not d6 faces, naming the index", () => {
    for (const bad of [0, 7, 3.5, Number.NaN, "4", null]) {
      expect(() => resolveTest(plan(2, 1), [4, bad] as unknown as number[])).toThrow(/^faces\[1\] /);
    }
    expect(() => resolveTest(plan(2, 1), "46" as unknown as number[])).toThrow(RangeError);
  });

  it("rejects a malformed plan", () => {
    expect(() => resolveTest(plan(2, -1), [4, 4])).toThrow(/^plan\.ob /);
    expect(() => resolveTest({ dice: 2, ob: 1 } as unknown as TestPlan, [4, 4])).toThrow(/^plan\.untrained /);
  });

  it("keeps hits - Ob = extraHits - remainingOb and passed iff no Ob remains, for every roll of up to 4 dice", () => {
    const rolls: number[][] = [[]];
    for (let n = 1; n <= 4; n++) {
      for (const r of rolls.filter((x) => x.length === n - 1)) for (let f = 1; f <= 6; f++) rolls.push([...r, f]);
    }
    for (const faces of rolls) {
      for (let ob = 0; ob <= 5; ob++) {
        const r = resolveTest(plan(faces.length, ob), faces);
        expect(r.hits).toBe(faces.filter((f) => f >= 4).length);
        expect(r.hits - ob).toBe(r.extraHits - r.remainingOb);
        expect(r.passed).toBe(r.remainingOb === 0);
        expect(Math.min(r.extraHits, r.remainingOb)).toBe(0);
      }
    }
  });
});

describe("countTestHits / countTestSixes", () => {
  it("count hits and sixes", () => {
    expect(countTestHits([1, 4, 6, 6, 3])).toBe(3);
    expect(countTestSixes([1, 4, 6, 6, 3])).toBe(2);
    expect(countTestSixes([])).toBe(0);
    expect(() => countTestSixes([9])).toThrow(RangeError);
  });
});

describe("a plan with one bad field is refused, whichever it is (issue 19)", () => {
  it("only untrained, or only explode, not a boolean", () => {
    expect(() => resolveTest({ dice: 2, ob: 1, untrained: "no", explode: false } as unknown as TestPlan, [4, 4])).toThrow(
      "plan.untrained must be true or false, got no",
    );
    expect(() => resolveTest({ dice: 2, ob: 1, untrained: false, explode: 0 } as unknown as TestPlan, [4, 4])).toThrow(
      "plan.explode must be true or false, got 0",
    );
  });

  it("only dice or only ob, not a count", () => {
    expect(() => resolveTest({ dice: 2.5, ob: 1, untrained: false, explode: false }, [4, 4])).toThrow("plan.dice must be a whole number, got 2.5");
    expect(() => resolveTest({ dice: 2, ob: -1, untrained: false, explode: false }, [4, 4])).toThrow("plan.ob must be at least 0, got -1");
  });
});

describe("testExplodes (one rule for untrained Magic)", () => {
  it("explodes a Test of a Magic Skill, held at any rating or learned with Potential", () => {
    expect(testExplodes({ skill: { explodes: true }, learning: null })).toBe(true);
    expect(testExplodes({ skill: null, learning: { explodes: true } })).toBe(true);
  });

  it("does not explode any other Skill, plain Potential or a recovery Test", () => {
    expect(testExplodes({ skill: { explodes: false }, learning: null })).toBe(false);
    expect(testExplodes({ skill: null, learning: { explodes: false } })).toBe(false);
    expect(testExplodes({ skill: null, learning: null })).toBe(false);
  });

  it("goes by the Skill rolled when there is one, not by what a stray learn Type says", () => {
    expect(testExplodes({ skill: { explodes: false }, learning: { explodes: true } })).toBe(false);
  });

  it("refuses what is not a Test", () => {
    expect(() => testExplodes(null as unknown as Parameters<typeof testExplodes>[0])).toThrow(RangeError);
  });
});

describe("what is not an input, a plan or a list of faces is refused by name (issue 19)", () => {
  it("planTest refuses a number, a string or null as its input, before reading any field", () => {
    expect(() => planTest(5 as unknown as TestInput)).toThrow("input must be a Test input, got 5");
    expect(() => planTest("3D" as unknown as TestInput)).toThrow("input must be a Test input, got 3D");
    expect(() => planTest(null as unknown as TestInput)).toThrow("input must be a Test input, got null");
  });

  it("testExplodes refuses a string or null instead of answering 'does not explode'", () => {
    type Arg = Parameters<typeof testExplodes>[0];
    expect(() => testExplodes("magic" as unknown as Arg)).toThrow("test must say what is tested, got magic");
    expect(() => testExplodes(null as unknown as Arg)).toThrow("test must say what is tested, got null");
  });

  it("resolveTest refuses a plan that is null, a number or a string", () => {
    expect(() => resolveTest(null as unknown as TestPlan, [])).toThrow("plan must be a Test plan, got null");
    expect(() => resolveTest(3 as unknown as TestPlan, [])).toThrow("plan must be a Test plan, got 3");
    expect(() => resolveTest("3D" as unknown as TestPlan, [])).toThrow("plan must be a Test plan, got 3D");
  });

  it("a plan whose dice and Ob are both negative is refused, naming the dice", () => {
    expect(() => resolveTest({ dice: -1, ob: -1, untrained: false, explode: false }, [])).toThrow("plan.dice must be at least 0, got -1");
    expect(() => resolveTest({ dice: -2, ob: -3, untrained: true, explode: true }, [])).toThrow("plan.dice must be at least 0, got -2");
  });

  it("faces that are not a list are refused as a whole, not face by face", () => {
    expect(() => resolveTest(plan(2, 1), "46" as unknown as number[])).toThrow("faces must be a list of die faces, got 46");
    expect(() => countTestHits(null as unknown as number[])).toThrow("faces must be a list of die faces, got null");
  });

  it("counting sixes names the bad face like counting hits does", () => {
    expect(() => countTestSixes([6, 9])).toThrow("faces[1] must be at most 6, got 9");
    expect(() => countTestHits([0])).toThrow("faces[0] must be at least 1, got 0");
  });
});
