/** The builder's few lines on the character sheet: Build on an empty sheet the user may edit, Check character on every one. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sampleCharacterSheetContext } from "../../preview/fixtures/character-sheet";
import { compileTemplate, createHandlebars } from "./handlebars";

function header(builder: { canBuild: boolean; canCheck: boolean } | undefined, lang: "en" | "es" = "en"): string {
  const { hbs, i18n } = createHandlebars(lang);
  for (const p of ["partials/mode-toggle", "partials/tab-nav", "partials/pips"]) {
    hbs.registerPartial(`systems/goldhack/templates/sheets/${p}.hbs`, readFileSync(new URL(`../../templates/sheets/${p}.hbs`, import.meta.url), "utf8"));
  }
  const context = { ...sampleCharacterSheetContext(i18n, "play", "skills", true, false), builder };
  const html = compileTemplate(hbs, "sheets/actor/character/header.hbs")(context);
  expect([...i18n.missing]).toEqual([]);
  return html;
}

describe("the character sheet's builder buttons", () => {
  it("draws Build when the sheet is empty and editable, and Check character always", () => {
    const html = header({ canBuild: true, canCheck: true });
    expect(html).toContain('data-action="openBuilder"');
    expect(html).toContain('data-action="checkCharacter"');
    expect(header({ canBuild: true, canCheck: true }, "es")).toContain("Revisar personaje");
  });
  it("draws neither when the sheet says no (a built or Limited character)", () => {
    const html = header({ canBuild: false, canCheck: false });
    expect(html).not.toContain("openBuilder");
    expect(html).not.toContain("checkCharacter");
    expect(header(undefined)).not.toContain("openBuilder");
  });
});
