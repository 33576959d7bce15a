import { describe, expect, it } from "vitest";
import { FREE_SKILL_RATING, freeSkillOffer, freeSkillRatings, remainingSkillPoints } from "../../src/rules/creation-builder";
import { mulberry32, pickOne } from "../../src/rules/random";

describe("freeSkillRatings", () => {
  it("gives 2 for a Skill's first grant and +1 for each further one (SRD: Characters › Lifepaths)", () => {
    expect(FREE_SKILL_RATING).toBe(2);
    expect(freeSkillRatings([0, 1, 0, 0], 3)).toEqual([4, 2, 0]);
  });
  it("ignores Lifepaths without a grant and indices out of range", () => {
    expect(freeSkillRatings([null, 5, -1, 1], 2)).toEqual([0, 2]);
  });
});

describe("remainingSkillPoints", () => {
  it("is the chart's points minus what was bought, negative when overspent", () => {
    expect(remainingSkillPoints(6, [1, 2])).toBe(3);
    expect(remainingSkillPoints(3, [2, 2])).toBe(-1);
    expect(remainingSkillPoints(4, [])).toBe(4);
  });
});

describe("freeSkillOffer: a free Skill of a Type already given", () => {
  const skills = [
    { type: "fight", rating: 2 },
    { type: "lore", rating: 2 },
    { type: "fight", rating: 5 },
  ];
  it("is no clash when no earlier Lifepath gave that Type", () => {
    expect(freeSkillOffer("magic", [0, 1], skills, 5)).toEqual({ clash: false, raise: [], newAt: 2 });
  });
  it("offers raising each earlier-given Skill of the Type by 1, or a new one at 2", () => {
    expect(freeSkillOffer("fight", [0, 1], skills, 5)).toEqual({ clash: true, raise: [0], newAt: 2 });
  });
  it("never offers a raise above the maximum rating", () => {
    expect(freeSkillOffer("fight", [0, 2], skills, 5)).toEqual({ clash: true, raise: [0], newAt: 2 });
    expect(freeSkillOffer("fight", [0], [{ type: "fight", rating: 3 }], 3)).toEqual({ clash: true, raise: [], newAt: 2 });
  });
  it("does not count a Skill of the Type that no Lifepath gave (bought only)", () => {
    expect(freeSkillOffer("fight", [1], skills, 5).clash).toBe(false);
  });
});

describe("free Skill edges the mutation run found (issue 19)", () => {
  it("ignores a grant to the index just past the last Skill", () => {
    expect(freeSkillRatings([2, 0], 2)).toEqual([2, 0]);
  });
  it("offers a raise that reaches the maximum exactly (SRD: 'raise its rating by 1 (up to your maximum)')", () => {
    expect(freeSkillOffer("fight", [0], [{ type: "fight", rating: 4 }], 5)).toEqual({ clash: true, raise: [0], newAt: 2 });
  });
  it("lists the Skills to raise in Skill order, whatever order the Lifepaths gave them", () => {
    const skills = [
      { type: "fight", rating: 2 },
      { type: "lore", rating: 2 },
      { type: "fight", rating: 3 },
    ];
    expect(freeSkillOffer("fight", [2, null, 0, 2], skills, 5)).toEqual({ clash: true, raise: [0, 2], newAt: 2 });
  });
  it("ignores an earlier grant to a Skill no longer there", () => {
    expect(freeSkillOffer("fight", [7, null], [{ type: "fight", rating: 2 }], 5)).toEqual({ clash: false, raise: [], newAt: 2 });
  });
});

describe("the seeded PRNG", () => {
  it("repeats for a seed and differs between seeds", () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
  });
  it("pickOne picks from the list and refuses an empty one", () => {
    const random = mulberry32(1);
    for (let i = 0; i < 50; i++) expect(["a", "b", "c"]).toContain(pickOne(["a", "b", "c"], random));
    expect(() => pickOne([], random)).toThrow(RangeError);
  });
});
