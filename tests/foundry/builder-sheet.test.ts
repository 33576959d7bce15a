/**
 * The builder's few lines on the character sheet, from the sheet's own context builder to its rendered header and
 * Skills tab: Build on an empty character the user may edit (the primary action of the header's toolbar, named by the
 * empty Skills tab), Check character and Group Test for everyone but a Limited viewer.
 */
import "./dom-env";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sampleCharacterSheetContext } from "../../preview/fixtures/character-sheet";
import { sampleCharacter } from "../../preview/sample-data";
import { buildCharacterSheetContext } from "../../src/applications/sheets/character-context";
import { createConfig } from "../../src/config";
import { compileTemplate, createHandlebars } from "./handlebars";

type Who = { editable?: boolean; empty?: boolean; isGM?: boolean; limited?: boolean };

function render(who: Who, lang: "en" | "es" = "en"): { header: HTMLElement; skills: HTMLElement } {
  const { hbs, i18n } = createHandlebars(lang);
  for (const p of ["partials/mode-toggle", "partials/tab-nav", "partials/pips"]) {
    hbs.registerPartial(`systems/goldhack/templates/sheets/${p}.hbs`, readFileSync(new URL(`../../templates/sheets/${p}.hbs`, import.meta.url), "utf8"));
  }
  const context = who.limited
    ? buildCharacterSheetContext(sampleCharacter(lang), { i18n, lang, config: createConfig(), mode: "play", editable: who.editable ?? true, limited: true, activeTab: "skills" })
    : sampleCharacterSheetContext(i18n, "play", "skills", who.editable ?? true, who.isGM ?? false, who.empty ?? false);
  const dom = (html: string) => {
    const div = document.createElement("div");
    div.innerHTML = html;
    return div;
  };
  const header = dom(compileTemplate(hbs, "sheets/actor/character/header.hbs")(context));
  const skills = dom(compileTemplate(hbs, "sheets/actor/character/skills.hbs")(context));
  expect([...i18n.missing]).toEqual([]);
  return { header, skills };
}

const actions = (header: HTMLElement) => [...header.querySelectorAll<HTMLElement>('[role="toolbar"] button')].map((b) => b.dataset.action);

describe("the character sheet's builder buttons, in the header's toolbar", () => {
  it("on an empty character the user may edit: Build first and primary, and the empty Skills tab names it", () => {
    for (const lang of ["en", "es"] as const) {
      const { header, skills } = render({ empty: true }, lang);
      const build = header.querySelector<HTMLElement>('[role="toolbar"] [data-action="openBuilder"]');
      expect(actions(header)).toEqual(["openBuilder", "checkCharacter", "groupTest", "toggleMode"]);
      expect(build?.classList.contains("goldhack-button--primary")).toBe(true);
      const name = lang === "es" ? "Crear" : "Build";
      expect(build?.textContent?.trim()).toBe(name);
      expect(skills.querySelector(".goldhack-empty")?.textContent).toContain(name);
    }
  });

  it("on a built character: no Build, Check character and Group Test in the toolbar; a GM's has Retire too", () => {
    expect(actions(render({}).header)).toEqual(["checkCharacter", "groupTest", "toggleMode"]);
    const gm = render({ isGM: true }, "es").header;
    expect(actions(gm)).toEqual(["checkCharacter", "groupTest", "retire", "toggleMode"]);
    expect(gm.querySelector('[role="toolbar"]')?.getAttribute("aria-label")).toBe("Acciones del personaje");
    expect(gm.querySelector('[role="toolbar"] .goldhack-button--primary')).toBeNull();
  });

  it("for an observer of an empty character: no Build, and the empty text does not point at a button she lacks", () => {
    const { header, skills } = render({ empty: true, editable: false });
    expect(actions(header)).toEqual(["checkCharacter", "groupTest"]);
    expect(skills.querySelector(".goldhack-empty")?.textContent).not.toContain("Build");
  });

  it("for a Limited viewer: no toolbar at all", () => {
    const { header } = render({ limited: true, editable: false });
    expect(header.querySelector('[role="toolbar"]')).toBeNull();
    expect(header.innerHTML).not.toContain("openBuilder");
    expect(header.innerHTML).not.toContain("checkCharacter");
  });
});
