import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AGES, BASIC_CHART, SKILL_TYPES } from "../../src/rules/chart";
import { findFreeSkillAssignment, validateCharacter, type CharacterBuild } from "../../src/rules/creation";
import { pickFreeSkillGrants, planFreeSkills } from "../../src/rules/creation-free-skills";
import { SRD_LIFEPATHS } from "../../src/rules/lifepaths";
import type { Chart, Problem } from "../../src/rules/types";
import * as rules from "../../src/rules";

/**
 * A Lifepath as the build carries it, with its Types as the SRD lists them (SRD: Characters › Lifepaths ›
 * Lifepath Examples; tests/rules/lifepaths.test.ts checks SRD_LIFEPATHS against the same table). Written
 * out here, not read from src/rules/lifepaths.ts, so these fixtures load even when that module is broken.
 */
const SRD_LIFEPATH_TYPES: Readonly<Record<string, readonly string[]>> = {
  esoteric: ["magic", "craft", "lore"],
  intellectual: ["lore", "magic", "perform"],
  military: ["fight", "expertise", "survive"],
  noble: ["influence", "fight", "lore"],
  outcast: ["expertise", "fight", "survive"],
  religious: ["influence", "lore", "magic"],
  trading: ["influence", "expertise", "perform"],
  wilderness: ["survive", "craft", "fight"],
};
function lp(key: string, name = key): { name: string; types: string[] } {
  const types = SRD_LIFEPATH_TYPES[key];
  if (!types) throw new Error(`no SRD lifepath ${key} in the test table`);
  return { name, types: [...types] };
}
const sk = (name: string, type: string, rating: number) => ({ name, type, rating });

// Valid characters, one per age, built by hand from The Basic Chart.
const CHILD: CharacterBuild = {
  age: "child",
  // Military: free Fight at 2; 3 points: Swords +1, Stealth 1, Forest 1.
  lifepaths: [lp("military", "Military")],
  skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 1), sk("Forest", "survive", 1)],
  traits: ["Stubborn"],
  fate: 5,
  persona: 3,
  potential: 5,
};
const YOUNG_TYPE_ALREADY_HAD: CharacterBuild = {
  age: "young",
  // Religious opens Lore; Intellectual then gives a free Lore Skill: a Type already had, taken as a new Skill at 2.
  lifepaths: [lp("religious", "Religious"), lp("intellectual", "Intellectual")],
  skills: [sk("Preaching", "influence", 2), sk("History", "lore", 3), sk("Cast", "magic", 2), sk("Poetry", "perform", 1)],
  traits: ["Pious", "Tall as a tree"],
  fate: 3,
  persona: 2,
};
const ADULT_REPEATED: CharacterBuild = {
  age: "adult",
  // Military twice: the second free Fight Skill raises Swords to 3; Outcast gives Stealth at 2.
  // 5 points: Swords +2 (to 5), Forest 2, Brawl 1.
  lifepaths: [lp("military", "Military"), lp("military", "Military"), lp("outcast", "Outcast")],
  skills: [sk("Swords", "fight", 5), sk("Stealth", "expertise", 2), sk("Forest", "survive", 2), sk("Brawl", "fight", 1)],
  traits: ["Scarred", "Loyal", "Wiseass"],
  fate: 3,
  persona: 0,
  potential: 3,
};
const ADULT_DIFFERENT_SKILL: CharacterBuild = {
  age: "adult",
  // Noble and Trading both give Influence: the second is a different Skill at 2 (Negotiate).
  // 5 points: History 2, Swords +1, Stealth 1, Music 1.
  lifepaths: [lp("noble", "Noble"), lp("trading", "Trading"), lp("military", "Military")],
  skills: [
    sk("Command", "influence", 2),
    sk("Negotiate", "influence", 2),
    sk("Swords", "fight", 3),
    sk("History", "lore", 2),
    sk("Stealth", "expertise", 1),
    sk("Music", "perform", 1),
  ],
  traits: ["Proud", "Generous", "Vain"],
  fate: 3,
  persona: 0,
};
const ELDER: CharacterBuild = {
  age: "elder",
  // Four different free Types at 2 (8 free points); 6 points: Cast +3, Carpentry 1, Poetry 1, Brawl 1.
  lifepaths: [lp("esoteric", "Esoteric"), lp("intellectual", "Intellectual"), lp("religious", "Religious"), lp("wilderness", "Wilderness")],
  skills: [
    sk("Cast", "magic", 5),
    sk("History", "lore", 2),
    sk("Preaching", "influence", 2),
    sk("Forest", "survive", 2),
    sk("Carpentry", "craft", 1),
    sk("Poetry", "perform", 1),
    sk("Brawl", "fight", 1),
  ],
  traits: ["Wise", "Frail", "Patient", "Bitter"],
  fate: 2,
  persona: 0,
  potential: 2,
};

const clone = (build: CharacterBuild): CharacterBuild => structuredClone(build);
/** list[i], or a thrown Error: the test data is wrong, not the code under test. */
function at<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`no element ${i}`);
  return value;
}
const problemKeys = (problems: Problem[]): string[] => problems.map((p) => p.key);

describe("validateCharacter: valid characters for each age", () => {
  it.each([
    ["child", CHILD],
    ["young, with a free Type already had", YOUNG_TYPE_ALREADY_HAD],
    ["adult, with a repeated Lifepath", ADULT_REPEATED],
    ["adult, repeated free Type taken as a different Skill", ADULT_DIFFERENT_SKILL],
    ["elder", ELDER],
  ])("%s is valid", (_label, build) => {
    expect(validateCharacter(build)).toEqual([]);
  });

  it("covers every age of the chart", () => {
    expect(new Set([CHILD, YOUNG_TYPE_ALREADY_HAD, ADULT_REPEATED, ELDER].map((b) => b.age))).toEqual(new Set(AGES));
  });

  it("accepts either legal free-Skill choice when both fit the points (the search)", () => {
    // Noble + Trading give two free Influence Skills. Command 3 + Negotiate 2 is either
    // Command 2+1 free (Negotiate bought: 2 points) or both new at 2 (Command +1 bought: 1 point).
    const base: CharacterBuild = {
      age: "young",
      lifepaths: [lp("noble", "Noble"), lp("trading", "Trading")],
      skills: [sk("Command", "influence", 3), sk("Negotiate", "influence", 2)],
      traits: ["Proud", "Greedy"],
      fate: 3,
      persona: 2,
    };
    const raise = clone(base);
    raise.skills.push(sk("Swords", "fight", 2)); // 2 + 2 = 4 points
    const twoNew = clone(base);
    twoNew.skills.push(sk("Swords", "fight", 2), sk("History", "lore", 1)); // 1 + 3 = 4 points
    expect(validateCharacter(raise)).toEqual([]);
    expect(validateCharacter(twoNew)).toEqual([]);
    expect(findFreeSkillAssignment(raise)).toEqual([
      { lifepath: 0, skill: 0, kind: "new", rating: 2 },
      { lifepath: 1, skill: 0, kind: "raise", rating: 3 },
    ]);
    expect(findFreeSkillAssignment(twoNew)).toEqual([
      { lifepath: 0, skill: 0, kind: "new", rating: 2 },
      { lifepath: 1, skill: 1, kind: "new", rating: 2 },
    ]);
  });

  it("does not depend on Lifepath order", () => {
    const reversed = clone(ADULT_REPEATED);
    reversed.lifepaths.reverse();
    expect(validateCharacter(reversed)).toEqual([]);
    const shuffled = clone(ELDER);
    shuffled.lifepaths = [shuffled.lifepaths[3], shuffled.lifepaths[1], shuffled.lifepaths[0], shuffled.lifepaths[2]].filter((l) => l !== undefined);
    expect(validateCharacter(shuffled)).toEqual([]);
  });

  it("caps a raised free Skill at the Maximum Rating (raise only up to your maximum)", () => {
    // The SRD ages never reach it, so a hack chart: three Lifepaths, Maximum Rating 3.
    const chart: Chart = { veteran: { lifepaths: 3, skillPoints: 0, maxRating: 3, fate: 1, persona: 0, potential: 1, traits: 1 } };
    const build: CharacterBuild = {
      age: "veteran",
      lifepaths: [lp("noble"), lp("trading"), lp("religious")],
      skills: [sk("Command", "influence", 3), sk("Negotiate", "influence", 2)],
      traits: ["Proud"],
      fate: 1,
      persona: 0,
    };
    // Command 2+1 and Negotiate 2: three grants, 5 free points, 0 bought.
    expect(validateCharacter(build, chart)).toEqual([]);
    // Three grants on one Skill would be 4, above the maximum: the search must not count it.
    const single = { ...clone(build), skills: [sk("Command", "influence", 3)] };
    expect(problemKeys(validateCharacter(single, chart))).toEqual(["GOLDHACK.Creation.FreeSkillsMissing"]);
  });

  it("takes a hack's chart and Types", () => {
    const chart: Chart = { ...BASIC_CHART, ancient: { lifepaths: 1, skillPoints: 1, maxRating: 6, fate: 1, persona: 1, potential: 1, traits: 0 } };
    const build: CharacterBuild = {
      age: "ancient",
      lifepaths: [{ name: "Star-born", types: ["astrology", "lore", "magic"] }],
      skills: [sk("Omens", "astrology", 3)],
      traits: [],
      fate: 1,
      persona: 1,
    };
    expect(validateCharacter(build, chart, [...SKILL_TYPES, "astrology"])).toEqual([]);
    expect(problemKeys(validateCharacter(build, chart))).toEqual([
      "GOLDHACK.Creation.LifepathTypeUnknown",
      "GOLDHACK.Creation.SkillTypeUnknown",
      // Without the Type, Omens is no free Skill: all 3 ratings are bought.
      "GOLDHACK.Creation.SkillPointsOver",
    ]);
  });
});

/** One case per problem key: the build, and the exact problems it must give. */
const PROBLEM_CASES: { key: string; build: CharacterBuild; chart?: Chart; problems: Problem[] }[] = [
  {
    key: "UnknownAge",
    build: { ...clone(CHILD), age: "ancient" },
    problems: [{ key: "GOLDHACK.Creation.UnknownAge", data: { age: "ancient", ages: "child, young, adult, elder" } }],
  },
  {
    key: "LifepathCount",
    build: { ...clone(ADULT_REPEATED), lifepaths: [lp("military", "Military"), lp("outcast", "Outcast")], skills: [sk("Swords", "fight", 5), sk("Stealth", "expertise", 2), sk("Forest", "survive", 2)] },
    problems: [{ key: "GOLDHACK.Creation.LifepathCount", data: { count: 2, expected: 3 } }],
  },
  {
    key: "LifepathNameMissing",
    build: { ...clone(CHILD), lifepaths: [{ name: "  ", types: ["fight", "expertise", "survive"] }] },
    problems: [{ key: "GOLDHACK.Creation.LifepathNameMissing", data: { index: 1 } }],
  },
  {
    key: "LifepathTypeCount",
    build: { ...clone(CHILD), lifepaths: [{ name: "Squire", types: ["fight", "expertise", "survive", "influence"] }] },
    problems: [{ key: "GOLDHACK.Creation.LifepathTypeCount", data: { lifepath: "Squire", count: 4, expected: 3 } }],
  },
  {
    key: "LifepathTypeUnknown",
    build: { ...clone(CHILD), lifepaths: [{ name: "Squire", types: ["fight", "cooking", "survive", "expertise"] }] },
    problems: [
      { key: "GOLDHACK.Creation.LifepathTypeCount", data: { lifepath: "Squire", count: 4, expected: 3 } },
      { key: "GOLDHACK.Creation.LifepathTypeUnknown", data: { lifepath: "Squire", type: "cooking" } },
    ],
  },
  {
    key: "LifepathTypeRepeated",
    build: { ...clone(CHILD), lifepaths: [{ name: "Squire", types: ["fight", "fight", "expertise", "survive"] }] },
    problems: [
      { key: "GOLDHACK.Creation.LifepathTypeCount", data: { lifepath: "Squire", count: 4, expected: 3 } },
      { key: "GOLDHACK.Creation.LifepathTypeRepeated", data: { lifepath: "Squire", type: "fight" } },
    ],
  },
  {
    key: "SkillNameMissing",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("", "expertise", 1), sk("Forest", "survive", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillNameMissing", data: { index: 2 } }],
  },
  {
    key: "SkillDuplicate",
    // Same name forgiving case, accents and spaces: "Sigilo" twice.
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Sigilo", "expertise", 1), sk("  SIGILÓ ", "expertise", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillDuplicate", data: { skill: "SIGILÓ", type: "expertise" } }],
  },
  {
    key: "SkillTypeUnknown",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 1), sk("Baking", "cooking", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillTypeUnknown", data: { skill: "Baking", type: "cooking" } }],
  },
  {
    key: "SkillTypeNotOpen",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 1), sk("History", "lore", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillTypeNotOpen", data: { skill: "History", type: "lore" } }],
  },
  {
    key: "SkillRatingNotWhole",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 1.5)] },
    problems: [
      { key: "GOLDHACK.Creation.SkillRatingNotWhole", data: { skill: "Stealth", rating: 1.5 } },
      { key: "GOLDHACK.Creation.SkillPointsUnder", data: { spent: 1, allowed: 3, missing: 2 } },
    ],
  },
  {
    key: "SkillRatingBelowOne",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 2), sk("Forest", "survive", 0), sk("Sea", "survive", -1)] },
    problems: [
      { key: "GOLDHACK.Creation.SkillRatingBelowOne", data: { skill: "Forest", rating: 0 } },
      { key: "GOLDHACK.Creation.SkillRatingBelowOne", data: { skill: "Sea", rating: -1 } },
    ],
  },
  {
    key: "SkillAboveMax",
    // Swords 2 free + 2 points = 4, above the Child's Maximum Rating 3; Stealth 1. Points are right.
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 4), sk("Stealth", "expertise", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillAboveMax", data: { skill: "Swords", rating: 4, max: 3 } }],
  },
  {
    key: "FreeSkillMissing",
    build: { ...clone(CHILD), skills: [sk("Brawl", "fight", 1), sk("Stealth", "expertise", 2), sk("Forest", "survive", 2)] },
    problems: [{ key: "GOLDHACK.Creation.FreeSkillMissing", data: { lifepath: "Military", type: "fight" } }],
  },
  {
    key: "FreeSkillsMissing",
    // Two Military Lifepaths give two free Fight Skills: Swords 2 alone holds only one.
    build: { ...clone(ADULT_REPEATED), skills: [sk("Swords", "fight", 2), sk("Stealth", "expertise", 2), sk("Forest", "survive", 5), sk("Brawl", "fight", 1)] },
    problems: [{ key: "GOLDHACK.Creation.FreeSkillsMissing", data: { lifepaths: "Military, Military", type: "fight", count: 2 } }],
  },
  {
    key: "SkillPointsUnder",
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 2), sk("Stealth", "expertise", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillPointsUnder", data: { spent: 1, allowed: 3, missing: 2 } }],
  },
  {
    key: "SkillPointsOver",
    // Stealth cannot be free (Expertise is not Military's first Type): 1 + 2 + 1 = 4 points.
    build: { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("Stealth", "expertise", 2), sk("Forest", "survive", 1)] },
    problems: [{ key: "GOLDHACK.Creation.SkillPointsOver", data: { spent: 4, allowed: 3, excess: 1 } }],
  },
  {
    key: "TraitBlank",
    build: { ...clone(YOUNG_TYPE_ALREADY_HAD), traits: ["Pious", " "] },
    problems: [
      { key: "GOLDHACK.Creation.TraitBlank", data: { index: 2 } },
      { key: "GOLDHACK.Creation.TraitCount", data: { count: 1, expected: 2 } },
    ],
  },
  {
    key: "TraitCount",
    build: { ...clone(ELDER), traits: ["Wise", "Frail", "Patient", "Bitter", "Rich"] },
    problems: [{ key: "GOLDHACK.Creation.TraitCount", data: { count: 5, expected: 4 } }],
  },
  {
    key: "PotentialNotStarting",
    build: { ...clone(CHILD), potential: 6 },
    problems: [{ key: "GOLDHACK.Creation.PotentialNotStarting", data: { potential: 6, expected: 5 } }],
  },
  {
    key: "FateNotStarting",
    build: { ...clone(YOUNG_TYPE_ALREADY_HAD), fate: 4 },
    problems: [{ key: "GOLDHACK.Creation.FateNotStarting", data: { fate: 4, expected: 3 } }],
  },
  {
    key: "PersonaNotStarting",
    build: { ...clone(ADULT_REPEATED), persona: 1 },
    problems: [{ key: "GOLDHACK.Creation.PersonaNotStarting", data: { persona: 1, expected: 0 } }],
  },
  {
    key: "FateAbovePotential",
    // A hack whose chart starts Fate above Potential: the cap still holds.
    build: { ...clone(CHILD), age: "odd", potential: undefined, fate: 4, persona: 0, traits: [] },
    chart: { odd: { lifepaths: 1, skillPoints: 3, maxRating: 3, fate: 4, persona: 0, potential: 3, traits: 0 } },
    problems: [{ key: "GOLDHACK.Creation.FateAbovePotential", data: { fate: 4, potential: 3 } }],
  },
  {
    key: "PersonaAbovePotential",
    build: { ...clone(CHILD), age: "odd", potential: undefined, fate: 0, persona: 4, traits: [] },
    chart: { odd: { lifepaths: 1, skillPoints: 3, maxRating: 3, fate: 0, persona: 4, potential: 3, traits: 0 } },
    problems: [{ key: "GOLDHACK.Creation.PersonaAbovePotential", data: { persona: 4, potential: 3 } }],
  },
];

describe("validateCharacter: one test per problem", () => {
  it.each(PROBLEM_CASES)("$key", ({ build, chart, problems }) => {
    expect(validateCharacter(build, chart)).toEqual(problems);
  });

  it("reports Fate above a lowered Potential together with the Potential itself", () => {
    expect(validateCharacter({ ...clone(ADULT_REPEATED), potential: 2 })).toEqual([
      { key: "GOLDHACK.Creation.PotentialNotStarting", data: { potential: 2, expected: 3 } },
      { key: "GOLDHACK.Creation.FateAbovePotential", data: { fate: 3, potential: 2 } },
    ]);
    expect(problemKeys(validateCharacter({ ...clone(CHILD), fate: 6 }))).toEqual([
      "GOLDHACK.Creation.FateNotStarting",
      "GOLDHACK.Creation.FateAbovePotential",
    ]);
  });

  it("reports several problems at once, in a stable order", () => {
    const build = clone(ELDER);
    build.skills[0] = sk("Cast", "magic", 6);
    build.traits = ["Wise"];
    build.persona = 1;
    expect(validateCharacter(build)).toEqual([
      { key: "GOLDHACK.Creation.SkillAboveMax", data: { skill: "Cast", rating: 6, max: 5 } },
      { key: "GOLDHACK.Creation.SkillPointsOver", data: { spent: 7, allowed: 6, excess: 1 } },
      { key: "GOLDHACK.Creation.TraitCount", data: { count: 1, expected: 4 } },
      { key: "GOLDHACK.Creation.PersonaNotStarting", data: { persona: 1, expected: 0 } },
    ]);
  });

  type Tree = { [key: string]: string | Tree };
  const load = (lang: string): Tree => JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8"));
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };

  it("has a message in English and Spanish for every problem, with placeholders matching its data", () => {
    const seen = PROBLEM_CASES.flatMap((c) => validateCharacter(c.build, c.chart));
    for (const lang of ["en", "es"]) {
      const tree = load(lang);
      for (const problem of seen) {
        // A counted message is a { one, other } object (src/i18n/plural.ts): each form names the same placeholders.
        const forms = ["", ".one", ".other"].map((suffix) => lookup(tree, problem.key + suffix)).filter((m) => typeof m === "string");
        expect(forms.length, `${lang} ${problem.key}`).toBeGreaterThan(0);
        for (const message of forms) {
          const placeholders = [...(message ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
          expect(new Set(placeholders), `${lang} ${problem.key}`).toEqual(new Set(Object.keys(problem.data ?? {})));
        }
      }
    }
  });

  it("tests every GOLDHACK.Creation key the language files define", () => {
    const creation = load("en").GOLDHACK;
    const keys = typeof creation === "object" && typeof creation.Creation === "object" ? Object.keys(creation.Creation) : [];
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(PROBLEM_CASES.map((c) => c.key))).toEqual(new Set(keys));
  });
});

describe("validateCharacter: bad input throws RangeError naming it", () => {
  const cases: [string, (b: Record<string, unknown>) => void][] = [
    ["build.age", (b) => (b.age = 3)],
    ["build.lifepaths", (b) => (b.lifepaths = "military")],
    ["build.lifepaths[0].name", (b) => (at(b.lifepaths as Record<string, unknown>[], 0).name = null)],
    ["build.lifepaths[0].types[1]", (b) => (at(b.lifepaths as { types: unknown[] }[], 0).types[1] = 7)],
    ["build.skills[1].rating", (b) => (at(b.skills as Record<string, unknown>[], 1).rating = "2")],
    ["build.skills[0].type", (b) => (at(b.skills as Record<string, unknown>[], 0).type = undefined)],
    ["build.traits[0]", (b) => ((b.traits as unknown[])[0] = 1)],
    ["build.fate", (b) => (b.fate = "5")],
    ["build.persona", (b) => (b.persona = null)],
    ["build.potential", (b) => (b.potential = "5")],
  ];
  it.each(cases)("%s", (name, spoil) => {
    const build = clone(CHILD) as unknown as Record<string, unknown>;
    spoil(build);
    expect(() => validateCharacter(build as unknown as CharacterBuild)).toThrow(RangeError);
    expect(() => validateCharacter(build as unknown as CharacterBuild)).toThrow(name);
  });

  it("rejects a non-object build, a broken chart row and bad Types", () => {
    expect(() => validateCharacter(null as unknown as CharacterBuild)).toThrow(/build must be an object/);
    const chart = { child: { ...BASIC_CHART.child, skillPoints: 2.5 } };
    expect(() => validateCharacter(CHILD, chart)).toThrow(/chart\.child\.skillPoints/);
    expect(() => validateCharacter(CHILD, BASIC_CHART, [3] as unknown as string[])).toThrow(/skillTypes\[0\]/);
  });

  it("is exported from the rules index", () => {
    expect(rules.validateCharacter).toBe(validateCharacter);
    expect(rules.SRD_LIFEPATHS).toBe(SRD_LIFEPATHS);
  });
});

// ---------------------------------------------------------------------------
// Cross-check against a literal, brute-force reading of the SRD.

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Tries every sequence of free-Skill choices, Lifepath by Lifepath, as the SRD words it:
 * a new Skill of the first Type at 2, or, when that Type was already had or the Lifepath
 * repeats, +1 to a Skill of it already given. Then the rest must be exactly the Skill points.
 */
function bruteForceLegal(build: CharacterBuild): boolean {
  const row = BASIC_CHART[build.age as keyof typeof BASIC_CHART];
  const free = build.skills.map(() => 0);
  const walk = (i: number): boolean => {
    if (i === build.lifepaths.length) {
      if (build.skills.some((s, j) => (free[j] ?? 0) > s.rating)) return false;
      return build.skills.reduce((sum, s, j) => sum + s.rating - (free[j] ?? 0), 0) === row.skillPoints;
    }
    const lifepath = at(build.lifepaths, i);
    const type = lifepath.types[0];
    const earlier = build.lifepaths.slice(0, i);
    const alreadyHad = earlier.some((e) => e.types.includes(type ?? "") || e.name === lifepath.name);
    for (const [j, s] of build.skills.entries()) {
      if (s.type !== type) continue;
      const before = free[j] ?? 0;
      if (before === 0 || alreadyHad) {
        free[j] = before === 0 ? 2 : before + 1;
        if (at(free, j) <= row.maxRating && walk(i + 1)) return true;
        free[j] = before;
      }
    }
    return false;
  };
  return walk(0);
}

/** A random character, most often legal by construction and then perhaps nudged. */
function randomBuild(rand: () => number): CharacterBuild {
  const pick = <T,>(list: readonly T[]): T => at(list, Math.floor(rand() * list.length));
  const age = pick(AGES);
  const row = BASIC_CHART[age];
  const lifepaths = Array.from({ length: row.lifepaths }, () => {
    // Favour a few Lifepaths so free Types repeat often.
    const found = pick(rand() < 0.5 ? SRD_LIFEPATHS.slice(4, 8) : SRD_LIFEPATHS);
    return { name: found.key, types: [...found.types] };
  });
  const opened = [...new Set(lifepaths.flatMap((l) => l.types))];
  const skills: CharacterBuild["skills"] = [];
  let n = 0;
  for (const l of lifepaths) {
    const type = at(l.types, 0);
    const mine = skills.filter((s) => s.type === type);
    if (mine.length > 0 && rand() < 0.5) pick(mine).rating += 1;
    else skills.push(sk(`s${n++}`, type, 2));
  }
  for (let p = 0; p < row.skillPoints; p++) {
    if (skills.length > 0 && rand() < 0.6) pick(skills).rating += 1;
    else skills.push(sk(`s${n++}`, pick(opened), 1));
  }
  const nudge = rand();
  if (nudge < 0.25) pick(skills).rating += 1;
  else if (nudge < 0.5) {
    const s = pick(skills);
    s.rating = Math.max(1, s.rating - 1);
  }
  return { age, lifepaths, skills, traits: Array.from({ length: row.traits }, (_, i) => `t${i}`), fate: row.fate, persona: row.persona };
}

const SKILL_KEYS = new Set([
  "GOLDHACK.Creation.FreeSkillMissing",
  "GOLDHACK.Creation.FreeSkillsMissing",
  "GOLDHACK.Creation.SkillPointsUnder",
  "GOLDHACK.Creation.SkillPointsOver",
  "GOLDHACK.Creation.SkillAboveMax",
]);

describe("free-Skill search agrees with a brute-force reading of the SRD", () => {
  it("on 3000 random characters", () => {
    const rand = prng(20240611);
    let legal = 0;
    for (let i = 0; i < 3000; i++) {
      const build = randomBuild(rand);
      const problems = validateCharacter(build).filter((p) => SKILL_KEYS.has(p.key));
      const expected = bruteForceLegal(build) && build.skills.every((s) => s.rating <= BASIC_CHART[build.age as "child"].maxRating);
      expect(problems.length === 0, JSON.stringify(build)).toBe(expected);
      if (expected) legal++;
      // When legal, the assignment found must itself be a legal sequence.
      const grants = findFreeSkillAssignment(build);
      if (problems.length === 0) {
        expect(grants, JSON.stringify(build)).not.toBeNull();
        const free = build.skills.map(() => 0);
        for (const g of grants ?? []) {
          const lifepath = at(build.lifepaths, g.lifepath);
          expect(build.skills[g.skill]?.type).toBe(lifepath.types[0]);
          if (g.kind === "new") expect(free[g.skill]).toBe(0);
          else {
            expect(free[g.skill]).toBeGreaterThan(0);
            expect(build.lifepaths.slice(0, g.lifepath).some((e) => e.types.includes(at(lifepath.types, 0)))).toBe(true);
          }
          free[g.skill] = g.kind === "new" ? 2 : at(free, g.skill) + 1;
          expect(g.rating).toBe(free[g.skill]);
        }
        expect(grants?.map((g) => g.lifepath)).toEqual(build.lifepaths.map((_, i) => i));
        const bought = build.skills.reduce((sum, s, j) => sum + s.rating - at(free, j), 0);
        expect(bought).toBe(BASIC_CHART[build.age as "child"].skillPoints);
        expect(build.skills.every((s, j) => at(free, j) <= s.rating)).toBe(true);
      }
    }
    // The generator must produce both kinds, or the test proves little.
    expect(legal).toBeGreaterThan(600);
    expect(legal).toBeLessThan(2700);
  });

  it("plans the range of free points per Type", () => {
    // Two Influence grants over Command 3 and Negotiate 2: one Skill (3 free) or two (4 free).
    const plan = planFreeSkills(["influence", "influence"], [{ type: "influence", rating: 3 }, { type: "influence", rating: 2 }]);
    expect(plan).toEqual({
      types: [{ type: "influence", lifepaths: [0, 1], feasible: true, minSkills: 1, maxSkills: 2 }],
      feasible: true,
      minFree: 3,
      maxFree: 4,
    });
    expect(pickFreeSkillGrants(["influence", "influence"], [{ type: "influence", rating: 3 }], 5)).toBeNull();
    expect(planFreeSkills(["fight"], [null, { type: "lore", rating: 3 }]).feasible).toBe(false);
  });
});

describe("edges the mutation run found (issue 19)", () => {
  it("findFreeSkillAssignment answers null for an unknown age, not a TypeError", () => {
    expect(findFreeSkillAssignment({ ...clone(CHILD), age: "ancient" })).toBeNull();
  });

  it("findFreeSkillAssignment skips a Skill rated 0 or 1.5: it can hold no free Skill and costs no points", () => {
    const expected = [{ lifepath: 0, skill: 0, kind: "new", rating: 2 }];
    expect(findFreeSkillAssignment(CHILD)).toEqual(expected);
    for (const rating of [0, 1.5]) {
      const build = clone(CHILD);
      build.skills.push(sk("Brawl", "fight", rating));
      expect(findFreeSkillAssignment(build), `rating ${rating}`).toEqual(expected);
    }
  });

  it("pickFreeSkillGrants answers null for too few points, as for too many", () => {
    const skills = [{ type: "fight", rating: 3 }];
    // One grant on one Skill is worth exactly 2 free points.
    expect(pickFreeSkillGrants(["fight"], skills, 2)).toEqual([{ lifepath: 0, skill: 0, kind: "new", rating: 2 }]);
    expect(pickFreeSkillGrants(["fight"], skills, 1)).toBeNull();
    expect(pickFreeSkillGrants(["fight"], skills, 3)).toBeNull();
  });

  it("refuses a Skill name of only spaces like an empty one, never as a duplicate", () => {
    const build = { ...clone(CHILD), skills: [sk("Swords", "fight", 3), sk("   ", "expertise", 1), sk(" \t ", "expertise", 1)] };
    expect(validateCharacter(build)).toEqual([
      { key: "GOLDHACK.Creation.SkillNameMissing", data: { index: 2 } },
      { key: "GOLDHACK.Creation.SkillNameMissing", data: { index: 3 } },
    ]);
  });

  it("a Lifepath with no Types gives no free Skill: only the Type count is wrong", () => {
    const build = { ...clone(CHILD), lifepaths: [{ name: "Squire", types: [] }] };
    expect(validateCharacter(build)).toEqual([
      { key: "GOLDHACK.Creation.LifepathTypeCount", data: { lifepath: "Squire", count: 0, expected: 3 } },
      { key: "GOLDHACK.Creation.SkillTypeNotOpen", data: { skill: "Swords", type: "fight" } },
      { key: "GOLDHACK.Creation.SkillTypeNotOpen", data: { skill: "Stealth", type: "expertise" } },
      { key: "GOLDHACK.Creation.SkillTypeNotOpen", data: { skill: "Forest", type: "survive" } },
      { key: "GOLDHACK.Creation.SkillPointsOver", data: { spent: 5, allowed: 3, excess: 2 } },
    ]);
    expect(findFreeSkillAssignment(build)).toBeNull();
  });
});

describe("creation names what it cannot read, with its exact message (issue 19)", () => {
  const check = (build: unknown, chart?: unknown, types?: unknown) => (): unknown =>
    validateCharacter(build as CharacterBuild, chart as Chart | undefined, types as readonly string[] | undefined);

  it("names a build, Skill list, Skill, Skill name or Trait list of the wrong shape", () => {
    expect(check("Ana")).toThrow("build must be an object, got Ana");
    expect(check({ ...clone(CHILD), skills: "Swords" })).toThrow("build.skills must be an array, got Swords");
    expect(check({ ...clone(CHILD), skills: [sk("Swords", "fight", 3), null] })).toThrow("build.skills[1] must be an object, got null");
    expect(check({ ...clone(CHILD), skills: [sk("Swords", "fight", 3), { name: 7, type: "lore", rating: 1 }] })).toThrow(
      "build.skills[1].name must be a string, got 7",
    );
    expect(check({ ...clone(CHILD), traits: "Stubborn" })).toThrow("build.traits must be an array, got Stubborn");
    expect(check({ ...clone(CHILD), lifepaths: [lp("military"), "noble"] })).toThrow("build.lifepaths[1] must be an object, got noble");
    expect(check({ ...clone(CHILD), lifepaths: [lp("military"), { name: "Noble", types: "influence" }] })).toThrow(
      "build.lifepaths[1].types must be an array, got influence",
    );
  });

  it("names a chart or a Type list of the wrong shape", () => {
    expect(check(clone(CHILD), "basic")).toThrow("chart must be an object, got basic");
    expect(check(clone(CHILD), BASIC_CHART, "fight")).toThrow("skillTypes must be an array, got fight");
  });
});

describe("creation names a Lifepath or Skill by its trimmed name, or by its place when blank (issue 19)", () => {
  it("a Lifepath's Type problems name it trimmed, or #n when it has no name", () => {
    const build = clone(ADULT_REPEATED);
    build.lifepaths = [
      { name: " Military ", types: ["fight", "fight", "survive"] },
      { name: "  ", types: ["fight", "cooking", "survive"] },
      lp("outcast", "Outcast"),
    ];
    const problems = validateCharacter(build);
    expect(problems).toContainEqual({ key: "GOLDHACK.Creation.LifepathTypeRepeated", data: { lifepath: "Military", type: "fight" } });
    expect(problems).toContainEqual({ key: "GOLDHACK.Creation.LifepathNameMissing", data: { index: 2 } });
    expect(problems).toContainEqual({ key: "GOLDHACK.Creation.LifepathTypeUnknown", data: { lifepath: "#2", type: "cooking" } });
  });

  it("a nameless Skill's Type problem names it by its place", () => {
    const build = { ...clone(ADULT_REPEATED), skills: [...clone(ADULT_REPEATED).skills, sk("", "cooking", 1)] };
    expect(validateCharacter(build)).toContainEqual({ key: "GOLDHACK.Creation.SkillTypeUnknown", data: { skill: "#5", type: "cooking" } });
  });

  it("a nameless Lifepath whose free Skill is missing is named by its place", () => {
    const build = { ...clone(CHILD), lifepaths: [{ ...lp("military"), name: " " }], skills: [sk("Swords", "fight", 1), sk("Stealth", "expertise", 1)] };
    expect(validateCharacter(build)).toContainEqual({ key: "GOLDHACK.Creation.FreeSkillMissing", data: { lifepath: "#1", type: "fight" } });
  });
});
