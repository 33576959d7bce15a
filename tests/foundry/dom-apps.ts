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
import "./dom-env";
import { createHandlebars } from "./handlebars";

type PlainObject = Record<string, unknown>;
type ActionHandler = (this: unknown, event: unknown, target: unknown) => unknown;

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const allTemplates = (dir = TEMPLATES): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));

/** Action handlers still running from clicks, so a test can wait for them. */
const running = new Set<Promise<unknown>>();

export class DomApplicationV2 extends StandInApplicationV2 {
  /** The user whose client this window is on. */
  readonly owner = state.user;

  override render(options: PlainObject | boolean = {}): Promise<this> {
    return runAsClient(this.owner, async () => {
      await super.render(options);
      if (this.rendered) this.element.dataset.user = this.owner.id;
      return this;
    });
  }

  /** The stand-in's click dispatch finds handlers here: each runs on the window owner's client. */
  override action(name: string): ActionHandler | undefined {
    const handler = super.action(name);
    if (!handler) return undefined;
    const owner = this.owner;
    return function (this: unknown, event: unknown, target: unknown) {
      const run = Promise.resolve(runAsClient(owner, () => handler.call(this, event, target)));
      running.add(run);
      void run.finally(() => running.delete(run));
      return run;
    };
  }
}

/**
 * Installs the application stand-ins with DOM rendering, keeping `renderTemplate` (chat cards) if
 * installed. Templates render in `lang`.
 */
export function installDomApplications(lang: "en" | "es" = "en"): void {
  const g = globalThis as unknown as { foundry: { applications?: { handlebars?: PlainObject; api?: PlainObject } } };
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
