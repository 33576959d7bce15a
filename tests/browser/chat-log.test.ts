/**
 * A long chat log in chromium, with our styles and every card the preview shows (tests/browser/render-kit.ts):
 * a card far from the screen is not laid out (content-visibility), yet the log still behaves as a user expects.
 * Scrolled to the newest message the way Foundry does it, it shows that message whole at the very end. A new
 * message, scrolled to again, lands there too, and the card before it stays laid out. Scrolling up lays out
 * each card as it comes near, and a card scrolled to from a link (src/requests/message-links.ts) ends up whole
 * in view.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPreview, usePreviewBrowser } from "./harness";

const KIT = `/@fs${new URL("./render-kit.ts", import.meta.url).pathname}`;
const SCROLL = `/@fs${new URL("../../src/requests/scroll-to-card.ts", import.meta.url).pathname}`;
const CARDS = 200;

type Kit = typeof import("./render-kit");
/** The kit, once loaded into the page (a string, so vitest's transform leaves the page's own import alone). */
declare global {
  interface Window {
    goldhackKit?: Kit;
  }
}
const loadKit = (page: Page) => page.evaluate(`import(${JSON.stringify(KIT)}).then((kit) => { window.goldhackKit = kit; })`);

/** Waits until chromium has drawn two more frames (content-visibility is judged after a frame's layout). */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * The log as the user sees it now: how far from its end it is scrolled, whether the newest message is whole in
 * view, and which messages' cards are laid out, of those our styles let the browser skip (`skippable`).
 */
const state = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector<HTMLElement>("#test-log");
    if (!log) throw new Error("no log");
    const box = log.getBoundingClientRect();
    const messages = [...log.children] as HTMLElement[];
    const cards = messages.map((li) => li.querySelector<HTMLElement>(".message-content > *"));
    const skippable = cards.flatMap((card, i) => (card && getComputedStyle(card).contentVisibility === "auto" ? [i] : []));
    const laidOut = cards.flatMap((card, i) => (card?.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ? [i] : []));
    const last = messages.at(-1)?.getBoundingClientRect();
    return {
      fromEnd: log.scrollHeight - log.scrollTop - log.clientHeight,
      laidOut,
      skippable,
      lastWhole: last ? last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5 : false,
      count: messages.length,
    };
  });

describe("a long chat log", () => {
  const preview = usePreviewBrowser();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openPreview(preview.browser, `${preview.url}?only=__bench__`));
    await loadKit(page);
    await page.evaluate(
      async ({ count }) => {
        if (!window.goldhackKit) throw new Error("no kit");
        const { chatLogIn, fillChatLog, renderKit } = window.goldhackKit;
        const root = document.getElementById("preview-root");
        if (!root) throw new Error("no preview root");
        const log = chatLogIn(root);
        log.id = "test-log";
        await fillChatLog(log, count, renderKit());
        log.scrollTop = log.scrollHeight; // as Foundry's ChatLog scrolls to the newest message after rendering
      },
      { count: CARDS },
    );
    await frames(page);
  }, 60_000);
  afterAll(async () => {
    await page.close();
  });

  it("lands on the newest message, whole, with the cards far up not laid out", async () => {
    const now = await state(page);
    expect(now.count).toBe(CARDS);
    expect(now.fromEnd).toBeLessThanOrEqual(1);
    expect(now.lastWhole).toBe(true);
    // The ten newest are always laid out; of the others, only those near the 700 px log.
    expect(now.laidOut).toEqual(expect.arrayContaining(Array.from({ length: 10 }, (_, i) => CARDS - 10 + i)));
    const far = now.skippable.filter((i) => i < 150);
    expect(far.length).toBeGreaterThan(100);
    expect(now.laidOut.filter((i) => far.includes(i))).toEqual([]);
  });

  it("lands on a new message too", async () => {
    await page.evaluate(async () => {
      if (!window.goldhackKit) throw new Error("no kit");
      const { fillChatLog, renderKit } = window.goldhackKit;
      const log = document.querySelector<HTMLElement>("#test-log");
      if (!log) throw new Error("no log");
      await fillChatLog(log, 1, renderKit());
      log.scrollTop = log.scrollHeight;
    });
    await frames(page);
    const now = await state(page);
    expect(now.count).toBe(CARDS + 1);
    expect(now.fromEnd).toBeLessThanOrEqual(1);
    expect(now.lastWhole).toBe(true);
    expect(now.laidOut).toEqual(expect.arrayContaining([CARDS - 9, CARDS]));
  });

  it("lays out each card as it is scrolled to, and a card shown from a link ends up whole in view", async () => {
    await page.evaluate(() => {
      const log = document.querySelector<HTMLElement>("#test-log");
      if (log) log.scrollTop = 0;
    });
    await frames(page);
    expect((await state(page)).laidOut.slice(0, 3)).toEqual([0, 1, 2]);
    // From the end of the log to a card far up, as a link to it scrolls (src/requests/scroll-to-card.ts).
    const target = 120;
    await page.evaluate(() => {
      const log = document.querySelector<HTMLElement>("#test-log");
      if (log) log.scrollTop = log.scrollHeight;
    });
    await frames(page);
    await page.evaluate(`import(${JSON.stringify(SCROLL)}).then(({ scrollToCard }) => scrollToCard(document.querySelector("#test-log").children[${target}]))`);
    // Until the scroll has stopped: the same offset twice, 300 ms apart.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((done) => {
          const log = document.querySelector<HTMLElement>("#test-log");
          const before = log?.scrollTop;
          setTimeout(() => done(log?.scrollTop === before), 300);
        }),
      undefined,
      { timeout: 10_000 },
    );
    const shown = await page.evaluate((i) => {
      const log = document.querySelector<HTMLElement>("#test-log");
      const card = log?.children[i];
      if (!log || !card) throw new Error("no card");
      const box = log.getBoundingClientRect();
      const own = card.getBoundingClientRect();
      return { top: own.top - box.top, bottom: box.bottom - own.bottom, laidOut: card.querySelector(".message-content > * > *")?.checkVisibility({ contentVisibilityAuto: true }) };
    }, target);
    expect(shown.laidOut).toBe(true);
    expect(shown.top).toBeGreaterThanOrEqual(0);
    expect(shown.bottom).toBeGreaterThanOrEqual(0);
  });
});
