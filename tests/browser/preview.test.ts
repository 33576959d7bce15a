import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../preview/fixtures";
import { openPreview, overflowingElements, unnamedControls, usePreviewBrowser } from "./harness";

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const SHOTS = new URL("./__screenshots__/", import.meta.url).pathname;

/** Every template a user sees on its own; partials (under partials/ or named _x.hbs) are seen through them. */
function pageTemplates(dir = TEMPLATES): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "partials" ? [] : pageTemplates(path);
    return entry.name.endsWith(".hbs") && !entry.name.startsWith("_") ? [relative(TEMPLATES, path)] : [];
  });
}

describe("the preview in a real browser", () => {
  const preview = usePreviewBrowser();

  it("has a fixture for every template", () => {
    const shown = new Set(FIXTURES.map((f) => f.template));
    expect(pageTemplates().filter((t) => !shown.has(t))).toEqual([]);
  });

  for (const lang of ["en", "es"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it(`renders cleanly in ${lang}, ${theme} theme`, async () => {
        const { page, errors } = await openPreview(preview.browser, `${preview.url}?lang=${lang}&theme=${theme}`);
        try {
          expect(await page.evaluate(() => document.body.dataset.rendered)).toBe("true");
          expect(errors, "console errors").toEqual([]);
          expect(await page.locator("[data-fixture]").count()).toBe(FIXTURES.length);
          const missing = JSON.parse((await page.evaluate(() => document.body.dataset.missingKeys)) ?? "[]");
          expect(missing, "missing localisation keys").toEqual([]);
          const text = await page.locator("#preview-root").innerText();
          expect(text.match(/GOLDHACK\.[\w.]+/g) ?? [], "raw keys on the page").toEqual([]);
          expect(await overflowingElements(page), "overflowing elements").toEqual([]);
          expect(await unnamedControls(page), "controls without an accessible name").toEqual([]);
          await page.screenshot({ path: `${SHOTS}${lang}-${theme}.png`, fullPage: true });
        } finally {
          await page.close();
        }
      }, 60_000);
    }
  }
});
