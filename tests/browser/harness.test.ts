import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, overflowingElements, unnamedControls } from "./harness";

/** The checks the preview test relies on must catch what they claim to catch. */
describe("the browser checks", () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), 60_000);
  afterAll(async () => await browser?.close());

  it("find controls without an accessible name, and accept named ones", async () => {
    const page = await browser.newPage();
    await page.setContent(`
      <button type="button"><i class="fa-solid fa-dice"></i></button>
      <button type="button" aria-label="Roll">x</button>
      <label>Ob <input type="number" value="3"></label>
      <input type="text" id="nameless">
      <select><option>a</option></select>`);
    const unnamed = await unnamedControls(page);
    expect(unnamed).toHaveLength(3);
    expect(unnamed.join("\n")).toContain('id nameless');
    await page.close();
  });

  it("find content that spills out of its window or is clipped", async () => {
    const page = await browser.newPage();
    await page.setContent(`
      <div class="preview-window" data-fixture="probe" style="width: 200px">
        <section class="window-content">
          <div style="width: 400px">too wide</div>
          <div style="width: 100px; overflow: hidden; white-space: nowrap">a line of text far too long for a hundred pixels</div>
          <div style="width: 100px; overflow: auto; white-space: nowrap">a long line that may scroll, which is fine here</div>
          <p>fits</p>
        </section>
      </div>`);
    const found = await overflowingElements(page);
    expect(found.some((f) => f.startsWith("outside its window") && f.includes("too wide"))).toBe(true);
    expect(found.some((f) => f.startsWith("content wider") && f.includes("a line of text"))).toBe(true);
    expect(found.join("\n")).not.toContain("may scroll");
    expect(found.join("\n")).not.toContain('"fits"');
    await page.close();
  });
});
