/**
 * Issue 29 item 4, in chromium on the preview, English and Spanish: the character header keeps its actions in one
 * toolbar of like buttons (none wraps inside itself, even at 520 px), an empty character makes Build its primary
 * action and its empty Skills tab names it, and the NPC sheet at its default size (560 × 640) shows every Trait
 * and Fallout without a scroll area nested inside the window.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPreview, usePreviewBrowser } from "./harness";

/** The toolbar's buttons in one fixture: label, lines the label takes, height, background colour, classes. */
const toolbar = (page: Page, fixture: string) =>
  page.evaluate((id) => {
    const bar = document.querySelector<HTMLElement>(`[data-fixture="${id}"] .goldhack-sheet-header [role="toolbar"]`);
    if (!bar) return null;
    return {
      label: bar.getAttribute("aria-label") ?? "",
      buttons: [...bar.querySelectorAll<HTMLElement>("button")].map((button) => {
        const text = [...button.querySelectorAll("span")].find((s) => (s.textContent ?? "").trim() !== "") ?? button;
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const box = button.getBoundingClientRect();
        return { text: (button.textContent ?? "").trim(), lines, height: Math.round(box.height), background: getComputedStyle(button).backgroundColor, primary: button.classList.contains("goldhack-button--primary") };
      }),
    };
  }, fixture);

describe("issue 29: sheet headers and empty states in a real browser", () => {
  const preview = usePreviewBrowser();
  const open = async (fixture: string, lang: string): Promise<Page> => {
    const { page, errors } = await openPreview(preview.browser, `${preview.url}?only=${fixture}&lang=${lang}`);
    expect(await page.evaluate(() => document.body.dataset.rendered)).toBe("true");
    expect(errors).toEqual([]);
    return page;
  };

  for (const lang of ["en", "es"] as const) {
    it(`puts a GM's header actions in one toolbar whose buttons never wrap inside, at 720 and 520 px, in ${lang}`, async () => {
      for (const fixture of ["character-header-gm", "character-header-gm-narrow"]) {
        const page = await open(fixture, lang);
        try {
          const bar = await toolbar(page, fixture);
          expect(bar, `${fixture}: a toolbar`).not.toBeNull();
          expect(bar?.label).toBe(lang === "es" ? "Acciones del personaje" : "Character actions");
          const texts = bar?.buttons.map((b) => b.text) ?? [];
          const expected = lang === "es" ? ["Revisar personaje", "Prueba de grupo", "Retirar", "Editar"] : ["Check character", "Group Test", "Retire", "Edit"];
          expect(texts).toEqual(expected);
          for (const b of bar?.buttons ?? []) expect(b.lines, `${fixture}: "${b.text}" on one line`).toBe(1);
          expect(new Set(bar?.buttons.map((b) => b.height)).size, `${fixture}: buttons of one height`).toBe(1);
          expect(bar?.buttons.some((b) => b.primary)).toBe(false);
        } finally {
          await page.close();
        }
      }
    }, 60_000);

    it(`makes Build the primary action of an empty character and names it in the empty Skills tab, in ${lang}`, async () => {
      const fixture = "character-window-empty";
      const page = await open(fixture, lang);
      try {
        const bar = await toolbar(page, fixture);
        const [build, check] = bar?.buttons ?? [];
        const name = lang === "es" ? "Crear" : "Build";
        expect(build?.text).toBe(name);
        expect(build?.primary).toBe(true);
        expect(build?.background, "Build stands apart from the other buttons").not.toBe(check?.background);
        const empty = await page.locator(`[data-fixture="${fixture}"] .goldhack-panel.active .goldhack-empty`).innerText();
        expect(empty).toContain(name);
      } finally {
        await page.close();
      }
    }, 60_000);

    it(`shows the NPC sheet's Traits and Fallout at its default size, with no nested scroll area, in ${lang}`, async () => {
      const fixture = "npc-window";
      const page = await open(fixture, lang);
      try {
        const found = await page.evaluate((id) => {
          const problems: string[] = [];
          const content = document.querySelector<HTMLElement>(`[data-fixture="${id}"] .window-content`);
          if (!content) return ["no window content"];
          const view = content.getBoundingClientRect();
          const rows = [...content.querySelectorAll<HTMLElement>(".goldhack-npc-columns li")];
          if (rows.length < 3) problems.push(`only ${rows.length} Trait and Fallout rows drawn`);
          for (const row of rows) {
            const r = row.getBoundingClientRect();
            if (r.height === 0 || r.bottom > view.bottom + 0.5) problems.push(`"${(row.textContent ?? "").trim().slice(0, 30)}" is not in view (${Math.round(r.bottom)} > ${Math.round(view.bottom)})`);
          }
          for (const el of content.querySelectorAll<HTMLElement>("*")) {
            const style = getComputedStyle(el);
            if (["auto", "scroll"].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1 && !["textarea", "select"].includes(el.localName)) {
              problems.push(`<${el.localName} class="${String(el.className)}"> scrolls inside the window`);
            }
          }
          return problems;
        }, fixture);
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});
