/**
 * A small real-DOM stand-in for ApplicationV2 + HandlebarsApplicationMixin, for windows tested by clicks
 * and form changes, in a happy-dom Window whose DOM classes are put on globalThis (the rest of the test
 * keeps Node's globals: the happy-dom vitest environment replaces URL, which breaks reading files). One file so the lead can swap it for the shared
 * harness. What it models, as Foundry documents it:
 * - DEFAULT_OPTIONS merged down the class chain (`actions` key by key); `id` from options;
 * - render({force}): nothing before the first forced render; then `_prepareContext`, each PART's template
 *   rendered (with the real handlebars, through `foundry.applications.handlebars.renderTemplate`) into
 *   the application's element (tag from options, a <form> here), then `_onRender(context, {isFirstRender})`;
 * - a click on an element carrying `data-action` inside the element calls `options.actions[name]` with
 *   the application as `this` and `(event, target)`;
 * - close(): `_onClose`, the element removed.
 * Guesses: Foundry wraps parts in a window frame (header, `.window-content`); here they sit straight in
 * the element, which is enough for our `querySelector` calls. Parts replace the whole content on every
 * render (Foundry replaces each part's element).
 */
import { Window } from "happy-dom";

type PlainObject = Record<string, unknown>;

const DOM_GLOBALS = ["document", "Element", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLButtonElement", "HTMLOptionElement", "FormData", "Event"] as const;

/** A fresh happy-dom page; its document and DOM classes become globals. */
export function installDom(): Window {
  const window = new Window({ url: "http://localhost/" });
  const g = globalThis as unknown as Record<string, unknown>;
  const w = window as unknown as Record<string, unknown>;
  for (const name of DOM_GLOBALS) g[name] = w[name];
  return window;
}
type Handler = (this: unknown, event: Event, target: HTMLElement) => unknown;

const isPlain = (v: unknown): v is PlainObject => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
function merge(target: PlainObject, source: PlainObject): PlainObject {
  for (const [key, value] of Object.entries(source)) target[key] = isPlain(value) ? merge(isPlain(target[key]) ? { ...target[key] } : {}, value) : value;
  return target;
}

/** Renders and handlers still running, so a test can wait for the page to settle. */
const inFlight = new Set<Promise<unknown>>();
const track = <T>(p: Promise<T>): Promise<T> => {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p)).catch(() => undefined);
  return p;
};

/** Every application rendered and not closed, by id (foundry.applications.instances). */
export const instances = new Map<string, DomApplicationV2>();
let counter = 0;

export class DomApplicationV2 {
  static DEFAULT_OPTIONS: PlainObject = { tag: "div", classes: [], window: {}, actions: {}, position: {} };
  static PARTS: PlainObject = {};
  readonly options: PlainObject;
  readonly id: string;
  readonly element: HTMLElement;
  #rendered = false;

  constructor(options: PlainObject = {}) {
    const chain: PlainObject[] = [];
    for (let c: unknown = this.constructor; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, "DEFAULT_OPTIONS")) chain.unshift((c as unknown as { DEFAULT_OPTIONS: PlainObject }).DEFAULT_OPTIONS);
    }
    this.options = merge(chain.reduce<PlainObject>((acc, o) => merge(acc, o), {}), options);
    this.id = typeof this.options.id === "string" ? this.options.id : `app-${++counter}`;
    this.element = document.createElement(String(this.options.tag ?? "div"));
    this.element.id = this.id;
    this.element.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
      if (!target || !this.element.contains(target)) return;
      const handler = (this.options.actions as Record<string, Handler | undefined>)[target.dataset.action ?? ""];
      if (!handler) return;
      event.preventDefault();
      void track(Promise.resolve(handler.call(this, event, target)));
    });
  }

  get rendered(): boolean {
    return this.#rendered;
  }

  async render(options: PlainObject | boolean = {}): Promise<this> {
    const opts = typeof options === "boolean" ? { force: options } : options;
    if (!this.#rendered && !opts.force) return this;
    return track(this.#render());
  }

  async #render(): Promise<this> {
    const isFirstRender = !this.#rendered;
    const context = await this._prepareContext({ isFirstRender });
    const parts = (this.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
    const g = globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate(p: string, c: object): Promise<string> } } } };
    const html: string[] = [];
    for (const [id, part] of Object.entries(parts)) html.push(`<div data-application-part="${id}">${await g.foundry.applications.handlebars.renderTemplate(part.template, context)}</div>`);
    this.element.innerHTML = html.join("");
    // happy-dom 21 mixes up the `selected` attribute of options across the selects of one innerHTML (a
    // later select reports an earlier one's value); a browser honours each, so set each option's selectedness.
    for (const option of this.element.querySelectorAll("option[selected]")) (option as HTMLOptionElement).selected = true;
    if (isFirstRender) document.body.append(this.element);
    this.#rendered = true;
    instances.set(this.id, this);
    await this._onRender(context, { isFirstRender });
    return this;
  }

  async close(): Promise<this> {
    this._onClose({});
    this.element.remove();
    this.#rendered = false;
    instances.delete(this.id);
    return this;
  }

  async _prepareContext(_options: PlainObject): Promise<PlainObject> {
    return {};
  }
  async _onRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  _onClose(_options: PlainObject): void {}
}

export function DomHandlebarsMixin(Base: typeof DomApplicationV2): typeof DomApplicationV2 {
  return class HandlebarsApplication extends Base {};
}

/** Puts the DOM application classes on `foundry.applications.api` (after installFoundry and installChatSupport). */
export function installDomApplications(): void {
  installDom();
  const g = globalThis as unknown as { foundry: { applications?: PlainObject } };
  const applications = (g.foundry.applications ??= {});
  applications.api = { ...(isPlain(applications.api) ? applications.api : {}), ApplicationV2: DomApplicationV2, HandlebarsApplicationMixin: DomHandlebarsMixin };
  applications.instances = instances;
  instances.clear();
}

/** Waits until no render or click handler is running (and `more` settles, e.g. the socket relay). */
export async function idle(more: () => Promise<void> = async () => undefined): Promise<void> {
  for (let quiet = 0; quiet < 3; ) {
    await more();
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (inFlight.size > 0) {
      quiet = 0;
      await Promise.allSettled([...inFlight]);
    } else quiet += 1;
  }
}

/** Clicks an element as a user would. */
export function click(element: Element | null): void {
  if (!(element instanceof HTMLElement)) throw new Error("nothing to click");
  element.click();
}

/** Sets a field's value (or ticks a checkbox) and fires the change event a user's edit fires. */
export function change(element: Element | null, value: string | boolean): void {
  if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === true;
  else if (element instanceof HTMLSelectElement) {
    // As a user picks an option. (happy-dom 21's `select.value = …` also changed other selects of the form.)
    const option = [...element.options].find((o) => o.value === String(value));
    if (!option) throw new Error(`no option ${String(value)}`);
    for (const o of element.options) o.selected = o === option;
  } else if (element instanceof HTMLInputElement) element.value = String(value);
  else throw new Error("no field to change");
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}
