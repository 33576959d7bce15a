import { describe, expect, it } from "vitest";
import { SKILL_TYPES } from "../../src/rules/chart";
import { findSrdLifepath, SRD_LIFEPATHS } from "../../src/rules/lifepaths";

// SRD: Characters › Lifepaths › Lifepath Examples ("Free Skill of Magic at 2. Other Types: Craft & Lore.")
describe("SRD Lifepaths", () => {
  it("lists the twelve Lifepath Examples with their Types in SRD order", () => {
    const table = Object.fromEntries(SRD_LIFEPATHS.map((l) => [l.key, l.types.join(" ")]));
    expect(table).toEqual({
      artistic: "perform expertise influence",
      craftsmen: "craft influence perform",
      esoteric: "magic craft lore",
      intellectual: "lore magic perform",
      military: "fight expertise survive",
      noble: "influence fight lore",
      outcast: "expertise fight survive",
      peasant: "craft expertise survive",
      religious: "influence lore magic",
      seafaring: "expertise fight survive",
      trading: "influence expertise perform",
      wilderness: "survive craft fight",
    });
  });

  it("uses only the eight Types, three distinct each, with a label key", () => {
    for (const l of SRD_LIFEPATHS) {
      expect(new Set(l.types).size, l.key).toBe(3);
      for (const t of l.types) expect(SKILL_TYPES).toContain(t);
      expect(l.label).toMatch(/^GOLDHACK\.Lifepath\.[A-Z][a-z]+$/);
    }
    expect(findSrdLifepath("pirate")).toBeUndefined();
  });

  it("is frozen so a pack author cannot change the SRD data by accident", () => {
    expect(Object.isFrozen(SRD_LIFEPATHS)).toBe(true);
    expect(Object.isFrozen(SRD_LIFEPATHS[0]?.types)).toBe(true);
  });
});

describe("finding an SRD Lifepath by its key (issue 19)", () => {
  it("finds each Lifepath by its key, with its label and Types", () => {
    expect(findSrdLifepath("military")).toEqual({ key: "military", label: "GOLDHACK.Lifepath.Military", types: ["fight", "expertise", "survive"] });
    expect(findSrdLifepath("wilderness")?.types).toEqual(["survive", "craft", "fight"]);
    for (const l of SRD_LIFEPATHS) expect(findSrdLifepath(l.key), l.key).toBe(l);
  });

  it("names each Lifepath's label after its key", () => {
    for (const l of SRD_LIFEPATHS) expect(l.label.toLowerCase(), l.key).toBe(`goldhack.lifepath.${l.key}`);
  });

  it("finds nothing for an empty or unknown key", () => {
    expect(findSrdLifepath("")).toBeUndefined();
    expect(findSrdLifepath("Military")).toBeUndefined();
  });
});
