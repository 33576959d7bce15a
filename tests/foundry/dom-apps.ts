/**
 * DOM glue for window tests (kept in one file so a fuller harness can replace it): ApplicationV2 as the
 * stand-in in applications.ts, plus what a user meets in a real DOM (happy-dom): each render puts the
 * parts' HTML, rendered by the real handlebars with our real templates and partials, into the
 * application's element in `document.body`; a click anywhere in it runs the action of the nearest
 * `[data-action]` element with (event, target), as Foundry dispatches; `close()` removes it and calls
 * `_onClose`. Each element is marked with the user whose client opened it (`data-user`), since the test
 * world runs several clients in one page. Unsure: Foundry's exact element markup (window header, frame)
 * is not modelled; only the parts' content is.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { HandlebarsApplicationMixin, installApplications, setTemplateRenderer, StandInApplicationV2 } from "./applications";
import { runAsClient, state } from "./documents-core";
import type Handlebars from "handlebars";
import { Window } from "happy-dom";
import { createHandlebars } from "./handlebars";

type PlainObject = Record<string, unknown>;

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const allTemplates = (dir = TEMPLATES): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));

/**
 * A happy-dom window whose DOM classes and `document` become globals (the test environment stays
 * node's, so node's URL and file reads keep working for the other stand-ins).
 */
function installDom(): void {
  const window = new Window();
  const g = globalThis as unknown as Record<string, unknown>;
  for (const name of ["document", "Element", "HTMLElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "Event", "CSS"]) {
    g[name] = (window as unknown as Record<string, unknown>)[name];
  }
}

/** Action handlers still running from clicks, so a test can wait for them. */
const running = new Set<Promise<unknown>>();

export class DomApplicationV2 extends StandInApplicationV2 {
  element!: HTMLElement;
  /** The user whose client this window is on. */
  readonly owner = state.user;
  closed = false;

  override async render(options: PlainObject = {}): Promise<this> {
    await super.render(options);
    if (!this.element || this.closed) {
      this.closed = false;
      const element = document.createElement(String(this.options.tag ?? "div"));
      element.id = this.id;
      element.className = ["application", ...((this.options.classes as string[]) ?? [])].join(" ");
      element.dataset.user = this.owner.id;
      element.addEventListener("click", (event) => this.#dispatch(event));
      document.body.append(element);
      this.element = element;
    }
    this.element.innerHTML = Object.values(this.parts).join("");
    return this;
  }

  #dispatch(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
    const name = target?.dataset.action;
    const handler = name ? this.action(name) : undefined;
    if (!target || !handler) return;
    const run = Promise.resolve(runAsClient(this.owner, () => handler.call(this, event, target)));
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  async close(): Promise<this> {
    this.element?.remove();
    this.closed = true;
    this._onClose({});
    return this;
  }

  _onClose(_options: PlainObject): void {}
}

/**
 * Installs the application stand-ins with DOM rendering, keeping `renderTemplate` (chat cards) if
 * installed. Templates render in `lang`.
 */
export function installDomApplications(lang: "en" | "es" = "en"): void {
  const g = globalThis as unknown as { foundry: { applications?: { handlebars?: PlainObject; api?: PlainObject } } };
  installDom();
  const renderTemplate = g.foundry.applications?.handlebars?.renderTemplate;
  installApplications();
  const apps = g.foundry.applications as { handlebars: PlainObject; api: PlainObject };
  apps.api.ApplicationV2 = DomApplicationV2;
  apps.api.HandlebarsApplicationMixin = HandlebarsApplicationMixin;
  if (renderTemplate) apps.handlebars.renderTemplate = renderTemplate;
  const { hbs } = createHandlebars(lang);
  for (const file of allTemplates()) hbs.registerPartial(`systems/goldhack/templates/${relative(TEMPLATES, file)}`, readFileSync(file, "utf8"));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  setTemplateRenderer((path, context) => {
    let template = compiled.get(path);
    if (!template) compiled.set(path, (template = hbs.compile(readFileSync(join(TEMPLATES, path.replace(/^systems\/goldhack\/templates\//, "")), "utf8"))));
    return template(context);
  });
  document.body.innerHTML = "";
}

/** Waits until clicks' handlers, and what they set going, have finished. */
export async function settleDom(extra: () => Promise<void> = async () => undefined): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await Promise.allSettled([...running]);
    await extra();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** What a user does: clicks an element, on their own client. */
export function click(element: Element | null | undefined): void {
  if (!(element instanceof HTMLElement)) throw new Error("nothing to click");
  const user = state.users.get(element.closest<HTMLElement>("[data-user]")?.dataset.user ?? "") ?? state.user;
  runAsClient(user, () => element.click());
}

/** What a user does: picks or types a value, as a change event. */
export function change(element: Element | null | undefined, value: string): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) throw new Error("no control to change");
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}
