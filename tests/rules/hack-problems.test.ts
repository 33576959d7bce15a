import { describe, expect, it } from "vitest";
import { BASIC_CHART, type HackType, type Problem, SRD_HACK, validateHack } from "../../src/rules";

/**
 * The hack format's refusals, one rule a line: the malformed input and exactly the problems it raises,
 * each with the key under GOLDHACK.Hack.Problem.* and the data its message shows (which field, which
 * key, which value). Beside them, the near misses the format accepts.
 */

const problem = (name: string, data?: Record<string, string | number>): Problem =>
  data ? { key: `GOLDHACK.Hack.Problem.${name}`, data } : { key: `GOLDHACK.Hack.Problem.${name}` };

const srdTypes = (): HackType[] => structuredClone([...(SRD_HACK.types ?? [])]);
const srdAges = () => structuredClone([...(SRD_HACK.ages ?? [])]);
const srdChart = () => structuredClone({ ...SRD_HACK.chart });

/** The SRD's eight Types (types[0] to types[7]) and a ninth, types[8], changed by `change`. */
const withSail = (change: Record<string, unknown>): unknown => ({
  name: "x",
  types: [...srdTypes(), { key: "sail", label: "Sail", explodes: false, practiceOrder: 8, ...change }],
});
/** The SRD's four ages (ages[0] to ages[3]), a fifth, ages[4], changed by `change`, and its chart row. */
const withAncient = (change: Record<string, unknown>): unknown => ({
  name: "x",
  ages: [...srdAges(), { key: "ancient", label: "Ancient", ...change }],
  chart: { ...srdChart(), ancient: { ...BASIC_CHART.elder } },
});
/** The SRD chart with its elder row (Potential 2) changed by `change`. */
const elderRow = (change: Record<string, unknown>): unknown => ({ name: "x", chart: { ...srdChart(), elder: { ...BASIC_CHART.elder, ...change } } });
const withObGrades = (...obGrades: unknown[]): unknown => ({ name: "x", obGrades });

type Case = [rule: string, hack: unknown, problems: Problem[]];

const table = (cases: Case[]): void => {
  for (const [rule, hack, problems] of cases) it(rule, () => expect(validateHack(hack)).toEqual(problems));
};

describe("the hack document and its name", () => {
  table([
    ["a field the format lacks is named", { name: "x", skils: [] }, [problem("FieldUnknown", { field: "skils" })]],
    ["$schema, when given, is text", { name: "x", $schema: 3 }, [problem("TextInvalid", { field: "$schema" })]],
    ["a blank name is empty", { name: "  " }, [problem("TextEmpty", { field: "name" })]],
    ["a name that is a number is not text", { name: 3 }, [problem("TextInvalid", { field: "name" })]],
    ["a name that is a list is not text", { name: ["x"] }, [problem("TextInvalid", { field: "name" })]],
    ["a name in no language is empty", { name: {} }, [problem("TextEmpty", { field: "name" })]],
    ["a language must be a code, not a word", { name: { English: "x" } }, [problem("LanguageInvalid", { field: "name", lang: "English" })]],
    ["a language code uses a dash, not an underscore", { name: { en_US: "x" } }, [problem("LanguageInvalid", { field: "name", lang: "en_US" })]],
    ["each language's text is not blank", { name: { en: "", es: "  " } }, [problem("TextEmpty", { field: "name.en" }), problem("TextEmpty", { field: "name.es" })]],
    ["each language's text is text", { name: { en: "x", fr: 3 } }, [problem("TextInvalid", { field: "name.fr" })]],
  ]);
});

describe("types", () => {
  table([
    ["must be a list", { name: "x", types: "craft" }, [problem("FieldNotList", { field: "types" })]],
    ["each Type is an object, named by its place", { name: "x", types: [...srdTypes(), null] }, [problem("EntryInvalid", { field: "types[8]" })]],
    ["a field a Type lacks is named with its place", withSail({ colour: "blue" }), [problem("FieldUnknown", { field: "types[8].colour" })]],
    ["a key has no capitals", withSail({ key: "Sail" }), [problem("KeyInvalid", { field: "types[8].key", key: "Sail" })]],
    ["a key has no spaces", withSail({ key: "sail boat" }), [problem("KeyInvalid", { field: "types[8].key", key: "sail boat" })]],
    ["a key is text", withSail({ key: 7 }), [problem("KeyInvalid", { field: "types[8].key", key: "7" })]],
    ["a key is required", withSail({ key: undefined }), [problem("KeyInvalid", { field: "types[8].key", key: "undefined" })]],
    ["a key is listed once", withSail({ key: "magic" }), [problem("TypeRepeated", { key: "magic" })]],
    ["a label is not blank", withSail({ label: "" }), [problem("TextEmpty", { field: "types[8].label" })]],
    ["explodes is true or false, the Type named by its key", withSail({ explodes: "no" }), [problem("TypeExplodesInvalid", { type: "sail" })]],
    [
      "a Type without a good key is named by its place",
      withSail({ key: "Sail", explodes: 1 }),
      [problem("KeyInvalid", { field: "types[8].key", key: "Sail" }), problem("TypeExplodesInvalid", { type: "types[8]" })],
    ],
    ["a practice place is not negative", withSail({ practiceOrder: -1 }), [problem("PracticeOrderInvalid", { type: "sail", value: "-1" })]],
    ["a practice place is whole", withSail({ practiceOrder: 1.5 }), [problem("PracticeOrderInvalid", { type: "sail", value: "1.5" })]],
    ["a practice place is a number, not text", withSail({ practiceOrder: "8" }), [problem("PracticeOrderInvalid", { type: "sail", value: "8" })]],
    ["a practice place is required", withSail({ practiceOrder: undefined }), [problem("PracticeOrderInvalid", { type: "sail", value: "undefined" })]],
    [
      "two Types never share a practice place; the first to hold it is named",
      withSail({ practiceOrder: 0 }),
      [problem("PracticeOrderRepeated", { type: "sail", other: "magic", value: 0 })],
    ],
    ["two Types are too few", { name: "x", types: srdTypes().slice(0, 2) }, [problem("TypesTooFew", { count: 2, min: 3 })]],
    [
      "a repeated Type counts once",
      { name: "x", types: [...srdTypes().slice(0, 2), { ...srdTypes()[0], practiceOrder: 9 }] },
      [problem("TypeRepeated", { key: "craft" }), problem("TypesTooFew", { count: 2, min: 3 })],
    ],
  ]);

  it("three Types are enough", () => {
    expect(validateHack({ name: "x", types: srdTypes().slice(0, 3) })).toEqual([]);
  });
});

describe("ages", () => {
  table([
    ["must be a list", { name: "x", ages: "child" }, [problem("FieldNotList", { field: "ages" })]],
    ["each age is an object, named by its place", { name: "x", ages: [...srdAges(), null] }, [problem("EntryInvalid", { field: "ages[4]" })]],
    ["a field an age lacks is named with its place", withAncient({ colour: 1 }), [problem("FieldUnknown", { field: "ages[4].colour" })]],
    [
      "a key has no capitals",
      { name: "x", ages: [...srdAges(), { key: "Ancient", label: "A" }] },
      [problem("KeyInvalid", { field: "ages[4].key", key: "Ancient" })],
    ],
    ["a label is not blank", withAncient({ label: " " }), [problem("TextEmpty", { field: "ages[4].label" })]],
    ["a key is listed once", { name: "x", ages: [...srdAges(), { key: "child", label: "C" }] }, [problem("AgeRepeated", { key: "child" })]],
    ["at least one age", { name: "x", ages: [], chart: {} }, [problem("AgesNone")]],
    [
      "an added age needs a row even when the chart is the SRD's; only it is named",
      { name: "x", ages: [...srdAges(), { key: "ancient", label: "A" }] },
      [problem("AgeWithoutRow", { age: "ancient" })],
    ],
  ]);

  it("some of the SRD's ages, without a chart, take the SRD's rows", () => {
    expect(validateHack({ name: "x", ages: srdAges().slice(2) })).toEqual([]);
  });
});

describe("chart", () => {
  table([
    ["must be an object", { name: "x", chart: 3 }, [problem("FieldNotObject", { field: "chart" })]],
    ["a list is not a chart", { name: "x", chart: [] }, [problem("FieldNotObject", { field: "chart" })]],
    [
      "every age needs a row",
      { name: "x", chart: { child: BASIC_CHART.child, young: BASIC_CHART.young } },
      [problem("AgeWithoutRow", { age: "adult" }), problem("AgeWithoutRow", { age: "elder" })],
    ],
    ["every row needs an age", { name: "x", chart: { ...srdChart(), ancient: { ...BASIC_CHART.elder } } }, [problem("RowWithoutAge", { age: "ancient" })]],
    ["a row is an object", { name: "x", chart: { ...srdChart(), adult: 3 } }, [problem("EntryInvalid", { field: "chart.adult" })]],
    ["a field a row lacks is named with its age", elderRow({ luck: 1 }), [problem("FieldUnknown", { field: "chart.elder.luck" })]],
    ["every number is given", elderRow({ traits: undefined }), [problem("ChartNumberMissing", { age: "elder", field: "traits" })]],
    ["a number is whole", elderRow({ skillPoints: 4.5 }), [problem("ChartNumberNotWhole", { age: "elder", field: "skillPoints", value: "4.5" })]],
    ["a number is a number, not text", elderRow({ skillPoints: "6" }), [problem("ChartNumberNotWhole", { age: "elder", field: "skillPoints", value: "6" })]],
    ["at least one Lifepath", elderRow({ lifepaths: 0 }), [problem("ChartNumberBelowMin", { age: "elder", field: "lifepaths", value: 0, min: 1 })]],
    ["Skill points are not negative", elderRow({ skillPoints: -1 }), [problem("ChartNumberBelowMin", { age: "elder", field: "skillPoints", value: -1, min: 0 })]],
    ["Fate above Potential is named with both", elderRow({ fate: 3 }), [problem("ChartFateAbovePotential", { age: "elder", fate: 3, potential: 2 })]],
    ["Persona above Potential is named with both", elderRow({ persona: 3 }), [problem("ChartPersonaAbovePotential", { age: "elder", persona: 3, potential: 2 })]],
    // A row with a bad number is not compared further: Fate 3 is above Potential 2 in each of these.
    ["a row missing a number is not compared", elderRow({ fate: 3, traits: undefined }), [problem("ChartNumberMissing", { age: "elder", field: "traits" })]],
    ["a row with a broken number is not compared", elderRow({ fate: 3, traits: 0.5 }), [problem("ChartNumberNotWhole", { age: "elder", field: "traits", value: "0.5" })]],
    ["a row with Potential 0 is refused for that alone", elderRow({ potential: 0 }), [problem("ChartNumberBelowMin", { age: "elder", field: "potential", value: 0, min: 1 })]],
  ]);

  it("Fate and Persona may equal Potential", () => {
    expect(validateHack(elderRow({ fate: 2, persona: 2 }))).toEqual([]);
  });
});

describe("obGrades", () => {
  table([
    ["must be a list", { name: "x", obGrades: "Routine" }, [problem("FieldNotList", { field: "obGrades" })]],
    ["each grade is an object, named by its place", withObGrades({ ob: 1, label: "A" }, null), [problem("EntryInvalid", { field: "obGrades[1]" })]],
    ["a field a grade lacks is named with its place", withObGrades({ ob: 1, label: "A", colour: 1 }), [problem("FieldUnknown", { field: "obGrades[0].colour" })]],
    ["an Ob is at least 1", withObGrades({ ob: 0, label: "A" }), [problem("ObInvalid", { ob: "0" })]],
    ["an Ob is whole", withObGrades({ ob: 1.5, label: "A" }), [problem("ObInvalid", { ob: "1.5" })]],
    ["an Ob is a number, not text", withObGrades({ ob: "1", label: "A" }), [problem("ObInvalid", { ob: "1" })]],
    ["an Ob is required", withObGrades({ label: "A" }), [problem("ObInvalid", { ob: "undefined" })]],
    ["an Ob is named once", withObGrades({ ob: 1, label: "A" }, { ob: 2, label: "B" }, { ob: 1, label: "C" }), [problem("ObRepeated", { ob: 1 })]],
    ["a label is not blank", withObGrades({ ob: 1, label: "A" }, { ob: 2, label: "" }), [problem("TextEmpty", { field: "obGrades[1].label" })]],
    ["at least one grade", withObGrades(), [problem("ObGradesNone")]],
  ]);
});

describe("compendiums", () => {
  const packs = (compendiums: unknown): unknown => ({ name: "x", compendiums });
  table([
    ["must be an object", packs(["my.skills"]), [problem("FieldNotObject", { field: "compendiums" })]],
    ["a kind the format lacks is named", packs({ skills: ["my.skills"] }), [problem("FieldUnknown", { field: "compendiums.skills" })]],
    ["a kind is a list or lists per language", packs({ skill: "my.skills" }), [problem("FieldNotList", { field: "compendiums.skill" })]],
    ["a pack id has a dot", packs({ skill: ["my.skills", "no dot"] }), [problem("PackIdInvalid", { field: "compendiums.skill", id: "no dot" })]],
    ["a package id has no spaces", packs({ trait: ["my mod.traits"] }), [problem("PackIdInvalid", { field: "compendiums.trait", id: "my mod.traits" })]],
    ["a pack id has one dot and nothing after the pack", packs({ lifepath: ["my.paths/en"] }), [problem("PackIdInvalid", { field: "compendiums.lifepath", id: "my.paths/en" })]],
    ["a pack id is text, not a list in the list", packs({ fallout: [["my.fallout"]] }), [problem("PackIdInvalid", { field: "compendiums.fallout", id: "my.fallout" })]],
    ["per language, a bad id names its language", packs({ skill: { en: ["my.skills"], es: ["mis skills"] } }), [problem("PackIdInvalid", { field: "compendiums.skill.es", id: "mis skills" })]],
    ["per language, each language is a code", packs({ skill: { English: ["my.skills"] } }), [problem("LanguageInvalid", { field: "compendiums.skill", lang: "English" })]],
    ["per language, each is a list", packs({ skill: { en: "my.skills" } }), [problem("FieldNotList", { field: "compendiums.skill.en" })]],
  ]);
});

describe("terms", () => {
  const terms = (value: unknown): unknown => ({ name: "x", terms: value });
  table([
    ["must be an object", terms([]), [problem("FieldNotObject", { field: "terms" })]],
    ["only Fate, Persona and Potential can be renamed", terms({ gold: { en: "Silver" } }), [problem("TermUnknown", { term: "gold", terms: "fate, persona, potential" })]],
    ["a new name is given per language", terms({ fate: "Luck" }), [problem("TextInvalid", { field: "terms.fate" })]],
    ["a new name in no language is empty", terms({ persona: {} }), [problem("TextEmpty", { field: "terms.persona" })]],
    ["a new name is not blank", terms({ potential: { en: "Grit", es: "" } }), [problem("TextEmpty", { field: "terms.potential.es" })]],
  ]);
});

describe("strings", () => {
  const strings = (value: unknown): unknown => ({ name: "x", strings: value });
  table([
    ["must be an object", strings([]), [problem("FieldNotObject", { field: "strings" })]],
    ["each language is a code", strings({ English: { "GOLDHACK.Sheet.Potential": "Grit" } }), [problem("LanguageInvalid", { field: "strings", lang: "English" })]],
    ["each language holds strings by key", strings({ en: "Grit" }), [problem("FieldNotObject", { field: "strings.en" })]],
    ["a string is text", strings({ en: { "GOLDHACK.Sheet.Potential": 3 } }), [problem("TextInvalid", { field: "strings.en.GOLDHACK.Sheet.Potential" })]],
    [
      "a key is dotted words of letters, digits, _ and -",
      strings({ en: { nodot: "a", "My key.Name": "b", "GOLDHACK.Sheet!": "c", ".Sheet": "d", "GOLDHACK..Sheet": "e" } }),
      ["nodot", "My key.Name", "GOLDHACK.Sheet!", ".Sheet", "GOLDHACK..Sheet"].map((key) => problem("StringKeyInvalid", { key })),
    ],
  ]);
});

describe("what the format accepts", () => {
  it("regional language codes, long dotted keys, empty strings and well-formed pack ids", () => {
    const hack = {
      name: { "pt-BR": "Mar", "zh-Hant-TW": "海" },
      compendiums: { skill: { "pt-BR": ["my-mod.skills_pt"] }, trait: ["my_mod.traits-1"] },
      terms: { fate: { "pt-BR": "Sorte" } },
      strings: { en: { "GOLDHACK.Sheet.Potential": "Grit", "my-mod.hint_2": "" }, "pt-BR": { "GOLDHACK.Sheet.Potential": "Garra" } },
    };
    expect(validateHack(hack)).toEqual([]);
  });

  it("without types, the packs are checked against the SRD's Types", () => {
    const content = { lifepaths: [{ name: "Scribe", types: ["craft", "expertise", "lore"] }], skills: [{ name: "Letters", type: "lore" }] };
    expect(validateHack({ name: "x" }, content)).toEqual([]);
  });
});

describe("prototype keys are refused everywhere in a hack (issue 26)", () => {
  const parsed = (text: string): unknown => JSON.parse(text);
  table([
    ["__proto__ as a top-level key, as JSON.parse leaves it", parsed('{"name":"x","__proto__":{"polluted":true}}'), [problem("KeyForbidden", { field: "__proto__", key: "__proto__" })]],
    ["constructor as a top-level key", { name: "x", constructor: { prototype: {} } }, [problem("KeyForbidden", { field: "constructor", key: "constructor" })]],
    [
      "__proto__ inside a label",
      parsed('{"name":{"en":"x","__proto__":{"polluted":true}}}'),
      [problem("KeyForbidden", { field: "name.__proto__", key: "__proto__" })],
    ],
    [
      "a segment of a string's dotted key",
      { name: "x", strings: { en: { "GOLDHACK.__proto__.polluted": "yes" } } },
      [problem("KeyForbidden", { field: "strings.en.GOLDHACK.__proto__.polluted", key: "GOLDHACK.__proto__.polluted" })],
    ],
    [
      "constructor.prototype as a string's path",
      { name: "x", strings: { en: { "constructor.prototype.polluted": "yes" } } },
      [problem("KeyForbidden", { field: "strings.en.constructor.prototype.polluted", key: "constructor.prototype.polluted" })],
    ],
    ["prototype as a Type key", withSail({ key: "prototype" }), [problem("KeyForbidden", { field: "types[8].key", key: "prototype" })]],
    [
      "constructor as an age key and its chart row",
      { name: "x", ages: [...srdAges(), { key: "constructor", label: "C" }], chart: { ...srdChart(), constructor: { ...BASIC_CHART.elder } } },
      [problem("KeyForbidden", { field: "chart.constructor", key: "constructor" })],
    ],
    [
      "inside a list entry",
      { name: "x", obGrades: [parsed('{"ob":1,"label":"A","__proto__":{"x":1}}')] },
      [problem("KeyForbidden", { field: "obGrades[0].__proto__", key: "__proto__" })],
    ],
  ]);

  it("constructor as an age key alone (no chart row named so) is refused by the key check", () => {
    expect(validateHack({ name: "x", ages: [...srdAges(), { key: "constructor", label: "C" }] })).toContainEqual(problem("KeyForbidden", { field: "ages[4].key", key: "constructor" }));
  });

  it("nothing reaches Object.prototype when such a hack is read and its strings applied", async () => {
    const { hackTranslations } = await import("../../src/rules");
    const hack = parsed('{"name":"x","strings":{"en":{"GOLDHACK.__proto__.polluted":"yes","__proto__":"y"}}}') as never;
    expect(validateHack(hack)).not.toEqual([]);
    // Even handed a hack that skipped validation, the renames never name a prototype path.
    expect(Object.keys(hackTranslations(hack, "en", { "GOLDHACK.A": "a" }, {}))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("numbers have an upper bound of 99 (issue 26)", () => {
  table([
    ["a chart number above 99", elderRow({ skillPoints: 100 }), [problem("ChartNumberAboveMax", { age: "elder", field: "skillPoints", value: 100, max: 99 })]],
    ["a max rating of 1e20", elderRow({ maxRating: 1e20 }), [problem("ChartNumberAboveMax", { age: "elder", field: "maxRating", value: 1e20, max: 99 })]],
    ["Potential above 99 (Fate within it)", elderRow({ potential: 1000 }), [problem("ChartNumberAboveMax", { age: "elder", field: "potential", value: 1000, max: 99 })]],
    ["a practice place above 99", withSail({ practiceOrder: 100 }), [problem("PracticeOrderAboveMax", { type: "sail", value: 100, max: 99 })]],
    ["an Ob above 99", withObGrades({ ob: 100, label: "A" }), [problem("ObAboveMax", { ob: 100, max: 99 })]],
  ]);

  it("99 itself is allowed everywhere", () => {
    const hack = { name: "x", types: [...srdTypes(), { key: "sail", label: "Sail", explodes: false, practiceOrder: 99 }], obGrades: [{ ob: 99, label: "A" }], chart: { ...srdChart(), elder: { lifepaths: 99, skillPoints: 99, maxRating: 99, fate: 99, persona: 99, potential: 99, traits: 99 } } };
    expect(validateHack(hack)).toEqual([]);
  });
});
