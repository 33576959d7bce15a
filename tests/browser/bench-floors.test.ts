/**
 * The chromium benches' floors show the user the same thing as ours (issue 32: like for like), so that ours ÷ floor
 * compares two ways to one screen: the chat log's floor leaves the same log, scrolled the same; the Test dialog's
 * floor, keystroke after keystroke, the same summary and footer; the opened sheet's floor the same window, laid
 * out to the same size. Correctness only: nothing here is timed.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openPreview, usePreviewBrowser } from "./harness";

const ENTRY = `/@fs${new URL("../../bench/scale-page.ts", import.meta.url).pathname}`;
type Bench = typeof import("../../bench/scale-page");
declare global {
  interface Window {
    goldhackBench?: Bench;
  }
}

describe("the chromium benches' floors", () => {
  const preview = usePreviewBrowser();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openPreview(preview.browser, `${preview.url}?only=__bench__`));
    // A string, so vitest's transform leaves the page's own import alone.
    await page.evaluate(`import(${JSON.stringify(ENTRY)}).then((bench) => { window.goldhackBench = bench; })`);
  });

  it("chat log: the floor leaves the same cards, scrolled to the same newest message", async () => {
    const [ours, floor] = await page.evaluate(() => window.goldhackBench?.chatLogLikeForLike(60) ?? Promise.reject(new Error("no bench")));
    expect(ours?.html.length).toBeGreaterThan(1000);
    expect(floor).toEqual(ours);
  });

  it("Test dialog: after every keystroke the floor shows the same summary and footer as ours", async () => {
    const seen = await page.evaluate(() => window.goldhackBench?.dialogLikeForLike(12) ?? []);
    expect(seen).toHaveLength(12);
    // The keystrokes change what is shown (Ob 1 to 9 and round again), and the floor follows each one.
    expect(new Set(seen.map((s) => s.ours)).size).toBe(9);
    for (const [i, s] of seen.entries()) expect(s.floor, `keystroke ${i}`).toBe(s.ours);
  });

  for (const counts of [{ skills: 40, traits: 6, fallouts: 5 }, { skills: 100, traits: 12, fallouts: 10 }]) {
    it(`sheet opened, ${counts.skills} Skills: the floor's window has the same DOM, laid out to the same size`, async () => {
      const [ours, floor] = await page.evaluate((c) => window.goldhackBench?.sheetLikeForLike(c) ?? Promise.reject(new Error("no bench")), counts);
      expect(ours?.rows).toBe(16);
      expect(ours?.height).toBe(760); // the default window's content, laid out
      expect(floor).toEqual(ours);
    });
  }
});
