/**
 * The whole character sheet, as our code renders it (the real sheet class, its parts and templates, on
 * the application stand-in in a happy-dom DOM), shown in chromium with our stylesheets and saved as a
 * screenshot for review (tests/browser/__screenshots__/character-sheet-*.png). Not Foundry's own CSS:
 * the frame around the sheet is only approximated.
 */
import "../foundry/dom-env";
import { describe, expect, it } from "vitest";
import { installApplications, type StandInActorSheetV2, useRealTemplates } from "../foundry/applications";
import { addItems, createActor } from "../foundry/documents";
import { installRequestWorld } from "../foundry/request-env";
import { overflowingElements, usePreviewBrowser } from "./harness";

const SHOTS = new URL("./__screenshots__/", import.meta.url).pathname;
const STYLES = new URL("../../styles/goldhack.css", import.meta.url).pathname;

/** The sheet's element as our code renders it, in one language, for a character with something in every tab. */
async function renderedSheet(lang: "en" | "es", tab: string): Promise<string> {
  const { env } = await installRequestWorld(lang);
  installApplications();
  useRealTemplates(lang);
  const actor = await createActor({
    name: "Sela",
    type: "character",
    img: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='96' height='96'%3E%3Crect width='96' height='96' fill='%23b8860b'/%3E%3C/svg%3E",
    system: { age: "young", fate: { value: 2 }, persona: { value: 1 }, drives: { belief: "The gate must hold.", goal: "Reach the tower.", instinct: "Always watch the wall." }, biography: "<p>Born at the gate.</p>" },
    ownership: { default: 0, [env.player.id]: 3 },
  });
  await addItems(actor, [
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 3, passed: 4, failed: 3 } },
    { name: "Cast", type: "skill", system: { skillType: "magic", rating: 2, passed: 1 } },
    { name: "Climb", type: "skill", system: { skillType: "survive", rating: 1 } },
    { name: "Stubborn", type: "trait", system: { description: "<p>Never gives up.</p>" } },
    { name: "Tired", type: "fallout", system: { rating: 2 } },
    { name: "Sailor", type: "lifepath", system: { skillTypes: ["survive", "craft", "lore"] } },
  ]);
  env.setUser(env.player);
  const { GoldHackCharacterSheet } = await import("../../src/applications/sheets/character-sheet");
  const Sheet = GoldHackCharacterSheet as unknown as new (options: { document: unknown }) => StandInActorSheetV2;
  const sheet = new Sheet({ document: actor });
  await sheet.render({ force: true });
  sheet.changeTab(tab, "primary");
  await sheet.idle();
  return sheet.element.outerHTML;
}

describe("the whole character sheet in a real browser", () => {
  const preview = usePreviewBrowser();

  for (const [lang, theme, tab] of [
    ["en", "light", "skills"],
    ["es", "dark", "skills"],
    ["en", "dark", "drives"],
  ] as const) {
    it(`renders whole in ${lang}, ${theme} theme, ${tab} tab, and is saved for review`, { timeout: 30_000 }, async () => {
      const html = await renderedSheet(lang, tab);
      const page = await preview.browser.newPage({ viewport: { width: 800, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      try {
        await page.goto(`${preview.url}`);
        await page.setContent(
          `<!doctype html><html lang="${lang}"><head><link rel="stylesheet" href="${preview.url}@fs${STYLES}"></head><body class="theme-${theme}" style="margin:0;padding:16px;background:#777">${html}</body></html>`,
        );
        await page.waitForLoadState("networkidle");
        const sheet = page.locator(".goldhack-character-sheet");
        await sheet.evaluate((el: HTMLElement) => {
          el.style.width = "720px";
          el.style.height = "800px";
          el.style.display = "flex";
          el.style.flexDirection = "column";
          el.style.overflow = "hidden";
        });
        expect(errors).toEqual([]);
        // Our stylesheet reached the page: the sheet's own variables are set.
        expect(await sheet.evaluate((el: HTMLElement) => getComputedStyle(el).getPropertyValue("--goldhack-ink").trim())).not.toBe("");
        expect(await page.locator(`[data-application-part]`).count()).toBe(6);
        expect(await overflowingElements(page), "overflowing elements").toEqual([]);
        await sheet.screenshot({ path: `${SHOTS}character-sheet-${lang}-${theme}-${tab}.png` });
      } finally {
        await page.close();
      }
    });
  }
});
