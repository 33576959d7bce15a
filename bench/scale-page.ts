/// <reference types="vite/client" />
/**
 * Loaded into the preview page by scale.bench.ts (browser-only; no Node imports). Three costs that grow with a
 * campaign, each timed as a user meets it, our code included (context builders, not only templates):
 * - the chat log: re-rendering many cards, each built from its data by the card's own builder, drawn by its
 *   template and put into the log;
 * - the Test dialog: a keystroke in the Ob field, the dialog's own form reading, state, view and summary and
 *   footer templates, until the new pool, Ob and odds are laid out on screen;
 * - a big character sheet: context and every part's template, into the window.
 */
import Handlebars from "handlebars";
import { computeTestDialog, initialSelections } from "../src/applications/dialogs/test-dialog-state";
import { testDialogView } from "../src/applications/dialogs/test-dialog-context";
import { selectionsFromForm } from "../src/applications/dialogs/test-dialog-selections";
import { buildCharacterSheetContext } from "../src/applications/sheets/character-context";
import { createConfig } from "../src/config";
import { FIXTURES } from "../preview/fixtures";
import { sampleActor } from "../preview/fixtures/test-dialog";
import { sampleCharacter, sampleEnriched, sampleTestHistory } from "../preview/sample-data";
import { registerFoundryHelpers } from "../tests/foundry/handlebars-core";
import { type LangTree, StandInI18n } from "../tests/foundry/i18n-core";

const templates = import.meta.glob<string>("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });
const langs = import.meta.glob<LangTree>("../lang/*.json", { import: "default", eager: true });
const config = createConfig();

function setup(): { hbs: typeof Handlebars; i18n: StandInI18n; compile(path: string): HandlebarsTemplateDelegate } {
  const hbs = Handlebars.create();
  const tree = langs["../lang/en.json"];
  if (!tree) throw new Error("no language file");
  const i18n = new StandInI18n("en", tree);
  registerFoundryHelpers(hbs, i18n);
  for (const [path, source] of Object.entries(templates)) hbs.registerPartial(`systems/goldhack/${path.replace("../", "")}`, source);
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const compile = (path: string): HandlebarsTemplateDelegate => {
    const source = templates[`../templates/${path}`];
    if (source === undefined) throw new Error(`no template ${path}`);
    const known = compiled.get(path) ?? hbs.compile(source);
    compiled.set(path, known);
    return known;
  };
  return { hbs, i18n, compile };
}

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
 * The kinds of chat card the log holds, as the preview's fixture ids start (each fixture builds its card's context
 * from data with the card's own builder): Test cards, request cards and group Test cards.
 */
export const CARD_KINDS: readonly string[] = ["test-card-", "request-card-", "group-card-"];

/** Of one kind of card: how many states its fixtures show, and how many of the log's cards are of it. */
export interface CardKindCount {
  states: number;
  cards: number;
}

/** Per-card time, in ms, of each of `runs` re-renders of a log of `count` cards cycling through every card state. */
export async function timeChatLog(count: number, runs: number): Promise<{ perCard: number[]; kinds: Record<string, CardKindCount> }> {
  const { i18n, compile } = setup();
  const fixtures = FIXTURES.filter((f) => CARD_KINDS.some((k) => f.id.startsWith(k)));
  const kindOf = (id: string): string => CARD_KINDS.find((k) => id.startsWith(k)) ?? "";
  const kinds: Record<string, CardKindCount> = Object.fromEntries(CARD_KINDS.map((k) => [k, { states: fixtures.filter((f) => kindOf(f.id) === k).length, cards: 0 }]));
  for (let i = 0; i < count; i++) {
    const kind = kinds[kindOf(fixtures[i % fixtures.length]?.id ?? "")];
    if (kind) kind.cards += 1;
  }
  for (const [k, n] of Object.entries(kinds)) if (n.states === 0) throw new Error(`the preview has no ${k}* card fixtures`);
  const log = document.createElement("ol");
  log.className = "chat-log";
  windowOf(["sidebar-tab", "chat-sidebar"], 300).append(log);
  const render = async (): Promise<void> => {
    log.replaceChildren();
    for (let i = 0; i < count; i++) {
      const fixture = fixtures[i % fixtures.length];
      if (!fixture) throw new Error("no card fixtures");
      const li = document.createElement("li");
      li.className = ["chat-message", "message", ...fixture.classes].join(" ");
      li.innerHTML = `<div class="message-content">${compile(fixture.template)(await fixture.context(i18n))}</div>`;
      log.append(li);
    }
    settle(log);
  };
  for (let w = 0; w < 2; w++) await render();
  const perCard: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await render();
    perCard.push((performance.now() - t0) / count);
  }
  if (i18n.missing.size) throw new Error(`missing keys: ${[...i18n.missing].join(", ")}`);
  return { perCard, kinds };
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
  const { i18n, compile } = setup();
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

/**
 * Per-render times, in ms, of the whole character sheet (header and every tab) for a big character: context, every
 * part's template, into the window, laid out. The Skills tab's Type groups are laid out by the browser only when on
 * screen (content-visibility): the window is 720 px wide and as tall as its content, in a 1000 px viewport, so the
 * groups below are laid out when scrolled to, as in Foundry. `everyGroup` lays them all out now (what scrolling through
 * the whole tab costs in all), for comparison.
 */
export function timeBigSheet(runs: number, counts: { skills: number; traits: number; fallouts: number }, everyGroup = false): { total: number[]; context: number[]; layout: number[] } {
  const { i18n, compile } = setup();
  const actor = bigCharacter(counts.skills, counts.traits, counts.fallouts);
  const parts = ["header", "skills", "drives", "fallout", "biography", "lifepaths"].map((p) => compile(`sheets/actor/character/${p}.hbs`));
  const content = windowOf(["goldhack", "goldhack-sheet", "goldhack-actor-sheet", "goldhack-character-sheet", "goldhack-mode-play"], 720);
  // Foundry's own stylesheet hides every tab but the active one (the preview shows each part alone and lacks the
  // rule): without it the browser would lay out all five tabs, which Foundry never does.
  const core = document.createElement("style");
  core.textContent = `.application .tab[data-tab]:not(.active) { display: none; }${everyGroup ? " .goldhack-skill-group { content-visibility: visible !important; }" : ""}`;
  document.head.append(core);
  const contextTimes: number[] = [];
  const layoutTimes: number[] = [];
  const render = (): void => {
    const c0 = performance.now();
    const context = buildCharacterSheetContext(actor, {
      i18n, lang: "en", config, mode: "play", editable: true, activeTab: "skills",
      enriched: sampleEnriched(actor, "biography"), history: sampleTestHistory("en"), isGM: false,
    });
    const c1 = performance.now();
    const html = parts.map((p) => p(context)).join("");
    const c2 = performance.now();
    content.innerHTML = html;
    settle(content);
    contextTimes.push(c1 - c0);
    layoutTimes.push(performance.now() - c2);
  };
  for (let w = 0; w < 5; w++) render();
  contextTimes.length = 0;
  layoutTimes.length = 0;
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    render();
    times.push(performance.now() - t0);
  }
  const shown = content.querySelectorAll("[data-item-id]").length;
  if (shown < counts.skills) throw new Error(`the sheet shows ${shown} items, fewer than ${counts.skills} Skills`);
  if (i18n.missing.size) throw new Error(`missing keys: ${[...i18n.missing].join(", ")}`);
  return { total: times, context: contextTimes, layout: layoutTimes };
}
