import { describe, expect, it } from "vitest";
import { ageCharacter, decideTraitVote, nextAge } from "../../src/rules/aging";
import { AGES, BASIC_CHART } from "../../src/rules/chart";
import type { Chart } from "../../src/rules/types";
import * as rules from "../../src/rules";

describe("nextAge (SRD: Changes › Aging Your Character)", () => {
  it("goes Child → Young → Adult → Elder → death or transcendence", () => {
    expect(nextAge("child")).toBe("young");
    expect(nextAge("young")).toBe("adult");
    expect(nextAge("adult")).toBe("elder");
    expect(nextAge("elder")).toBeNull();
  });

  it("follows a hack's order of ages", () => {
    const ages = ["hatchling", "drake", "wyrm"];
    expect(nextAge("hatchling", ages)).toBe("drake");
    expect(nextAge("wyrm", ages)).toBeNull();
    expect(() => nextAge("child", ages)).toThrow(/age must be one of hatchling, drake, wyrm/);
  });

  it("throws RangeError naming the age for an unknown one", () => {
    expect(() => nextAge("ancient")).toThrow(RangeError);
    expect(() => nextAge("ancient")).toThrow(/age .*got ancient/);
    expect(() => nextAge("Child")).toThrow(RangeError);
  });
});

describe("ageCharacter", () => {
  it("sets the new Potential from The Basic Chart for each step", () => {
    for (const [i, age] of AGES.slice(0, -1).entries()) {
      const to = AGES[i + 1] as keyof typeof BASIC_CHART;
      const outcome = ageCharacter({ age, fate: 0, persona: 0 });
      expect(outcome.to).toBe(to);
      expect(outcome.potential).toBe(BASIC_CHART[to].potential);
    }
    // The SRD numbers, written out: 5 → 4 → 3 → 2.
    expect(ageCharacter({ age: "child", fate: 0, persona: 0 }).potential).toBe(4);
    expect(ageCharacter({ age: "young", fate: 0, persona: 0 }).potential).toBe(3);
    expect(ageCharacter({ age: "adult", fate: 0, persona: 0 }).potential).toBe(2);
  });

  it("caps Fate and Persona at the new Potential and reports what was lost", () => {
    // A Child with full Fate and Persona (5 and 5) grows Young: Potential 4.
    expect(ageCharacter({ age: "child", fate: 5, persona: 5 })).toEqual({
      from: "child",
      to: "young",
      potential: 4,
      fate: 4,
      persona: 4,
      fateLost: 1,
      personaLost: 1,
      traitVote: true,
    });
    // An Adult with Fate 3 and Persona 1 becomes an Elder: Potential 2.
    expect(ageCharacter({ age: "adult", fate: 3, persona: 1 })).toMatchObject({ fate: 2, persona: 1, fateLost: 1, personaLost: 0 });
  });

  it("keeps points already under the new Potential", () => {
    expect(ageCharacter({ age: "young", fate: 2, persona: 3 })).toMatchObject({ potential: 3, fate: 2, persona: 3, fateLost: 0, personaLost: 0 });
  });

  it("calls for a Trait Vote when the character ages, not when an Elder leaves play", () => {
    expect(ageCharacter({ age: "adult", fate: 1, persona: 0 }).traitVote).toBe(true);
    expect(ageCharacter({ age: "elder", fate: 2, persona: 1 })).toEqual({
      from: "elder",
      to: null,
      potential: null,
      fate: 2,
      persona: 1,
      fateLost: 0,
      personaLost: 0,
      traitVote: false,
    });
  });

  it("reads a hack's chart and ages", () => {
    const chart: Chart = { ...BASIC_CHART, ancient: { ...BASIC_CHART.elder, potential: 1 } };
    const ages = [...AGES, "ancient"];
    expect(ageCharacter({ age: "elder", fate: 2, persona: 2 }, chart, ages)).toMatchObject({ to: "ancient", potential: 1, fate: 1, persona: 1, fateLost: 1, personaLost: 1 });
    expect(() => ageCharacter({ age: "elder", fate: 0, persona: 0 }, BASIC_CHART, ages)).toThrow(/chart has no row for age ancient/);
  });

  it.each([
    ["character.fate", { age: "child", fate: -1, persona: 0 }],
    ["character.fate", { age: "child", fate: 1.5, persona: 0 }],
    ["character.persona", { age: "child", fate: 1, persona: Number.NaN }],
    ["character.persona", { age: "child", fate: 1, persona: "2" }],
    ["character.age", { age: "ancient", fate: 1, persona: 1 }],
    ["character", null],
  ])("throws RangeError naming %s", (name, input) => {
    const call = (): unknown => ageCharacter(input as never);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(name);
  });
});

describe("decideTraitVote (SRD: Changes › The Trait Vote)", () => {
  const table = ["gm", "ana", "bruno"];

  it("grants only on a unanimous vote of everyone", () => {
    expect(decideTraitVote(table, { gm: true, ana: true, bruno: true })).toEqual({ status: "granted", missing: [], against: [] });
  });

  it("is refused by a single vote against, even before everyone voted", () => {
    expect(decideTraitVote(table, { gm: true, ana: true, bruno: false })).toEqual({ status: "refused", missing: [], against: ["bruno"] });
    expect(decideTraitVote(table, { ana: false })).toEqual({ status: "refused", missing: ["gm", "bruno"], against: ["ana"] });
  });

  it("stays pending while anyone has not voted (all must vote)", () => {
    expect(decideTraitVote(table, { gm: true, ana: true })).toEqual({ status: "pending", missing: ["bruno"], against: [] });
    expect(decideTraitVote(table, {})).toEqual({ status: "pending", missing: table, against: [] });
  });

  it("works for a single participant", () => {
    expect(decideTraitVote(["solo"], { solo: true }).status).toBe("granted");
  });

  it.each([
    ["participants must be a non-empty array", [], {}],
    ["participants[1] repeats ana", ["ana", "ana"], {}],
    ["participants[0] must be a non-empty string", [""], {}],
    ["votes.zoe is not a participant", ["ana"], { zoe: true }],
    ["votes.ana must be true or false", ["ana"], { ana: "yes" }],
    ["votes must be an object", ["ana"], null],
  ])("throws RangeError: %s", (message, participants, votes) => {
    const call = (): unknown => decideTraitVote(participants as string[], votes as Record<string, boolean>);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
  });

  it("is exported from the rules index", () => {
    expect(rules.decideTraitVote).toBe(decideTraitVote);
    expect(rules.ageCharacter).toBe(ageCharacter);
    expect(rules.nextAge).toBe(nextAge);
  });
});

describe("decideTraitVote refuses a participant that is not a string (issue 19)", () => {
  it("names a number among the participants", () => {
    expect(() => decideTraitVote(["gm", 7 as unknown as string], {})).toThrow("participants[1] must be a non-empty string");
  });
});

describe("aging refuses malformed input with its exact message (issue 19)", () => {
  it("names a character that is not an object, and lists the ages when hers is unknown", () => {
    expect(() => ageCharacter("Sela" as never)).toThrow("character must be an object, got Sela");
    expect(() => ageCharacter(null as never)).toThrow("character must be an object, got null");
    expect(() => ageCharacter({ age: "ancient", fate: 1, persona: 1 })).toThrow("character.age must be one of child, young, adult, elder, got ancient");
  });

  it("names the chart row whose Potential is not a whole number", () => {
    const chart = { ...BASIC_CHART, adult: { ...BASIC_CHART.adult, potential: "3" } } as unknown as Chart;
    expect(() => ageCharacter({ age: "young", fate: 1, persona: 1 }, chart)).toThrow("chart.adult.potential must be a whole number, got 3");
  });

  it("names votes that are not an object", () => {
    expect(() => decideTraitVote(["ana"], "yes" as never)).toThrow("votes must be an object, got yes");
    expect(() => decideTraitVote(["ana"], null as never)).toThrow("votes must be an object, got null");
  });
});
