/// <reference types="vite/client" />
/**
 * Loaded into the preview page by scale.bench.ts (browser-only; no Node imports). Three costs that grow with a
 * campaign, each timed as a user meets it, our code included (context builders, not only templates):
 * - the chat log: re-rendering many cards, each built from its data by the card's own builder, drawn by its
 *   template and put into the log;
 * - the Test dialog: a keystroke in the Ob field, the dialog's own form reading, state, view and summary and
 *   footer templates, until the new pool, Ob and odds are laid out on screen;
 * - a big character sheet opened as the sheet opens it: context and every part's template, into the window, laid
 *   out, then what its first render left for the next frame.
 */
import { computeTestDialog, initialSelections } from "../src/applications/dialogs/test-dialog-state";
import { testDialogView } from "../src/applications/dialogs/test-dialog-context";
import { selectionsFromForm } from "../src/applications/dialogs/test-dialog-selections";
import { buildCharacterSheetContext, FIRST_RENDER_SKILL_ROWS } from "../src/applications/sheets/character-context";
import { createConfig } from "../src/config";
import { sampleActor } from "../preview/fixtures/test-dialog";
import { sampleCharacter, sampleEnriched, sampleTestHistory } from "../preview/sample-data";
import { CARD_KINDS, cardFixtures, chatLogIn, fillChatLog, renderKit } from "../tests/browser/render-kit";

const config = createConfig();

function windowOf(classes: string[], width: number): HTMLElement {
  const app = document.createElement("div");
  app.className = ["application", "preview-window", ...classes].join(" ");
  app.style.width = `${width}px`;
  const content = document.createElement("section");
  content.className = "window-content";
  app.append(content);
  document.getElementById("preview-root")?.append(app);
  return content;
}

const settle = (el: HTMLElement): number => el.offsetHeight; // forces style and layout: the result is on screen

/**
 * Runs `work` at the start of a frame and resolves, in that same frame, once the browser has laid out what the user
 * sees, with the ms from the frame's start to then (and to the end of `work`, inside it). A forced layout
 * (offsetHeight) is not that: it never lays out the contents of a `content-visibility: auto` element, which Chromium
 * judges near the viewport or not only after the frame's layout and then lays out again in the same frame (checked
 * here: right after offsetHeight an on-screen one has its contain-intrinsic-size, after the frame its own size).
 * The end is the frame's ResizeObserver delivery, which comes after that second layout and before paint (the sizes
 * it reports are the laid-out ones, and it comes before the next frame's callbacks): paint and raster are left out,
 * as this machine's software renderer makes them cost more than the layout.
 */
function timeToLaidOut(root: HTMLElement, work: () => void | Promise<void>): Promise<{ total: number; work: number }> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      const t0 = performance.now();
      // Microtasks only: the work must end before this frame's style and layout, or the time would span two frames.
      void Promise.resolve(work()).then(() => {
        const t1 = performance.now();
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          resolve({ total: performance.now() - t0, work: t1 - t0 });
        });
        observer.observe(root);
      }, reject);
    });
  });
}

export { CARD_KINDS };

/** Of one kind of card: how many states its fixtures show, and how many of the log's cards are of it. */
export interface CardKindCount {
  states: number;
  cards: number;
}

/**
 * Per-card times, in ms, of each of `runs` re-renders of a log of `count` cards cycling through every card state:
 * each card's context, template and message element, the log scrolled to its end as Foundry shows it, laid out as
 * on screen (timeToLaidOut). The log is the sidebar's: 300 px wide and 700 px tall, scrolling.
 */
export async function timeChatLog(count: number, runs: number): Promise<RenderTimes & { perCard: number[]; kinds: Record<string, CardKindCount> }> {
  const kit = renderKit();
  const fixtures = cardFixtures();
  const kindOf = (id: string): string => CARD_KINDS.find((k) => id.startsWith(k)) ?? "";
  const kinds: Record<string, CardKindCount> = Object.fromEntries(CARD_KINDS.map((k) => [k, { states: fixtures.filter((f) => kindOf(f.id) === k).length, cards: 0 }]));
  for (let i = 0; i < count; i++) {
    const kind = kinds[kindOf(fixtures[i % fixtures.length]?.id ?? "")];
    if (kind) kind.cards += 1;
  }
  for (const [k, n] of Object.entries(kinds)) if (n.states === 0) throw new Error(`the preview has no ${k}* card fixtures`);
  const root = document.getElementById("preview-root");
  if (!root) throw new Error("no preview root");
  const log = chatLogIn(root);
  const times: RenderTimes = { total: [], context: [], templates: [], insert: [], layout: [] };
  const render = async (): Promise<void> => {
    let cards = { context: 0, templates: 0 };
    const { total, work } = await timeToLaidOut(log, async () => {
      log.replaceChildren();
      cards = await fillChatLog(log, count, kit, fixtures);
      log.scrollTop = log.scrollHeight; // Foundry's scroll to the newest message: a forced layout, as there
    });
    times.total.push(total);
    times.context.push(cards.context);
    times.templates.push(cards.templates);
    times.insert.push(work - cards.context - cards.templates);
    times.layout.push(total - work);
  };
  for (let w = 0; w < 2; w++) await render();
  for (const list of Object.values(times)) list.length = 0;
  for (let r = 0; r < runs; r++) await render();
  if (log.scrollHeight - log.scrollTop - log.clientHeight > 1) throw new Error("the log is not at its newest message");
  log.closest(".application")?.remove(); // the next measure's page holds only its own window
  if (kit.i18n.missing.size) throw new Error(`missing keys: ${[...kit.i18n.missing].join(", ")}`);
  return { ...times, perCard: times.total.map((t) => t / count), kinds };
}

/** Form values as the dialog reads them (FormDataExtended: checkboxes as booleans, disabled fields left out). */
function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const el of form.elements) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) || !el.name || el.disabled) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") values[el.name] = el.checked;
    else if (el instanceof HTMLInputElement && el.type === "radio") {
      if (el.checked) values[el.name] = el.value;
    } else values[el.name] = el.value;
  }
  return values;
}

/** Times, in ms, from a keystroke in the Ob field to the new summary and footer laid out. */
export function timeDialogKeystrokes(count: number): number[] {
  const { i18n, compile } = renderKit();
  const actor = sampleActor("en");
  const request = { skillId: "swords", intent: "Hold the bridge until dawn", task: "Fight the first to cross" };
  let selections = { ...initialSelections(actor, request), ob: "3", persona: "1" };
  const labels = { potential: i18n.localize("GOLDHACK.Dialog.Test.PotentialName") };
  const env = { i18n, skillTypes: config.skillTypes, obGrades: Object.keys(config.obGrades).map(Number), uid: "bench-dialog" };
  const view = () => ({ ...testDialogView(computeTestDialog(actor, request, selections, labels), actor, env) });
  const content = windowOf(["goldhack", "goldhack-test-dialog"], 480);
  const form = document.createElement("form");
  content.append(form);
  const first = view();
  form.innerHTML = `<div data-part="form">${compile("dialogs/test-dialog.hbs")(first)}</div><div data-part="summary"></div><div data-part="footer"></div>`;
  const summary = form.querySelector<HTMLElement>('[data-part="summary"]');
  const footer = form.querySelector<HTMLElement>('[data-part="footer"]');
  const ob = form.querySelector<HTMLInputElement>('[name="ob"]');
  if (!summary || !footer || !ob) throw new Error("the dialog has no summary, footer or Ob field");
  // The dialog's own live update: read the form, recompute, redraw the summary and footer parts only.
  form.addEventListener("input", () => {
    selections = selectionsFromForm(formValues(form), actor, selections);
    const context = view();
    summary.innerHTML = compile("dialogs/test-dialog-summary.hbs")(context);
    footer.innerHTML = compile("dialogs/test-dialog-footer.hbs")(context);
  });
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const t0 = performance.now();
    ob.value = String(1 + (i % 9)); // the keystroke: Ob 1 to 9
    ob.dispatchEvent(new Event("input", { bubbles: true }));
    settle(summary);
    if (i >= 20) times.push(performance.now() - t0);
  }
  if (!summary.textContent?.includes("%")) throw new Error("the summary shows no odds");
  content.closest(".application")?.remove(); // the next measure's page holds only its own window
  return times;
}

/** A character with `skills` Skills, `traits` Traits and `fallouts` Fallout (the sample's, repeated and renamed). */
function bigCharacter(skills: number, traits: number, fallouts: number) {
  const actor = sampleCharacter("en");
  const ofType = (type: string) => actor.items.filter((i) => i.type === type);
  const grow = (type: string, n: number) =>
    Array.from({ length: n }, (_, k) => {
      const base = ofType(type)[k % ofType(type).length];
      if (!base) throw new Error(`the sample has no ${type}`);
      return { ...base, id: `${type.slice(0, 3)}${String(k).padStart(13, "0")}`, name: `${base.name} ${k + 1}`, sort: k };
    });
  actor.items = [...grow("skill", skills), ...grow("trait", traits), ...grow("fallout", fallouts), ...ofType("lifepath")];
  return actor;
}

/** Of one render, in ms: all of it, and its steps (context, templates, into the DOM, then style and layout). */
export interface RenderTimes {
  total: number[];
  context: number[];
  templates: number[];
  insert: number[];
  layout: number[];
}

/**
 * The big character sheet opened, as the sheet does it (character-sheet.ts): its first render draws the header and
 * the active tab, the Skills tab, with the Skill rows that fill the window (FIRST_RENDER_SKILL_ROWS), the other tabs
 * empty; right after the first frame, the Skills part and the other tabs are drawn again, whole. Per-render times,
 * in ms, of each of `runs` openings: `first` (context, every part's template, into the window, laid out as on
 * screen: timeToLaidOut), and `rest` (those parts again, the same steps, the next frame). The window has the
 * sheet's default size; Foundry's stylesheet shows only the active tab.
 */
export async function timeBigSheet(
  runs: number,
  counts: { skills: number; traits: number; fallouts: number },
): Promise<{ first: RenderTimes; rest: RenderTimes; firstRows: number }> {
  const { i18n, compile } = renderKit();
  const actor = bigCharacter(counts.skills, counts.traits, counts.fallouts);
  const compiled = (id: string) => ({ id, template: compile(`sheets/actor/character/${id}.hbs`) });
  const header = compiled("header");
  const skills = compiled("skills");
  const others = ["drives", "fallout", "biography", "lifepaths"].map(compiled);
  const content = windowOf(["goldhack", "goldhack-sheet", "goldhack-actor-sheet", "goldhack-character-sheet", "goldhack-mode-play"], 720);
  // The sheet's default size (720 × 800, DEFAULT_OPTIONS.position), its content below a window header.
  content.style.height = "760px";
  content.style.overflowY = "auto";
  // Foundry's own stylesheet hides every tab but the active one (the preview shows each part alone and lacks the
  // rule): without it the browser would lay out all five tabs, which Foundry never does.
  const core = document.createElement("style");
  core.textContent = ".application .tab[data-tab]:not(.active) { display: none; }";
  document.head.append(core);
  const empty = (): RenderTimes => ({ total: [], context: [], templates: [], insert: [], layout: [] });
  const first = empty();
  const rest = empty();
  const view = (budget?: number) =>
    buildCharacterSheetContext(actor, {
      i18n, lang: "en", config, mode: "play", editable: true, activeTab: "skills",
      enriched: sampleEnriched(actor, "biography"), history: sampleTestHistory("en"), isGM: false,
      ...(budget === undefined ? {} : { skillRowBudget: budget }),
    });
  /** One render into the window, timed step by step into `into`; `draw` turns the context into the DOM. */
  const timed = async (into: RenderTimes, budget: number | undefined, draw: (context: ReturnType<typeof view>) => string, place: (html: string) => void): Promise<void> => {
    let context = 0;
    let templates = 0;
    const { total, work } = await timeToLaidOut(content, () => {
      const c0 = performance.now();
      const data = view(budget);
      const c1 = performance.now();
      const html = draw(data);
      const c2 = performance.now();
      place(html);
      context = c1 - c0;
      templates = c2 - c1;
    });
    into.total.push(total);
    into.context.push(context);
    into.templates.push(templates);
    into.insert.push(work - context - templates);
    into.layout.push(total - work);
  };
  let firstRows = 0;
  const open = async (): Promise<void> => {
    // A new window: the last opening's DOM, and the layout its removal asks for, are not this opening's cost.
    content.replaceChildren();
    settle(content);
    await timed(first, FIRST_RENDER_SKILL_ROWS, (data) => [header.template(data), skills.template(data), ...others.map((p) => p.template({ ...data, later: true }))].join(""), (html) => {
      content.innerHTML = html;
    });
    firstRows = content.querySelectorAll(".goldhack-skill").length;
    // The parts again, each replacing its root element as Foundry replaces a part's.
    await timed(rest, undefined, (data) => [skills, ...others].map((p) => p.template(data)).join(""), (html) => {
      const fresh = document.createElement("template");
      fresh.innerHTML = html;
      for (const part of [...fresh.content.children]) {
        const old = content.querySelector(`section[data-tab="${part.getAttribute("data-tab") ?? ""}"]`);
        if (!old) throw new Error(`no part for ${part.getAttribute("data-tab") ?? "?"}`);
        old.replaceWith(part);
      }
    });
  };
  for (let w = 0; w < 5; w++) await open();
  for (const list of [...Object.values(first), ...Object.values(rest)]) list.length = 0;
  for (let r = 0; r < runs; r++) await open();
  const shown = content.querySelectorAll(".goldhack-skill").length;
  if (shown !== counts.skills) throw new Error(`the sheet shows ${shown} Skills, not ${counts.skills}`);
  if (content.querySelector(".goldhack-skill-waiting, [data-goldhack-later]")) throw new Error("parts are still waiting");
  if (i18n.missing.size) throw new Error(`missing keys: ${[...i18n.missing].join(", ")}`);
  core.remove();
  content.closest(".application")?.remove();
  return { first, rest, firstRows };
}
