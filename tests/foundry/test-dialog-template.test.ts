import { describe, expect, it } from "vitest";
import {
  computeTestDialog,
  initialSelections,
  POTENTIAL_CHOICE,
  selectionsFromForm,
  type ActorSnapshot,
  type TestSelections,
} from "../../src/applications/dialogs/test-dialog-state";
import { percentView, testDialogView } from "../../src/applications/dialogs/test-dialog-context";
import { createConfig } from "../../src/config";
import type { TestRequest } from "../../src/data/test-choice";
import { compileTemplate, createHandlebars } from "./handlebars";
import { controls, formObject, tags } from "./test-dialog-html";

const UID = "app-7";
const config = createConfig();

function character(overrides: Partial<ActorSnapshot> = {}): ActorSnapshot {
  return {
    uuid: "Actor.hero",
    skills: [
      { id: "swords", name: "Swords", type: "fight", rating: 3, magic: false },
      { id: "cast", name: "Cast", type: "magic", rating: 2, magic: true },
      { id: "sail", name: "Sail", type: "seafaring-hack", rating: 1, magic: false },
      { id: "cook", name: "Cook", type: "craft", rating: 2, magic: false },
    ],
    traits: [
      { id: "stubborn", name: "Stubborn" },
      { id: "tall", name: "Tall as a tree" },
    ],
    fallouts: [{ id: "tired", name: "Tired", rating: 2, permanent: false }],
    potential: 3,
    persona: 2,
    ...overrides,
  };
}

/** Renders the dialog's three parts for a request and the player's changes, as the dialog would. */
function render(lang: "en" | "es", request: TestRequest, changes: Partial<TestSelections> = {}, actor = character()) {
  const { hbs, i18n } = createHandlebars(lang);
  const state = computeTestDialog(actor, request, { ...initialSelections(actor, request), ...changes }, { potential: i18n.localize("GOLDHACK.Dialog.Test.PotentialName") });
  const view = testDialogView(state, actor, { i18n, skillTypes: config.skillTypes, obGrades: Object.keys(config.obGrades).map(Number), obGradeLabels: config.obGrades, uid: UID });
  const form = compileTemplate(hbs, "dialogs/test-dialog.hbs")(view);
  const summary = compileTemplate(hbs, "dialogs/test-dialog-summary.hbs")(view);
  const footer = compileTemplate(hbs, "dialogs/test-dialog-footer.hbs")(view);
  return { form, summary, footer, html: form + summary + footer, i18n, state, view };
}

const text = (html: string): string => tags(html).map((t) => t.text).join(" ").replace(/\s+/g, " ");
const byId = (html: string, id: string) => tags(html).find((t) => t.attrs.get("id") === id);
const named = (html: string, name: string) => controls(html).find((t) => t.attrs.get("name") === name);

/** Every state worth rendering: plain, untrained with everything applied, every error, locked, recovery. */
const SCENARIOS: [string, TestRequest, Partial<TestSelections>, Partial<ActorSnapshot>?][] = [
  ["a trained Test", { skillId: "swords" }, {}],
  [
    "an untrained Test with Traits, Fallout, a linked test and Persona",
    { skillId: null, learnSkillName: "Climb", linked: { bonusDice: 1, obPenalty: 1 } },
    { ob: "2", persona: "2", traits: { stubborn: "helps", tall: "hinders" }, fallouts: { tired: true } },
  ],
  ["every field wrong", { skillId: "swords" }, { skill: "gone", ob: "-1", linkedDice: "x", linkedOb: "-3", persona: "9" }],
  ["a locked request", { skillId: "cast", ob: 3, locked: { skill: true, ob: true }, intent: "Light the way" }, {}],
  ["a recovery Test", { kind: "recovery", falloutId: "tired" }, {}],
  ["a Magic Skill", { skillId: "cast" }, { ob: "5" }],
  ["no dice", { skillId: null }, {}, { potential: 0 }],
  ["a Skill to learn without a Type", { skillId: null, learnSkillName: "Climb" }, { learnSkillType: "" }],
  ["a Skill to learn of an unknown Type, already known", { skillId: null, learnSkillName: "swords", learnSkillType: "seafaring" }, {}],
];

describe("test dialog templates", () => {
  for (const lang of ["en", "es"] as const) {
    it.each(SCENARIOS)(`render %s in ${lang} with every key found`, (_name, request, changes, overrides) => {
      const { html, i18n } = render(lang, request, changes, character(overrides));
      expect([...i18n.missing]).toEqual([]);
      expect(html).not.toMatch(/GOLDHACK\./);
    });
  }

  it.each(SCENARIOS)("label every control in %s", (_name, request, changes, overrides) => {
    const { html } = render("en", request, changes, character(overrides));
    const labelled = new Set(tags(html).filter((t) => t.name === "label").map((t) => t.attrs.get("for")));
    const found = controls(html);
    expect(found.length).toBeGreaterThan(5);
    for (const control of found) {
      const id = control.attrs.get("id");
      const described = (id !== undefined && labelled.has(id)) || (control.attrs.get("aria-label") ?? "").trim() !== "";
      expect(described, `${control.name} ${control.attrs.get("name")} has no label`).toBe(true);
    }
    // A Trait is a chip (a button) that steps through its uses: it carries its name, and its field sits before it.
    const all = tags(html);
    for (const [i, chip] of all.entries()) {
      if (chip.attrs.get("data-action") !== "cycleTrait") continue;
      expect(chip.name).toBe("button");
      expect(all[i + 1]?.text.trim(), "the chip's name").not.toBe("");
      expect(all[i - 1]?.attrs.get("name")).toBe(`traits.${chip.attrs.get("data-trait")}`);
    }
    const ids = tags(html).map((t) => t.attrs.get("id")).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    // every aria-describedby points at something that exists
    for (const control of found) {
      for (const ref of (control.attrs.get("aria-describedby") ?? "").split(/\s+/).filter(Boolean)) expect(ids).toContain(ref);
    }
  });

  it("escape what users typed: Skill, Trait and Fallout names and the declaration", () => {
    const evil = '"><img src=x onerror=alert(1)>';
    const actor = character({
      skills: [{ id: "s1", name: `Sword${evil}`, type: "fight", rating: 2, magic: false }],
      traits: [{ id: "t1", name: `<script>alert("t")</script>` }],
      fallouts: [{ id: "f1", name: `Hurt${evil}`, rating: 1, permanent: false }],
    });
    const { html } = render("en", { skillId: "s1", intent: `Win${evil}`, task: "<b>bold</b>" }, { traits: { t1: "helps" }, fallouts: { f1: true } }, actor);
    expect(html).not.toMatch(/<img|<script|<b>/i);
    expect(tags(html).map((t) => t.name)).not.toContain("img");
    expect(named(html, "intent")?.attrs.get("value")).toBe(`Win${evil}`);
    expect(named(html, "task")?.attrs.get("value")).toBe("<b>bold</b>");
    expect(text(html)).toContain(`Sword${evil}`);
    expect(text(html)).toContain(`<script>alert("t")</script>`);
    expect(text(html)).toContain(`Hurt${evil} (+1 Ob)`);
  });

  it("mark a bad field with aria-invalid and its message beside it, and disable Roll", () => {
    const { form, footer } = render("en", { skillId: "swords" }, { ob: "-1", persona: "3" });
    const ob = named(form, "ob");
    expect(ob?.attrs.get("aria-invalid")).toBe("true");
    const obError = byId(form, `${UID}-ob-error`);
    expect(ob?.attrs.get("aria-describedby")).toContain(`${UID}-ob-error`);
    expect(obError?.attrs.has("hidden")).toBe(false);
    expect(obError?.text).toBe("Must be at least 1.");
    expect(byId(form, `${UID}-persona-error`)?.text).toBe("At most 2: 3 per Test, and no more than the 2 you have.");
    expect(named(form, "linkedDice")?.attrs.has("aria-invalid")).toBe(false);
    expect(byId(form, `${UID}-linkedDice-error`)?.attrs.has("hidden")).toBe(true);
    const roll = tags(footer).find((t) => t.name === "button" && t.attrs.get("type") === "submit");
    expect(roll?.attrs.has("disabled")).toBe(true);
    expect(text(footer)).toContain("Fix the marked fields to roll.");
  });

  it("leave Roll enabled and every message hidden when all is well", () => {
    const { form, footer } = render("en", { skillId: "swords" });
    expect(controls(form).filter((c) => c.attrs.has("aria-invalid"))).toEqual([]);
    for (const t of tags(form).filter((t) => t.attrs.has("data-error-for"))) expect(t.attrs.has("hidden")).toBe(true);
    expect(tags(footer).find((t) => t.attrs.get("type") === "submit")?.attrs.has("disabled")).toBe(false);
  });

  it("group Skills by Type in config order, unknown Types last, then Potential", () => {
    const { form } = render("es", { skillId: "cast" });
    const groups = tags(form).filter((t) => t.name === "optgroup").map((t) => t.attrs.get("label"));
    expect(groups).toEqual(["Producir", "Combatir", "Magia", "seafaring-hack"]);
    const options = tags(form).filter((t) => t.name === "option" && t.attrs.has("value") && !t.attrs.has("label"));
    const skillOptions = options.slice(0, 5).map((o) => [o.attrs.get("value"), o.text.trim(), o.attrs.has("selected")]);
    expect(skillOptions).toEqual([
      ["cook", "Cook 2D", false],
      ["swords", "Swords 3D", false],
      ["cast", "Cast 2D", true],
      ["sail", "Sail 1D", false],
      [POTENTIAL_CHOICE, "Potencial (sin la Habilidad)", false],
    ]);
  });

  it("name the Ob grades for the Ob field", () => {
    const { form } = render("en", { skillId: "swords" });
    const grades = tags(form).filter((t) => t.name === "option" && t.attrs.has("label")).map((t) => [t.attrs.get("value"), t.attrs.get("label")]);
    expect(grades).toEqual([
      ["1", "Ob 1 · Routine"],
      ["2", "Ob 2 · Fair"],
      ["3", "Ob 3 · Difficult"],
      ["4", "Ob 4 · Terrible"],
      ["5", "Ob 5 · Legendary"],
    ]);
  });

  it("show the untrained doubling, the learn field, the modifiers and the totals", () => {
    const { form, summary, state } = render(
      "en",
      { skillId: null, learnSkillName: "Climb" },
      { ob: "2", persona: "1", traits: { stubborn: "helps", tall: "hinders" }, fallouts: { tired: true } },
    );
    expect(tags(form).find((t) => t.attrs.has("data-learn-skill"))?.attrs.has("hidden")).toBe(false);
    expect(named(form, "learnSkillName")?.attrs.get("value")).toBe("Climb");
    const shown = text(summary);
    expect(shown).toContain("Untrained: base Ob 2 doubled to 4, before any penalty.");
    expect(shown).toContain("Stubborn +1D");
    expect(shown).toContain("Tall as a tree +1 Ob");
    expect(shown).toContain("Tired +2 Ob");
    expect(shown).toContain("Persona +1D");
    expect(state.plan).toMatchObject({ dice: 5, ob: 7 });
    expect(tags(summary).find((t) => t.attrs.get("data-total") === "pool")?.text).toBe("5D");
    expect(tags(summary).find((t) => t.attrs.get("data-total") === "ob")?.text).toBe("Ob 7");
    const chance = percentView(state.chance ?? NaN);
    expect(tags(summary).find((t) => t.attrs.get("data-total") === "chance")?.text).toBe(`${chance.value.toFixed(1)}%`);
  });

  it("hide the learn field on a Skill, and write percentages the Spanish way", () => {
    const { form, summary, state } = render("es", { skillId: "swords" }, { ob: "2" });
    expect(tags(form).find((t) => t.attrs.has("data-learn-skill"))?.attrs.has("hidden")).toBe(true);
    expect(text(summary)).not.toContain("Sin la Habilidad:");
    const value = percentView(state.chance ?? NaN).value;
    expect(tags(summary).find((t) => t.attrs.get("data-total") === "chance")?.text).toBe(`${value.toFixed(1).replace(".", ",")} %`);
  });

  it("disable locked fields, so the form leaves them out", () => {
    const { form } = render("en", { skillId: "cast", ob: 3, locked: { skill: true, ob: true } });
    expect(named(form, "skill")?.attrs.has("disabled")).toBe(true);
    expect(named(form, "ob")?.attrs.has("disabled")).toBe(true);
    expect(formObject(form)).not.toHaveProperty("ob");
    expect(formObject(form)).not.toHaveProperty("skill");
    expect(text(form)).toContain("Set by the GM");
  });

  it("submit back exactly the selections they were rendered from", () => {
    const actor = character();
    const request: TestRequest = { skillId: "swords", intent: 'Say "hi"', linked: { bonusDice: 2, obPenalty: 0 } };
    const changes: Partial<TestSelections> = { ob: "4", persona: "1", task: "Wave & smile", traits: { stubborn: "hinders", tall: "none" }, fallouts: { tired: true } };
    const { form, state } = render("en", request, changes, actor);
    expect(selectionsFromForm(formObject(form), actor, initialSelections(actor, request))).toEqual(state.selections);
  });
});

describe("test dialog templates: the Type of the Skill to learn", () => {
  const typeSelect = (form: string) => named(form, "learnSkillType");
  const options = (form: string) => {
    const all = tags(form);
    const start = all.findIndex((t) => t.name === "select" && t.attrs.get("name") === "learnSkillType");
    const end = all.findIndex((t, i) => i > start && t.name === "/select");
    return all.slice(start + 1, end).filter((t) => t.name === "option");
  };

  for (const [lang, label, expertise, survive] of [
    ["en", "Type of the Skill to learn", "Expertise", "Survive"],
    ["es", "Área de la Habilidad a aprender", "Pericia", "Sobrevivir"],
  ] as const) {
    it(`label the select and list every configured Type, localised, in ${lang}`, () => {
      const { form, i18n } = render(lang, { skillId: null, learnSkillName: "Climb", learnSkillType: "survive" });
      expect([...i18n.missing]).toEqual([]);
      const select = typeSelect(form);
      const id = select?.attrs.get("id") ?? "";
      expect(id).not.toBe("");
      expect(tags(form).find((t) => t.name === "label" && t.attrs.get("for") === id)?.text.trim()).toBe(label);
      const shown = options(form);
      expect(shown.map((o) => o.attrs.get("value"))).toEqual(Object.keys(config.skillTypes));
      expect(shown.map((o) => o.text.trim())).toContain(expertise);
      expect(shown.filter((o) => o.attrs.has("selected")).map((o) => o.text.trim())).toEqual([survive]);
      expect(formObject(form).learnSkillType).toBe("survive");
    });
  }

  it("opens on Expertise with Roll enabled when the request names no Type", () => {
    const { form, footer, state } = render("en", { skillId: null, learnSkillName: "Climb" });
    expect(formObject(form).learnSkillType).toBe("expertise");
    expect(typeSelect(form)?.attrs.has("aria-invalid")).toBe(false);
    expect(byId(form, `${UID}-learnSkillType-error`)?.attrs.has("hidden")).toBe(true);
    expect(tags(footer).find((t) => t.name === "button" && t.attrs.get("type") === "submit")?.attrs.has("disabled")).toBe(false);
    expect(state.choice?.learnSkillType).toBe("expertise");
  });

  it("mark a missing Type with aria-invalid, a blank choice and its message, and disable Roll", () => {
    const { form, footer } = render("es", { skillId: null, learnSkillName: "Trepar" }, { learnSkillType: "" });
    const select = typeSelect(form);
    expect(select?.attrs.get("aria-invalid")).toBe("true");
    expect(select?.attrs.get("aria-describedby")).toContain(`${UID}-learnSkillType-error`);
    expect(options(form)[0]).toMatchObject({ text: "Elegí un Área" });
    expect(options(form)[0]?.attrs.get("value")).toBe("");
    expect(options(form)[0]?.attrs.has("selected")).toBe(true);
    const error = byId(form, `${UID}-learnSkillType-error`);
    expect(error?.attrs.has("hidden")).toBe(false);
    expect(error?.text).toBe("Elegí el Área de la Habilidad a aprender.");
    expect(tags(footer).find((t) => t.name === "button" && t.attrs.get("type") === "submit")?.attrs.has("disabled")).toBe(true);
  });

  it("escape an unknown Type and a known Skill's name in their messages", () => {
    const evil = '<img src=x onerror=alert(1)>';
    const actor = character({ skills: [{ id: "s1", name: `Sword${evil}`, type: "fight", rating: 2, magic: false }] });
    const { form } = render("en", { skillId: null, learnSkillName: `sword${evil}`, learnSkillType: `x${evil}` }, {}, actor);
    expect(form).not.toMatch(/<img/i);
    expect(byId(form, `${UID}-learnSkillType-error`)?.text).toBe(`"x${evil}" is not a Type of Skill.`);
    expect(options(form)[0]?.attrs.get("value")).toBe("");
    const warning = byId(form, `${UID}-learnSkillName-warning`);
    expect(warning?.attrs.has("hidden")).toBe(false);
    expect(warning?.text).toBe(`Already has the Skill Sword${evil}: test that Skill instead.`);
    expect(named(form, "learnSkillName")?.attrs.get("aria-describedby")).toBe(`${UID}-learnSkillName-warning`);
  });

  it("say a known Skill in Spanish, hide the note otherwise, and keep Roll enabled", () => {
    const known = render("es", { skillId: null, learnSkillName: "COOK" });
    expect(byId(known.form, `${UID}-learnSkillName-warning`)?.text).toBe("Ya tiene la Habilidad Cook: hacé la Prueba con esa Habilidad.");
    expect(tags(known.footer).find((t) => t.name === "button" && t.attrs.get("type") === "submit")?.attrs.has("disabled")).toBe(false);
    const fresh = render("es", { skillId: null, learnSkillName: "Trepar" });
    expect(byId(fresh.form, `${UID}-learnSkillName-warning`)?.attrs.has("hidden")).toBe(true);
  });

  it("hide the Type with the name on a Skill Test", () => {
    const { form } = render("en", { skillId: "swords" });
    const groups = tags(form).filter((t) => t.attrs.has("data-learn-skill"));
    expect(groups).toHaveLength(2);
    expect(groups.every((g) => g.attrs.has("hidden"))).toBe(true);
  });
});

describe("percentView", () => {
  it("rounds to one decimal but never shows a possible Test as 0% or a failable one as 100%", () => {
    expect(percentView(0.5234)).toEqual({ value: 52.3, bound: null });
    expect(percentView(0)).toEqual({ value: 0, bound: null });
    expect(percentView(1)).toEqual({ value: 100, bound: null });
    expect(percentView(0.0001)).toEqual({ value: 0.1, bound: "below" });
    expect(percentView(0.9999)).toEqual({ value: 99.9, bound: "above" });
    expect(percentView(0.0006)).toEqual({ value: 0.1, bound: null });
  });
});
