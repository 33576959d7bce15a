import { describe, expect, it } from "vitest";
import { BASIC_CHART, salvageHack, SRD_HACK, validateHack } from "../../src/rules";

/**
 * A refused hack's Types and ages kept on top of the fallback (issue 26): what is kept, what is never read,
 * and that the result is always a valid hack.
 */
const srdTypes = () => structuredClone([...(SRD_HACK.types ?? [])]);
const srdAges = () => structuredClone([...(SRD_HACK.ages ?? [])]);

describe("salvageHack", () => {
  it("keeps the base whole and adds the refused hack's own Type and age, with the age's legal row", () => {
    const refused = {
      name: "x",
      types: [...srdTypes(), { key: "sail", label: { en: "Sail" }, explodes: true, practiceOrder: "typo" }],
      ages: [...srdAges(), { key: "ancient", label: "Ancient" }],
      chart: { ...SRD_HACK.chart, young: { ...BASIC_CHART.young, maxRating: 1 }, ancient: { ...BASIC_CHART.elder, traits: 6 } },
    };
    expect(validateHack(refused)).not.toEqual([]);
    const kept = salvageHack(refused, SRD_HACK);
    expect(kept.types).toEqual(["sail"]);
    expect(kept.ages).toEqual(["ancient"]);
    expect(validateHack(kept.hack)).toEqual([]);
    expect(kept.hack.types?.at(-1)).toEqual({ key: "sail", label: { en: "Sail" }, explodes: true, practiceOrder: 8 });
    expect(kept.hack.chart?.young).toEqual(BASIC_CHART.young);
    expect(kept.hack.chart?.ancient).toEqual({ ...BASIC_CHART.elder, traits: 6 });
  });

  it("reads JSON text, uses the key for a broken label and the base's first row for a broken one", () => {
    const refused = JSON.stringify({ name: "x", types: [{ key: "sail", label: "", explodes: "yes" }], ages: [{ key: "ancient", label: 3 }], chart: { ancient: { fate: 9 } } });
    const kept = salvageHack(refused, SRD_HACK);
    expect(kept.hack.types?.at(-1)).toEqual({ key: "sail", label: "sail", explodes: false, practiceOrder: 8 });
    expect(kept.hack.ages?.at(-1)).toEqual({ key: "ancient", label: "ancient" });
    expect(kept.hack.chart?.ancient).toEqual(BASIC_CHART.child);
  });

  it("never keeps a malformed, reserved or already known key, nor anything from a value that is not a hack", () => {
    const refused = JSON.parse('{"types":[{"key":"Sail"},{"key":"constructor"},{"key":"magic"},{"key":"__proto__"}],"ages":[{"key":"prototype"},{"key":"adult"}],"__proto__":{"x":1}}');
    expect(salvageHack(refused, SRD_HACK)).toEqual({ hack: SRD_HACK, types: [], ages: [] });
    for (const value of [null, "not json", 3, [1]]) expect(salvageHack(value, SRD_HACK)).toEqual({ hack: SRD_HACK, types: [], ages: [] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("on a base with its own sections, adds only what the base lacks", () => {
    const base = { name: "base", types: srdTypes().slice(0, 3), ages: srdAges().slice(0, 1), chart: { child: BASIC_CHART.child } };
    const kept = salvageHack({ types: [{ key: "magic", label: "M", explodes: true }], ages: [{ key: "elder", label: "E" }] }, base);
    expect(kept.types).toEqual(["magic"]);
    expect(kept.ages).toEqual(["elder"]);
    expect(kept.hack.name).toBe("base");
    expect(validateHack(kept.hack)).toEqual([]);
  });
});
