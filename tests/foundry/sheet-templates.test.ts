import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { SheetMode } from "../../src/applications/api/sheet-mode";
import { buildCharacterSheetContext, CHARACTER_TABS } from "../../src/applications/sheets/character-context";
import { buildNpcSheetContext } from "../../src/applications/sheets/npc-context";
import { createConfig } from "../../src/config";
import { sampleEnriched, sampleNpc } from "../../preview/sample-data";
import type { TestHistoryEntry } from "../../src/data/test-history";
import { sampleCharacterSheetContext } from "../../preview/fixtures/character-sheet";
import { compileTemplate, createHandlebars } from "./handlebars";

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const LANGS = ["en", "es"] as const;
const MODES: SheetMode[] = ["play", "edit"];
const CHARACTER_PARTS = ["header", ...CHARACTER_TABS.map((t) => t.id)];
const NPC_PARTS = ["header", "body", "description"];

function allTemplates(dir = join(TEMPLATES, "sheets")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}

/** Handlebars with every sheet template registered as a partial under its system path, as Foundry loads them. */
function environment(lang: "en" | "es") {
  const env = createHandlebars(lang);
  for (const file of allTemplates()) env.hbs.registerPartial(`systems/goldhack/templates/${relative(TEMPLATES, file)}`, readFileSync(file, "utf8"));
  return env;
}

function characterContext(_lang: "en" | "es", mode: SheetMode, activeTab: string, i18n: ReturnType<typeof createHandlebars>["i18n"], editable = true, isGM = false) {
  return sampleCharacterSheetContext(i18n, mode, activeTab, editable, isGM);
}

const tagsOf = (html: string, tag: string): string[] => html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? [];

describe("the actor sheet templates", () => {
  for (const lang of LANGS) {
    it(`render every character and NPC part in ${lang}, in play and edit mode, with no missing or raw keys`, () => {
      const { hbs, i18n } = environment(lang);
      for (const mode of MODES) {
        for (const part of CHARACTER_PARTS) {
          const html = compileTemplate(hbs, `sheets/actor/character/${part}.hbs`)(characterContext(lang, mode, part === "header" ? "skills" : part, i18n, true, mode === "edit"));
          expect(html, `${part} ${mode}`).not.toMatch(/GOLDHACK\./);
          expect(html.trim().length).toBeGreaterThan(0);
        }
        const npc = sampleNpc(lang);
        const context = buildNpcSheetContext(npc, { i18n, lang, config: createConfig(), mode, editable: true, enriched: sampleEnriched(npc, "description") });
        for (const part of NPC_PARTS) expect(compileTemplate(hbs, `sheets/actor/npc/${part}.hbs`)(context)).not.toMatch(/GOLDHACK\./);
      }
      expect([...i18n.missing]).toEqual([]);
    });
  }

  it("escape what users type: actor, Skill, Trait and Fallout names, and Drives", () => {
    const { hbs, i18n } = environment("en");
    const evil = `<img src=x onerror="alert(1)">`;
    const actor = {
      name: evil,
      img: "a.png",
      system: { age: "adult", potential: 3, fate: { value: 1 }, persona: { value: 0 }, drives: { belief: evil, goal: "", instinct: "" }, biography: "" },
      items: [
        { id: "s", name: evil, type: "skill", system: { skillType: "fight", rating: 2, passed: 0, failed: 0 } },
        { id: "t", name: evil, type: "trait", system: {} },
        { id: "f", name: evil, type: "fallout", system: { rating: 1, permanent: false } },
        { id: "l", name: evil, type: "lifepath", system: { skillTypes: ["fight", "lore", "craft"] } },
      ],
    };
    for (const mode of MODES) {
      for (const part of CHARACTER_PARTS) {
        const context = buildCharacterSheetContext(actor, { i18n, config: createConfig(), mode, editable: true, activeTab: part });
        const html = compileTemplate(hbs, `sheets/actor/character/${part}.hbs`)(context);
        expect(html, `${part} ${mode}`).not.toContain("<img src=x");
        if (!["biography"].includes(part)) expect(html, `${part} ${mode}`).toContain("&lt;img src");
      }
    }
  });

  it("make every button a type=button with a name, and leave item fields out of the actor's form", () => {
    const { hbs, i18n } = environment("es");
    for (const mode of MODES) {
      const html = CHARACTER_PARTS.map((part) => compileTemplate(hbs, `sheets/actor/character/${part}.hbs`)(characterContext("es", mode, part, i18n))).join("");
      for (const button of tagsOf(html, "button")) {
        expect(button).toContain('type="button"');
      }
      // Icon-only buttons carry an aria-label (text buttons are named by their text).
      for (const button of tagsOf(html, "button").filter((b) => /goldhack-(icon-button|pip|roll)\b/.test(b))) expect(button).toMatch(/aria-label="[^"]+"/);
      for (const field of tagsOf(html, "input").filter((i) => i.includes("data-item-field"))) {
        expect(field).not.toMatch(/\sname=/);
        expect(field).toMatch(/aria-label="[^"]+"/);
      }
    }
  });

  it("show inputs in edit mode and text in play mode", () => {
    const { hbs, i18n } = environment("en");
    const render = (part: string, mode: SheetMode, editable = true) =>
      compileTemplate(hbs, `sheets/actor/character/${part}.hbs`)(characterContext("en", mode, part === "header" ? "skills" : part, i18n, editable));
    expect(render("header", "edit")).toContain('name="name"');
    expect(render("header", "edit")).toContain('name="system.age"');
    expect(render("header", "play")).not.toContain('name="name"');
    expect(render("header", "play")).toContain("<h1");
    expect(render("drives", "edit")).toContain('name="system.drives.belief"');
    expect(render("drives", "play")).not.toContain("<textarea");
    expect(render("skills", "edit")).toContain('data-item-field="system.rating"');
    expect(render("skills", "play")).toContain('data-action="rollSkill"');
    expect(render("biography", "edit")).toContain("<prose-mirror");
    expect(render("biography", "play")).not.toContain("<prose-mirror");
  });

  it("give an observer no roll or edit controls, and disabled pips", () => {
    const { hbs, i18n } = environment("en");
    const skills = compileTemplate(hbs, "sheets/actor/character/skills.hbs")(characterContext("en", "play", "skills", i18n, false));
    expect(skills).not.toContain('data-action="rollSkill"');
    expect(skills).not.toContain('data-action="testPotential"');
    expect(tagsOf(skills, "button").filter((b) => b.includes("goldhack-pip")).every((b) => b.includes("disabled"))).toBe(true);
    const header = compileTemplate(hbs, "sheets/actor/character/header.hbs")(characterContext("en", "edit", "skills", i18n, false));
    expect(header).not.toContain('data-action="toggleMode"');
    expect(header).not.toContain('name="name"');
  });

  it("show only the active tab's panel as active, and mark Skills ready to advance", () => {
    const { hbs, i18n } = environment("en");
    const context = characterContext("en", "play", "drives", i18n);
    expect(compileTemplate(hbs, "sheets/actor/character/drives.hbs")(context)).toMatch(/class="tab [^"]*\bactive\b/);
    expect(compileTemplate(hbs, "sheets/actor/character/skills.hbs")(context)).not.toMatch(/class="tab [^"]*\bactive\b/);
    const skills = compileTemplate(hbs, "sheets/actor/character/skills.hbs")(characterContext("en", "play", "skills", i18n));
    expect(skills).toContain('data-action="advanceSkill"');
    expect(skills.match(/class="goldhack-skill draggable is-ready"/g)?.length).toBe(
      context.skills.groups.flatMap((g) => g.skills).filter((s) => s.learning?.ready).length,
    );
  });

  it("list recent Tests newest first, each a keyboard button to its card, with the Ob graded and what users typed escaped", () => {
    const { hbs, i18n } = environment("en");
    const evil = `<img src=x onerror="alert(1)">`;
    const entry = (messageId: string, timestamp: number, over: Partial<TestHistoryEntry> = {}): TestHistoryEntry => ({
      messageId,
      messageUuid: `ChatMessage.${messageId}`,
      kind: "skill",
      skillId: "s",
      skillName: "Swords",
      ob: 3,
      intent: "Win",
      task: "Fight",
      outcome: "passed",
      timestamp,
      sceneId: null,
      memory: 0,
      requestId: null,
      ...over,
    });
    const history = [entry("older", 1), entry("evil", 3, { skillName: evil, intent: evil, task: evil, outcome: "failed" }), entry("pot", 2, { kind: "potential", skillName: "", ob: 1 })];
    const actor = { name: "Y", system: { age: "adult" }, items: [] };
    const html = compileTemplate(hbs, "sheets/actor/character/drives.hbs")(
      buildCharacterSheetContext(actor, { i18n, config: createConfig(), mode: "play", editable: true, activeTab: "drives", history }),
    );
    expect(html).not.toContain("<img src=x");
    expect(html.match(/&lt;img src/g)).toHaveLength(3);
    const buttons = tagsOf(html, "button").filter((b) => b.includes('data-action="openTestCard"'));
    expect(buttons.map((b) => b.match(/data-message-id="([^"]+)"/)?.[1])).toEqual(["evil", "pot", "older"]);
    for (const button of buttons) expect(button).toContain('type="button"');
    expect(html).toContain("Ob 3 · Difficult");
    expect(html).toContain("Failed");
    expect(html).toContain("Potential");
    const empty = compileTemplate(hbs, "sheets/actor/character/drives.hbs")(
      buildCharacterSheetContext(actor, { i18n, config: createConfig(), mode: "play", editable: true, activeTab: "drives" }),
    );
    expect(empty).not.toContain("openTestCard");
    expect(empty).toContain("No Tests rolled yet.");
    expect([...i18n.missing]).toEqual([]);
  });

  it("draw Request a Test for a GM only", () => {
    for (const lang of LANGS) {
      const { hbs, i18n } = environment(lang);
      const skills = (isGM: boolean) => compileTemplate(hbs, "sheets/actor/character/skills.hbs")(characterContext(lang, "play", "skills", i18n, true, isGM));
      expect(skills(true)).toContain('data-action="requestTest"');
      expect(skills(false)).not.toContain('data-action="requestTest"');
      expect(skills(true)).toContain(lang === "es" ? "Pedir una Prueba" : "Request a Test");
      expect([...i18n.missing]).toEqual([]);
    }
  });
});
