/**
 * The Item sheets' pure context builder, for each item type, in both languages: no Foundry at all, only
 * our config, rules and the language files.
 */
import { describe, expect, it } from "vitest";
import { sheetModeView } from "../../src/applications/api/sheet-mode";
import {
  buildItemSheetContext,
  type ItemSheetSource,
  itemCredit,
  normaliseItemSubmit,
  typeOptions,
} from "../../src/applications/sheets/item-context";
import { createConfig } from "../../src/config";
import { StandInI18n } from "./i18n";

const CREDIT_EN = "Based on The Gold Hack by Martín Van Houtte and Rúnica Games, CC BY-SA 4.0";

function build(item: ItemSheetSource, lang: "en" | "es" = "en", options: { mode?: "play" | "edit"; editable?: boolean; enriched?: string; config?: ReturnType<typeof createConfig> } = {}) {
  const i18n = new StandInI18n(lang);
  const config = options.config ?? createConfig();
  const view = buildItemSheetContext(
    {
      item,
      enrichedDescription: options.enriched ?? String((item.system as { description?: unknown }).description ?? ""),
      mode: sheetModeView(options.mode ?? "play", options.editable ?? true, i18n),
      uid: "app-7",
    },
    { i18n, skillTypes: config.skillTypes },
  );
  return { view, i18n };
}

const skill = (system: Record<string, unknown>, name = "Swords"): ItemSheetSource => ({ name, type: "skill", img: "icons/swords.webp", system });

describe("the Skill sheet context", () => {
  it("offers every Type of the config, localised, with the Skill's own selected", () => {
    for (const lang of ["en", "es"] as const) {
      const { view, i18n } = build(skill({ skillType: "fight", rating: 3, passed: 0, failed: 0 }), lang);
      const options = view.skill?.typeOptions ?? [];
      expect(options.map((o) => o.value)).toEqual(["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive"]);
      expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual(["fight"]);
      expect(view.skill?.typeLabel).toBe(lang === "es" ? "Combatir" : "Fight");
      expect(options.every((o) => !o.label.startsWith("GOLDHACK."))).toBe(true);
      expect([...i18n.missing]).toEqual([]);
    }
  });

  it("marks a Magic Skill as exploding, read from the Type and not from the item", () => {
    expect(build(skill({ skillType: "magic", rating: 2, passed: 0, failed: 0 })).view.skill?.magic).toBe(true);
    expect(build(skill({ skillType: "lore", rating: 2, passed: 0, failed: 0, magic: true })).view.skill?.magic).toBe(false);
    // A hack that makes another Type explode is followed.
    const config = createConfig();
    if (config.skillTypes.lore) config.skillTypes.lore.explodes = true;
    expect(build(skill({ skillType: "lore", rating: 2, passed: 0, failed: 0 }), "en", { config }).view.skill?.magic).toBe(true);
  });

  it("says how many passed and failed Tests the next rating still needs (rules' learningNeeds)", () => {
    const { view } = build(skill({ skillType: "fight", rating: 3, passed: 2, failed: 1 }));
    // Rating 3 → 4 needs 4 passed and 3 failed. SRD: Changes › Skill Learning
    expect(view.skill?.needs).toEqual({ passed: 2, failed: 2 });
    expect(view.skill?.needsLabel).toBe("Still needed for rating 4: 2 Passed Tests, 2 Failed Tests.");
    expect(view.skill?.learning.ready).toBe(false);
    expect(view.skill?.learning.passPips.map((p) => p.filled)).toEqual([true, true, false, false]);
    expect(view.skill?.learning.failPips.map((p) => p.filled)).toEqual([true, false, false]);
  });

  it("says when the logs are enough to learn the next rating, in either language", () => {
    const ready = skill({ skillType: "magic", rating: 2, passed: 3, failed: 2 }, "Cast");
    expect(build(ready).view.skill).toMatchObject({ needs: { passed: 0, failed: 0 }, needsLabel: "Ready to learn rating 3.", advanceLabel: "Raise Cast to rating 3" });
    expect(build(ready, "es").view.skill).toMatchObject({ needsLabel: "Lista para aprender el rango 3.", advanceLabel: "Subir Cast a rango 3" });
    expect(build(ready).view.skill?.learning.ready).toBe(true);
  });

  it("treats rating 0 as not yet learned: one passed Test, no failed ones", () => {
    const { view } = build(skill({ skillType: "craft", rating: 0, passed: 0, failed: 0 }));
    expect(view.skill?.needs).toEqual({ passed: 1, failed: 0 });
    expect(view.skill?.learning.passPips).toHaveLength(1);
    expect(view.skill?.learning.failPips).toHaveLength(0);
  });

  it("reads broken data as the model's floor instead of failing", () => {
    const { view } = build(skill({ skillType: "fight", rating: -2, passed: "lots", failed: 1.5 }));
    expect(view.skill).toMatchObject({ rating: 0, needs: { passed: 1, failed: 0 } });
    expect(view.skill?.learning).toMatchObject({ passed: 0, failed: 0 });
  });

  it("keeps a Type the config no longer knows selectable, and names it as unknown", () => {
    const { view } = build(skill({ skillType: "sail", rating: 1, passed: 0, failed: 0 }));
    expect(view.skill?.typeOptions.at(-1)).toEqual({ value: "sail", label: "Unknown Type (sail)", selected: true });
    expect(view.skill?.magic).toBe(false);
  });

  it("shows a hack's added Type among the options", () => {
    const config = createConfig();
    config.skillTypes.sail = { label: "GOLDHACK.SkillType.Survive", explodes: false, practiceOrder: 8 };
    const { view } = build(skill({ skillType: "sail", rating: 1, passed: 0, failed: 0 }), "en", { config });
    expect(view.skill?.typeOptions.filter((o) => o.value === "sail")).toEqual([{ value: "sail", label: "Survive", selected: true }]);
  });
});

describe("the Fallout sheet context", () => {
  it("gives the rating as an Ob penalty, and whether it is permanent", () => {
    const { view } = build({ name: "Injured arm", type: "fallout", system: { rating: 2, permanent: true, description: "" } }, "es");
    expect(view.fallout).toEqual({ rating: 2, permanent: true, penaltyLabel: "El grupo puede sumar +2 Ob a las Tareas que afecta, salvo que la rolees." });
    expect(view.skill).toBeNull();
    expect(view.lifepath).toBeNull();
  });

  it("never shows a rating below 1 (the model's minimum)", () => {
    expect(build({ name: "Tired", type: "fallout", system: { rating: 0, permanent: "yes" } }).view.fallout).toMatchObject({ rating: 1, permanent: false });
  });
});

describe("the Lifepath sheet context", () => {
  const lifepath = (skillTypes: unknown): ItemSheetSource => ({ name: "Craftsmen", type: "lifepath", system: { skillTypes, description: "" } });

  it("has three Type slots in order, the first labelled as the free rating-2 Skill", () => {
    for (const lang of ["en", "es"] as const) {
      const { view, i18n } = build(lifepath(["craft", "influence", "perform"]), lang);
      const slots = view.lifepath?.slots ?? [];
      expect(slots.map((s) => [s.name, s.value, s.free])).toEqual([
        ["system.skillTypes.0", "craft", true],
        ["system.skillTypes.1", "influence", false],
        ["system.skillTypes.2", "perform", false],
      ]);
      expect(slots.map((s) => s.id)).toEqual(["app-7-skill-type-0", "app-7-skill-type-1", "app-7-skill-type-2"]);
      expect(slots[0]?.label).toBe(lang === "es" ? "Primera Área (Habilidad gratis a rango 2)" : "First Type (free Skill at rating 2)");
      expect(slots[2]?.label).toBe(lang === "es" ? "Área 3" : "Type 3");
      expect(view.lifepath?.freeType).toBe(lang === "es" ? "Producir" : "Craft");
      expect(view.lifepath?.otherTypes).toBe(lang === "es" ? "Influir, Arte" : "Influence, Perform");
      expect(view.lifepath?.repeated).toBe("");
      expect([...i18n.missing]).toEqual([]);
    }
  });

  it("warns when a Type is listed twice", () => {
    expect(build(lifepath(["fight", "fight", "survive"])).view.lifepath?.repeated).toBe("Lifepath Craftsmen lists the Type Fight twice.");
  });

  it("shows a missing Type as a blank choice rather than quietly picking the first", () => {
    const slots = build(lifepath(["magic"])).view.lifepath?.slots ?? [];
    expect(slots[1]?.options[0]).toEqual({ value: "", label: "Choose a Type", selected: true });
    expect(slots[1]?.options.filter((o) => o.selected)).toHaveLength(1);
    expect(build(lifepath("not a list")).view.lifepath?.slots.every((s) => s.value === "")).toBe(true);
  });
});

describe("every Item sheet context", () => {
  it("names the item type and carries the mode flags", () => {
    const { view } = build({ name: "Curious", type: "trait", system: { description: "<p>Hi</p>" } }, "es", { mode: "edit" });
    expect(view).toMatchObject({ itemType: "trait", typeName: "Rasgo", name: "Curious", editing: true, playing: false, editable: true });
    expect(view.modeToggle?.pressed).toBe(true);
    expect(view.description).toEqual({ name: "system.description", source: "<p>Hi</p>", enriched: "<p>Hi</p>", empty: false });
  });

  it("never edits for a user who may not, whatever mode is asked", () => {
    const { view } = build({ name: "Curious", type: "trait", system: {} }, "en", { mode: "edit", editable: false });
    expect(view).toMatchObject({ editing: false, playing: true, editable: false, modeToggle: null });
    expect(view.description.empty).toBe(true);
  });

  it("shows the content credit only when the item carries one", () => {
    const withCredit = { name: "Curious", type: "trait", system: {}, flags: { goldhack: { credit: CREDIT_EN } } };
    expect(build(withCredit).view.credit).toBe(CREDIT_EN);
    expect(build({ ...withCredit, flags: { goldhack: { credit: "  " } } }).view.credit).toBeNull();
    expect(build({ ...withCredit, flags: { other: { credit: CREDIT_EN } } }).view.credit).toBeNull();
    expect(itemCredit(undefined)).toBeNull();
  });

  it("lets the image button say whose image it changes", () => {
    expect(build({ name: "Curious", type: "trait", system: {} }, "es").view.imageLabel).toBe("Cambiar la imagen de Curious");
  });

  it("falls back to the raw type name for an item type it does not know", () => {
    expect(build({ name: "Boat", type: "vehicle", system: {} }).view.typeName).toBe("vehicle");
  });
});

describe("the sheet's form data", () => {
  it("turns the per-slot Lifepath Types into a list in slot order", () => {
    const data = { name: "Noble", system: { skillTypes: { 2: "lore", 0: "influence", 1: "fight" }, description: "x" } };
    expect(normaliseItemSubmit(data)).toEqual({ name: "Noble", system: { skillTypes: ["influence", "fight", "lore"], description: "x" } });
  });

  it("leaves every other submit alone", () => {
    const skillData = { system: { rating: 3 } };
    expect(normaliseItemSubmit(skillData)).toBe(skillData);
    const list = { system: { skillTypes: ["a", "b", "c"] } };
    expect(normaliseItemSubmit(list)).toBe(list);
    expect(normaliseItemSubmit({ name: "x" })).toEqual({ name: "x" });
  });

  it("offers options that select exactly one value", () => {
    const deps = { i18n: new StandInI18n("en"), skillTypes: createConfig().skillTypes };
    for (const current of ["fight", "", "sail"]) expect(typeOptions(current, deps).filter((o) => o.selected)).toHaveLength(1);
  });
});
