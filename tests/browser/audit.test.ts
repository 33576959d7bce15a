/**
 * Issue 29's audit: every preview fixture, in English and Spanish, light and dark, read in chromium as a user
 * reads it (tests/browser/audit-page.ts): no word broken across two lines, every text at WCAG AA contrast against
 * what is drawn behind it (4.5:1, 3:1 for large text), no text under 11 px, no raw localisation key or unfilled
 * placeholder, and cards that lead with their verdict. The Test dialog with the fullest sample character, 480 px
 * wide, fits in 640 px, and when its window is shorter than that its decision (chance, pool, Ob, Roll) stays in view.
 * A screenshot of each fixture is saved for review under tests/browser/__screenshots__/audit/ (git-ignored).
 */
import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../preview/fixtures";
import { auditPage } from "./audit-page";
import { openPreview, usePreviewBrowser } from "./harness";

const SHOTS = new URL("./__screenshots__/audit/", import.meta.url).pathname;
/** Issue 29: the Test dialog, fullest sample character, 480 px wide, is to fit a 640 px tall space. */
const TEST_DIALOG = { id: "test-dialog-window-fullest", maxHeight: 640 };

/**
 * In the page: the whole Test dialog's height, then the same window cut to 360 px (a short screen): which of the
 * chance, pool, Ob and Roll are then outside the window (none should be: the fields scroll, the decision stays).
 */
function testDialogFit(id: string): { height: number; hiddenWhenShort: string[] } {
  const win = document.querySelector<HTMLElement>(`[data-fixture="${id}"] .preview-window`);
  if (!win) return { height: Number.NaN, hiddenWhenShort: ["no window"] };
  const height = Math.ceil(win.getBoundingClientRect().height);
  win.style.height = "360px";
  const box = win.getBoundingClientRect();
  const hidden = ['[data-total="chance"]', '[data-total="pool"]', '[data-total="ob"]', 'button[name="roll"]'].filter((selector) => {
    const rect = win.querySelector(selector)?.getBoundingClientRect();
    return !rect || rect.height === 0 || rect.top < box.top || rect.bottom > box.bottom;
  });
  win.style.height = "";
  return { height, hiddenWhenShort: hidden };
}

describe("issue 29's audit of every window and card", () => {
  const preview = usePreviewBrowser();

  it("has the fullest Test dialog among the fixtures", () => {
    expect(FIXTURES.find((f) => f.id === TEST_DIALOG.id)?.width).toBe(480);
  });

  for (const lang of ["en", "es"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it(`reads whole and clear in ${lang}, ${theme} theme`, async () => {
        const { page, errors } = await openPreview(preview.browser, `${preview.url}?lang=${lang}&theme=${theme}`);
        try {
          expect(await page.evaluate(() => document.body.dataset.rendered)).toBe("true");
          expect(errors).toEqual([]);
          const findings = await page.evaluate(auditPage);
          expect(findings.rawText, "raw keys or placeholders").toEqual([]);
          expect(findings.smallText, "text under 11 px").toEqual([]);
          expect(findings.brokenWords, "words broken across lines").toEqual([]);
          expect(findings.lowContrast, "text below WCAG AA contrast").toEqual([]);
          expect(findings.buriedVerdicts, "cards that do not lead with their verdict").toEqual([]);
          const dialog = await page.evaluate(testDialogFit, TEST_DIALOG.id);
          expect(dialog.height, `${TEST_DIALOG.id} is ${dialog.height} px tall`).toBeLessThanOrEqual(TEST_DIALOG.maxHeight);
          expect(dialog.hiddenWhenShort, "what leaves view when the window is 360 px tall").toEqual([]);
        } finally {
          // Screenshots even when a check failed: they are what a reviewer needs then.
          const dir = `${SHOTS}${lang}-${theme}/`;
          mkdirSync(dir, { recursive: true });
          for (const f of FIXTURES) await page.locator(`[data-fixture="${f.id}"]`).screenshot({ path: `${dir}${f.id}.png` }).catch(() => undefined);
          await page.close();
        }
      }, 180_000);
    }
  }
});
