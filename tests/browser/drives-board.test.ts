import { describe, expect, it } from "vitest";
import { openPreview, usePreviewBrowser } from "./harness";

const SHOTS = new URL("./__screenshots__/", import.meta.url).pathname;

/** The Drives board's preview fixture in chromium: columns side by side, nothing cut off, a screenshot for review. */
describe("the Drives board in a real browser", () => {
  const preview = usePreviewBrowser();

  for (const lang of ["en", "es"] as const) {
    it(`shows the characters side by side, text 11 px or larger, in ${lang}`, async () => {
      const { page, errors } = await openPreview(preview.browser, `${preview.url}?lang=${lang}&theme=light&only=drives-board`);
      try {
        expect(errors).toEqual([]);
        const columns = page.locator(".goldhack-drives-board__character");
        expect(await columns.count()).toBe(3);
        const boxes = await columns.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
        // One row: the same top, left to right, not overlapping.
        expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
        boxes.slice(1).forEach((box, i) => expect(box.left).toBeGreaterThanOrEqual(boxes[i]?.right ?? Infinity));
        const smallest = await page.locator(".goldhack-drives-board__body *").evaluateAll((els) =>
          Math.min(...els.filter((el) => el.textContent?.trim()).map((el) => parseFloat(getComputedStyle(el).fontSize))),
        );
        expect(smallest).toBeGreaterThanOrEqual(11);
        await page.locator('[data-fixture="drives-board"]').screenshot({ path: `${SHOTS}drives-board-${lang}.png` });
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});
