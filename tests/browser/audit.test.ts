/**
 * Issue 29's audit: every preview fixture, in English and Spanish, light and dark, read in chromium as a user
 * reads it (tests/browser/audit-page.ts): no word broken across two lines, every text at WCAG AA contrast against
 * what is drawn behind it (4.5:1, 3:1 for large text), no text under 11 px, no raw localisation key or unfilled
 * placeholder, and cards that lead with their verdict. The Test dialog's height target (the fullest sample
 * character, 480 px wide, in 640 px) waits for the dialog's redesign: it is a todo here, not a check.
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

describe("issue 29's audit of every window and card", () => {
  const preview = usePreviewBrowser();

  it("has the fullest Test dialog among the fixtures", () => {
    expect(FIXTURES.find((f) => f.id === TEST_DIALOG.id)?.width).toBe(480);
  });

  it.todo(`the fullest Test dialog (${TEST_DIALOG.id}) fits in ${TEST_DIALOG.maxHeight} px: waits for the dialog's redesign`);

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
