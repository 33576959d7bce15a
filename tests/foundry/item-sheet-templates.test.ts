/**
 * The Item sheet templates rendered with the real handlebars, our helpers and our language files, from
 * contexts the pure builder makes of the preview's compendium items: every type, both languages, play,
 * edit and read-only; no missing keys, user text escaped, every control named.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { SheetMode } from "../../src/applications/api/sheet-mode";
import { ITEM_SHEET_TYPES, type ItemSheetSource } from "../../src/applications/sheets/item-context";
import { itemSheetContext } from "../../preview/fixtures/item-sheet";
import { sampleFallout, sampleLifepath, sampleMagicSkill, samplePermanentFallout, sampleSkill, sampleTrait } from "../../preview/sample-items";
import { compileTemplate, createHandlebars } from "./handlebars";

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const LANGS = ["en", "es"] as const;

function allTemplates(dir = join(TEMPLATES, "sheets")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}

/** Handlebars with every sheet template registered as a partial under its system path, as Foundry loads them. */
function environment(lang: "en" | "es") {
  const env = createHandlebars(lang);
  for (const file of allTemplates()) env.hbs.registerPartial(`systems/goldhack/templates/${relative(TEMPLATES, file)}`, readFileSync(file, "utf8"));
  return env;
}

type Env = ReturnType<typeof environment>;

/** `isGM`: the item sheet adds it (the permanent-Fallout checkbox is drawn for GMs only). */
function render(env: Env, item: ItemSheetSource, mode: SheetMode, editable = true, isGM = true): string {
  return compileTemplate(env.hbs, `sheets/item/${item.type}.hbs`)({ ...itemSheetContext(item, env.i18n, mode, editable, "app-3"), isGM });
}

const SAMPLES: Record<string, (lang: "en" | "es") => ItemSheetSource> = {
  skill: sampleSkill,
  trait: sampleTrait,
  fallout: sampleFallout,
  lifepath: sampleLifepath,
};

const tagsOf = (html: string, tag: string): string[] => html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? [];
const attr = (tag: string, name: string): string | undefined => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

describe("the Item sheet templates", () => {
  it("exist, one per item type", () => {
    expect(ITEM_SHEET_TYPES.map((type) => `sheets/item/${type}.hbs`).filter((path) => !allTemplates().some((f) => f.endsWith(path)))).toEqual([]);
  });

  for (const lang of LANGS) {
    it(`render every type in ${lang}, in play, edit and read-only, with no missing or raw keys and one root element`, () => {
      const env = environment(lang);
      for (const type of ITEM_SHEET_TYPES) {
        const item = SAMPLES[type]?.(lang);
        if (!item) throw new Error(`no sample ${type}`);
        for (const [mode, editable] of [["play", true], ["edit", true], ["play", false]] as const) {
          const html = render(env, item, mode, editable);
          expect(html, `${type} ${mode}`).not.toMatch(/GOLDHACK\./);
          expect(html).toContain(item.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
          // A part's HTML is one element: Foundry replaces it whole on each render.
          const body = html.replace(/<!--[\s\S]*?-->/g, "").trim();
          expect(body.startsWith("<div class=\"goldhack-item-sheet__body"), `${type} ${mode}`).toBe(true);
          expect(body.endsWith("</div>")).toBe(true);
        }
      }
      expect([...env.i18n.missing]).toEqual([]);
    });
  }

  it("escape what users type: names, credit, Type names from a hack", () => {
    const env = environment("en");
    const evil = `<img src=x onerror="alert(1)">`;
    const item: ItemSheetSource = { name: evil, type: "skill", img: "a.png", system: { skillType: "fight", rating: 1, passed: 0, failed: 0, description: "" }, flags: { goldhack: { credit: evil } } };
    for (const mode of ["play", "edit"] as const) {
      const html = render(env, item, mode);
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;img src&#x3D;x onerror&#x3D;&quot;alert(1)&quot;&gt;");
    }
  });

  it("show the description as HTML, and the editor with the stored source in edit mode", () => {
    const env = environment("en");
    const item = sampleTrait("en");
    expect(render(env, item, "play")).toContain("<strong>+1D</strong>");
    const edit = render(env, item, "edit");
    const editor = tagsOf(edit, "prose-mirror")[0] ?? "";
    expect(attr(editor, "name")).toBe("system.description");
    expect(attr(editor, "value")).toContain("&lt;strong&gt;+1D&lt;/strong&gt;");
    expect(attr(editor, "aria-label")).toBe("Description");
  });

  it("in edit mode, give every input and select a field name and a label", () => {
    const expected: Record<string, string[]> = {
      skill: ["name", "system.skillType", "system.rating", "system.passed", "system.failed"],
      trait: ["name"],
      fallout: ["name", "system.rating", "system.permanent"],
      lifepath: ["name", "system.skillTypes.0", "system.skillTypes.1", "system.skillTypes.2"],
    };
    for (const lang of LANGS) {
      const env = environment(lang);
      for (const type of ITEM_SHEET_TYPES) {
        const html = render(env, SAMPLES[type]?.(lang) as ItemSheetSource, "edit");
        const controls = [...tagsOf(html, "input"), ...tagsOf(html, "select")];
        expect(controls.map((c) => attr(c, "name")), type).toEqual(expect.arrayContaining(expected[type] ?? []));
        expect(controls).toHaveLength(expected[type]?.length ?? 0);
        const labelled = new Set(tagsOf(html, "label").map((l) => attr(l, "for")));
        for (const control of controls) expect(labelled.has(attr(control, "id")), control).toBe(true);
      }
    }
  });

  it("show the Skill's Type, rating, Magic and logs as text and pips in play mode", () => {
    const env = environment("es");
    const html = render(env, sampleMagicSkill("es"), "play");
    expect(html).toContain("Magia: cada 6 añade un dado.");
    expect(html).toContain("Lista para aprender el rango 3.");
    const pips = tagsOf(html, "button").filter((b) => attr(b, "data-action") === "setLearningLog");
    // Rating 2: three passed pips and two failed pips, each naming itself.
    expect(pips.map((p) => attr(p, "data-log"))).toEqual(["passed", "passed", "passed", "failed", "failed"]);
    expect(pips.every((p) => (attr(p, "aria-label") ?? "") !== "" && !p.includes(" disabled"))).toBe(true);
    expect(tagsOf(html, "button").filter((b) => attr(b, "data-action") === "advanceSkill")).toHaveLength(1);
    expect(render(env, sampleSkill("es"), "play")).not.toContain("Magia: cada 6");
  });

  it("for a user who may not edit: disabled pips, no advance button, no mode switch, no inputs", () => {
    const env = environment("en");
    const html = render(env, sampleMagicSkill("en"), "edit", false);
    const buttons = tagsOf(html, "button");
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((b) => b.includes(" disabled"))).toBe(true);
    expect(html).not.toContain('data-action="advanceSkill"');
    expect(html).not.toContain('data-action="toggleMode"');
    expect(tagsOf(html, "input")).toEqual([]);
  });

  it("show the rating-0 Skill's failed log as needing none", () => {
    const env = environment("en");
    const html = render(env, { ...sampleSkill("en"), system: { skillType: "fight", rating: 0, passed: 0, failed: 0, description: "" } }, "play");
    expect(html).toContain("None needed");
  });

  it("show the content credit in a footer, in the item's language", () => {
    const env = environment("es");
    const html = render(env, sampleLifepath("es"), "play");
    expect(html).toMatch(/<footer class="goldhack-item-sheet__credit">\s*<small>Basado en El Hack Dorado de Martín Van Houtte y Rúnica Games, CC BY-SA 4.0<\/small>/);
    expect(render(env, { ...sampleLifepath("es"), flags: {} }, "play")).not.toContain("<footer");
  });

  it("say whether a Fallout is permanent, and what that means", () => {
    const env = environment("en");
    const permanent = render(env, samplePermanentFallout("en"), "play");
    expect(permanent).toContain("Permanent");
    expect(permanent).toContain("Time and treatment will not heal it.");
    expect(permanent).toContain("+3 Ob to the Tasks it affects");
    const edit = render(env, samplePermanentFallout("en"), "edit");
    expect(tagsOf(edit, "input").find((i) => attr(i, "name") === "system.permanent")).toContain("checked");
    // Ruling: ruling-permanent-fallout: a player's edit mode shows it, but offers no checkbox.
    const player = render(env, samplePermanentFallout("en"), "edit", true, false);
    expect(tagsOf(player, "input").find((i) => attr(i, "name") === "system.permanent")).toBeUndefined();
    expect(player).toContain("Permanent");
    expect(render(env, sampleFallout("en"), "play")).toContain("Test your Potential against its rating");
  });

  it("show a Lifepath's free Skill Type and the other two", () => {
    const env = environment("en");
    const html = render(env, sampleLifepath("en"), "play");
    expect(html).toMatch(/Free Skill at rating 2<\/dt><dd>Craft<\/dd>/);
    expect(html).toMatch(/Other Types<\/dt><dd>Influence, Perform<\/dd>/);
    const edit = render(env, sampleLifepath("en"), "edit");
    const selected = [...edit.matchAll(/<option value="(\w+)" selected>/g)].map((m) => m[1]);
    expect(selected).toEqual(["craft", "influence", "perform"]);
  });
});
