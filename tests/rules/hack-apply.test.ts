import { describe, expect, it } from "vitest";
import { applyHack, BASIC_CHART, type HackDocument, hackPacks, hackTranslations, localText, SRD_HACK } from "../../src/rules";

/** What a valid hack turns into: the config, the packs offered per language, the renamed strings. */

describe("applyHack", () => {
  it("some of the SRD's ages without a chart keep the SRD's rows", () => {
    const config = applyHack({ name: "x", ages: [{ key: "adult", label: "Grown" }, { key: "elder", label: "Old" }] }, "en");
    expect(config.ages).toEqual({ adult: { label: "Grown", ...BASIC_CHART.adult }, elder: { label: "Old", ...BASIC_CHART.elder } });
  });

  it("refuses, naming it, an age with no row anywhere: the hack was not validated", () => {
    const unvalidated: HackDocument = { name: "x", ages: [{ key: "ancient", label: "A" }] };
    expect(() => applyHack(unvalidated, "en")).toThrow(RangeError);
    expect(() => applyHack(unvalidated, "en")).toThrow("age ancient has no chart row: validate the hack first");
  });

  it("lists the Ob grades from the easiest, whatever their order in the hack", () => {
    const config = applyHack({ name: "x", obGrades: [{ ob: 3, label: "C" }, { ob: 1, label: "A" }, { ob: 2, label: "B" }] }, "en");
    expect(Object.entries(config.obGrades)).toEqual([["1", { label: "A" }], ["2", { label: "B" }], ["3", { label: "C" }]]);
  });
});

describe("localText", () => {
  it("text in no language is empty", () => {
    expect(localText({}, "en")).toBe("");
  });
});

describe("hackPacks", () => {
  const hack: HackDocument = { name: "x", compendiums: { skill: { "pt-BR": ["br.skills"], pt: ["pt.skills"], en: ["en.skills"] } } };

  it("takes the exact language, then its base, then English", () => {
    expect(hackPacks(hack, "skill", "pt-BR")).toEqual(["br.skills"]);
    expect(hackPacks(hack, "skill", "pt-PT")).toEqual(["pt.skills"]);
    expect(hackPacks(hack, "skill", "fr")).toEqual(["en.skills"]);
  });

  it("with neither the language nor English, offers every language's packs", () => {
    expect(hackPacks({ name: "x", compendiums: { trait: { de: ["de.traits"], fr: ["fr.traits"] } } }, "trait", "es")).toEqual(["de.traits", "fr.traits"]);
  });

  it("a kind the hack leaves out is the SRD's", () => {
    expect(hackPacks(hack, "trait", "es")).toEqual(["goldhack.traits-es"]);
    expect(hackPacks(SRD_HACK, "lifepath", "en")).toEqual(["goldhack.lifepaths-en"]);
  });
});

describe("hackTranslations", () => {
  const strings = { a: "Spend Fate or Persona", b: "Persona" };

  it("leaves a term alone in a language the hack gives no new name in", () => {
    const hack: HackDocument = { name: "x", terms: { fate: { en: "Luck" } } };
    expect(hackTranslations(hack, "es", { a: "Gastá Fortuna" }, { fate: "Fortuna" })).toEqual({});
  });

  it("renames only the terms whose current name is known", () => {
    const hack: HackDocument = { name: "x", terms: { fate: { en: "Luck" }, persona: { en: "Nerve" } } };
    expect(hackTranslations(hack, "en", strings, { fate: "Fate" })).toEqual({ a: "Spend Luck or Persona" });
    expect(hackTranslations(hack, "en", strings, { fate: "Fate", persona: "Persona" })).toEqual({ a: "Spend Luck or Nerve", b: "Nerve" });
  });

  it("matches a current name with signs in it literally", () => {
    const hack: HackDocument = { name: "x", terms: { fate: { en: "Luck" } } };
    expect(hackTranslations(hack, "en", { a: "Spend Fate (F)", b: "Fate F", c: "Fate+" }, { fate: "Fate (F)" })).toEqual({ a: "Spend Luck" });
  });
});
