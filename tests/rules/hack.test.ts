import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config";
import {
  applyHack,
  BASIC_CHART,
  configToHack,
  type HackDocument,
  hackPacks,
  hackTranslations,
  localText,
  removedTypes,
  skillsToReassign,
  SRD_HACK,
  validateHack,
} from "../../src/rules";

import { BAD_HACKS } from "./hack-cases";

const sea = (): HackDocument => JSON.parse(readFileSync(new URL("../../examples/sea-hack/hack.json", import.meta.url), "utf8"));

const keys = (hack: unknown, content = {}): string[] => validateHack(hack, content).map((p) => p.key.replace("GOLDHACK.Hack.Problem.", ""));

describe("the SRD game is the default hack", () => {
  it("applied, gives exactly the config the system builds from the SRD, in either language", () => {
    expect(validateHack(SRD_HACK)).toEqual([]);
    expect(applyHack(SRD_HACK, "en")).toEqual(createConfig());
    expect(applyHack(SRD_HACK, "es")).toEqual(createConfig());
  });

  it("a hack with nothing but a name is the SRD game", () => {
    expect(validateHack({ name: "Plain" })).toEqual([]);
    expect(applyHack({ name: "Plain" }, "en")).toEqual(createConfig());
  });

  it("round-trips through configToHack", () => {
    expect(applyHack(configToHack(createConfig(), { name: "x" }), "en")).toEqual(createConfig());
    expect(validateHack(configToHack(createConfig(), { name: "x" }))).toEqual([]);
  });

  it("offers the system's packs for each language", () => {
    expect(hackPacks(SRD_HACK, "skill", "es")).toEqual(["goldhack.skills-es"]);
    expect(hackPacks({ name: "x" }, "lifepath", "en")).toEqual(["goldhack.lifepaths-en"]);
    expect(hackPacks(SRD_HACK, "fallout", "pt-BR")).toEqual(["goldhack.fallout-en"]);
    expect(hackPacks({ name: "x", compendiums: { trait: ["my.traits"] } }, "trait", "es")).toEqual(["my.traits"]);
  });
});

describe("the example sea hack", () => {
  it("is valid and adds Sail, renames ages and changes the young row", () => {
    expect(validateHack(sea())).toEqual([]);
    const config = applyHack(sea(), "es");
    expect(config.skillTypes.sail).toEqual({ label: "Navegar", explodes: false, practiceOrder: 6 });
    expect(config.ages.elder?.label).toBe("Lobo de mar");
    expect(config.ages.young?.skillPoints).toBe(5);
    expect(config.ages.young?.skillPoints).not.toBe(BASIC_CHART.young.skillPoints);
    expect(config.obGrades[4]).toEqual({ label: "Temporal" });
  });

  it("renames Fate, whole words only, and lays its own strings over", () => {
    const strings = { a: "Spend Fate now", b: "Fateful day", c: "Fate and Fate", d: "Persona" };
    expect(hackTranslations(sea(), "en", strings, { fate: "Fate" })).toEqual({ a: "Spend Luck now", c: "Luck and Luck" });
    const es = hackTranslations(sea(), "es", { x: "La Fortuna es {fate}", y: "Afortunada" }, { fate: "Fortuna" });
    expect(es).toEqual({ x: "La Suerte es {fate}" });
    const over = hackTranslations({ name: "x", strings: { en: { "GOLDHACK.Sheet.Potential": "Grit" } } }, "en", {}, {});
    expect(over).toEqual({ "GOLDHACK.Sheet.Potential": "Grit" });
  });
});

describe("localText", () => {
  it("takes the language, else its base, else English, else the first", () => {
    expect(localText("KEY", "es")).toBe("KEY");
    expect(localText({ en: "Sail", es: "Navegar" }, "es")).toBe("Navegar");
    expect(localText({ en: "Sail", pt: "Velejar" }, "pt-BR")).toBe("Velejar");
    expect(localText({ en: "Sail", es: "Navegar" }, "fr")).toBe("Sail");
    expect(localText({ de: "Segeln" }, "fr")).toBe("Segeln");
  });
});

describe("validateHack refuses an impossible hack, naming each problem", () => {
  for (const bad of BAD_HACKS) {
    it(`${bad.name}: ${bad.problem}`, () => {
      expect(keys(bad.hack())).toContain(bad.problem);
    });
  }

  it("gives data for the message: the age, the field, the value, the minimum", () => {
    const bad = BAD_HACKS.find((b) => b.problem === "ChartNumberBelowMin");
    expect(validateHack(bad?.hack())).toEqual([
      { key: "GOLDHACK.Hack.Problem.ChartNumberBelowMin", data: { age: "adult", field: "maxRating", value: 1, min: 2 } },
    ]);
  });

  it("checks the Types of the packs' Lifepaths and Skills", () => {
    const content = {
      lifepaths: [
        { name: "Deckhand", types: ["sail", "fight", "survive"] },
        { name: "Pirate", types: ["plunder", "fight", "sail"] },
        { name: "Twice", types: ["sail", "sail", "lore"] },
        { name: "Short", types: ["sail", "lore"] },
      ],
      skills: [{ name: "Knots", type: "sail" }, { name: "Loot", type: "plunder" }],
    };
    expect(validateHack(sea(), content)).toEqual([
      { key: "GOLDHACK.Hack.Problem.LifepathTypeUnknown", data: { lifepath: "Pirate", type: "plunder" } },
      { key: "GOLDHACK.Hack.Problem.LifepathTypeRepeated", data: { lifepath: "Twice", type: "sail" } },
      { key: "GOLDHACK.Hack.Problem.LifepathTypeCount", data: { lifepath: "Short", count: 2, expected: 3 } },
      { key: "GOLDHACK.Hack.Problem.SkillTypeUnknown", data: { skill: "Loot", type: "plunder" } },
    ]);
    // The SRD has no Sail: the same packs under the SRD game fail.
    expect(keys(SRD_HACK, { lifepaths: [{ name: "Deckhand", types: ["sail", "fight", "survive"] }] })).toEqual(["LifepathTypeUnknown"]);
  });

  it("never throws, whatever JSON comes in", () => {
    for (const value of [null, 1, "x", true, { name: { en: 3 } }, { name: "x", chart: { adult: 3 } }, { name: "x", types: [null] }]) {
      expect(() => validateHack(value)).not.toThrow();
      expect(validateHack(value).length).toBeGreaterThan(0);
    }
  });
});

describe("Types removed by a hack", () => {
  it("lists the Types gone and the Skills that need a new one, in a stable order", () => {
    expect(removedTypes(["craft", "magic", "sail"], ["craft", "sail"])).toEqual(["magic"]);
    const skills = [
      { id: "1", name: "Cast", type: "magic", owner: "Sela" },
      { id: "2", name: "Swords", type: "fight", owner: "Sela" },
      { id: "3", name: "Alchemy", type: "magic", owner: "" },
      { id: "4", name: "Ward", type: "magic", owner: "Ana" },
    ];
    expect(skillsToReassign(skills, ["fight"]).map((s) => s.id)).toEqual(["3", "4", "1"]);
  });
});
