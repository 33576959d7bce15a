/// <reference types="vite/client" />
/**
 * Browser-only (loaded into the preview page with a dynamic import, no Node imports): our templates compiled by
 * the real handlebars with the stand-in's Foundry helpers and English strings, and a chat log filled with every
 * card the preview shows, each built from its data by the card's own code. Shared by the chat-log browser test and
 * the scale bench (bench/scale-page.ts), so both look at the same log.
 */
import Handlebars from "handlebars";
import { FIXTURES } from "../../preview/fixtures";
import type { PreviewFixture } from "../../preview/fixture";
import { registerFoundryHelpers } from "../foundry/handlebars-core";
import { type LangTree, StandInI18n } from "../foundry/i18n-core";

const templates = import.meta.glob<string>("../../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });
const langs = import.meta.glob<LangTree>("../../lang/*.json", { import: "default", eager: true });

export interface RenderKit {
  i18n: StandInI18n;
  /** A template under templates/ (e.g. "chat/test-card.hbs"), compiled once. */
  compile(path: string): HandlebarsTemplateDelegate;
}

/** Every template registered as a partial under its Foundry path, as the system's init does. */
export function renderKit(): RenderKit {
  const hbs = Handlebars.create();
  const tree = langs["../../lang/en.json"];
  if (!tree) throw new Error("no language file");
  const i18n = new StandInI18n("en", tree);
  registerFoundryHelpers(hbs, i18n);
  for (const [path, source] of Object.entries(templates)) hbs.registerPartial(`systems/goldhack/${path.replace("../../", "")}`, source);
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const compile = (path: string): HandlebarsTemplateDelegate => {
    const source = templates[`../../templates/${path}`];
    if (source === undefined) throw new Error(`no template ${path}`);
    const known = compiled.get(path) ?? hbs.compile(source);
    compiled.set(path, known);
    return known;
  };
  return { i18n, compile };
}

/**
 * The kinds of chat card a log holds, as the preview's fixture ids start: Test cards, request cards and group
 * Test cards.
 */
export const CARD_KINDS: readonly string[] = ["test-card-", "request-card-", "group-card-"];

/** The preview's card fixtures, every state of every kind. */
export const cardFixtures = (): PreviewFixture[] => FIXTURES.filter((f) => CARD_KINDS.some((k) => f.id.startsWith(k)));

/** Time spent, in ms, building cards' contexts and drawing their templates. */
export interface CardWork {
  context: number;
  templates: number;
}

/**
 * Appends `count` messages to `log`, cycling through `fixtures`, each as Foundry draws a message: an
 * `li.chat-message` with the card in its `.message-content`.
 */
export async function fillChatLog(log: HTMLElement, count: number, kit: RenderKit, fixtures = cardFixtures()): Promise<CardWork> {
  const work: CardWork = { context: 0, templates: 0 };
  for (let i = 0; i < count; i++) {
    const fixture = fixtures[i % fixtures.length];
    if (!fixture) throw new Error("no card fixtures");
    const c0 = performance.now();
    const data = await fixture.context(kit.i18n);
    const c1 = performance.now();
    const html = kit.compile(fixture.template)(data);
    work.templates += performance.now() - c1;
    work.context += c1 - c0;
    const li = document.createElement("li");
    li.className = ["chat-message", "message", ...fixture.classes].join(" ");
    li.dataset.fixture = fixture.id;
    li.innerHTML = `<div class="message-content">${html}</div>`;
    log.append(li);
  }
  return work;
}

/** The sidebar's chat log in the preview page: `width` × `height` px, scrolling, empty. */
export function chatLogIn(root: HTMLElement, width = 300, height = 700): HTMLOListElement {
  const app = document.createElement("div");
  app.className = "application preview-window sidebar-tab chat-sidebar";
  app.style.width = `${width}px`;
  const content = document.createElement("section");
  content.className = "window-content";
  const log = document.createElement("ol");
  log.className = "chat-log";
  log.style.height = `${height}px`;
  log.style.overflowY = "auto";
  content.append(log);
  app.append(content);
  root.append(app);
  return log;
}
