/**
 * Small stand-ins for Foundry v13's application classes: enough to import our sheets and dialogs, read
 * their merged options, and drive them through render, clicks, keys, drops and form changes in a real DOM.
 *
 * Two ways to use them:
 * - Without a DOM (the `node` test environment): `render` fills `parts` with each part's HTML string, and
 *   `click(name, dataset)` / `submit(values)` call the handlers directly. Kept for older tests.
 * - With a DOM (`// @vitest-environment happy-dom` in the test file): `render` also builds `element` as
 *   Foundry does and runs the lifecycle below; tests then click, type and press keys on real elements
 *   and `await app.idle()` for the handlers those events started.
 *
 * Behaviour kept faithful to Foundry v13's documented behaviour, because tests rely on it:
 * - DEFAULT_OPTIONS is declared per class and merged down the class chain at construction (subclass
 *   wins, `actions` objects merge key by key, `classes` arrays are joined, base first); PARTS is a plain
 *   static, so a subclass's replaces its base's.
 * - render: `_configureRenderOptions`, `_canRender` (false cancels), `_prepareContext`, for each part
 *   `_preparePartContext(partId, context, options)` then its template, `_preRender`; on the first render the
 *   frame (`<tag id class="application …">` with a header holding a close button and a
 *   `section.window-content`); each part's single root element replaces the same part's old one (marked
 *   `data-application-part`), then `_attachPartListeners(partId, element, options)`; then `_onFirstRender`,
 *   `_onRender`, and the `render<ClassName>` hook for every class of the chain (callAll).
 * - A part template must render exactly one element, as HandlebarsApplicationMixin requires.
 * - Clicks are delegated from the application's element: the nearest ancestor-or-self with `data-action`
 *   is the target; its handler from `options.actions` runs with the application as `this` and
 *   `(event, target)`; only the primary button unless the action lists others in `buttons`. Built-in
 *   actions: `close`, `tab` (ApplicationV2), `editImage` (DocumentSheetV2, on an `<img data-edit>` only:
 *   it throws otherwise, as foundryvtt issue 11719 reports). Unknown actions go to `_onClickAction`.
 * - A `<form>` application listens for `submit` (FormDataExtended of the form → `options.form.handler`,
 *   then close when `closeOnSubmit`) and `change` (`_onChangeForm`, which submits when `submitOnChange`).
 *   DocumentSheetV2's handler: `_processFormData` expands dotted keys, then `document.update`.
 * - ActorSheetV2 drops: the drag data is read from `text/plain`; `Hooks.call("dropActorSheetData", actor,
 *   sheet, data)` is called and its answer ignored (a `false` is not documented to stop a V2 sheet's drop);
 *   an Item goes to `_onDropItem(event, item)`, which creates one from elsewhere on the actor from its
 *   `toObject()` and treats one from the same actor as a sort (nothing created).
 * - close: `_preClose`, the `close<ClassName>` hooks, the element removed, `_onClose`.
 *
 * Where unsure of Foundry's behaviour (said again at each place):
 * - Foundry refuses a first render without `force: true`; this stand-in renders anyway, for older tests.
 * - Foundry restores scroll positions and the focused element across a part's re-render; here the part
 *   is replaced and focus is lost unless the application restores it.
 * - Whether `_preparePartContext` receives the shared context or a copy: here a shallow copy per part,
 *   so what one part adds is not seen by another (code must not rely on either).
 * - FormDataExtended: named controls that are not disabled; checkboxes as booleans, number inputs as
 *   numbers (null when blank), `<img data-edit>` as its src. Foundry's has more options (dtypes, editors).
 * - Where an application mounts: v13 appends it to the main document's body. In v14 a window may pop
 *   out into another browser window, so code must use its element's `ownerDocument`; `setMountDocument`
 *   mounts into another Document to check that (docs/foundry-facts.md › Pop-out windows are another realm).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { isElement, isForm, isHTMLElement, isInput, isSelect } from "../../src/applications/api/dom-kinds";
import { expandObject, getProperty } from "./foundry-utils";
import { createHandlebars } from "./handlebars";
import { pageSheetClasses } from "./documents-journal";
import { makeJournalSheets, PAGE_FOOTER_TEMPLATE, PAGE_HEADER_TEMPLATE, pageFooter, pageHeader } from "./journal-sheets";

type PlainObject = Record<string, unknown>;
type ActionHandler = (this: unknown, event: unknown, target: unknown) => unknown;

const isPlain = (v: unknown): v is PlainObject => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

function merge(target: PlainObject, source: PlainObject): PlainObject {
  for (const [key, value] of Object.entries(source)) {
    if (key === "classes" && Array.isArray(value)) target[key] = [...new Set([...(Array.isArray(target[key]) ? (target[key] as unknown[]) : []), ...value])];
    else target[key] = isPlain(value) ? merge(isPlain(target[key]) ? { ...target[key] } : {}, value) : value;
  }
  return target;
}

/** Any class, as a value. */
export type AnyClass = abstract new (...args: never[]) => unknown;

/** The classes from `cls` up to (not including) Function.prototype, base first. */
export function classChain(cls: unknown): AnyClass[] {
  const chain: AnyClass[] = [];
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c as AnyClass);
  return chain;
}

/** DEFAULT_OPTIONS merged down the class chain, as ApplicationV2 does before construction. */
export function mergedDefaultOptions(cls: unknown): PlainObject {
  return classChain(cls).reduce<PlainObject>((acc, c) => (Object.hasOwn(c, "DEFAULT_OPTIONS") ? merge(acc, (c as unknown as { DEFAULT_OPTIONS: PlainObject }).DEFAULT_OPTIONS) : acc), {});
}

/** How a part's template becomes HTML; tests give real handlebars (see useRealTemplates). */
export type TemplateRenderer = (path: string, context: PlainObject) => string;
let renderer: TemplateRenderer = () => {
  throw new Error("no template renderer installed: call setTemplateRenderer() or useRealTemplates()");
};
export function setTemplateRenderer(fn: TemplateRenderer): void {
  renderer = fn;
}

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
function allTemplates(dir = TEMPLATES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}

/**
 * Our real templates with the real handlebars (and stand-ins for Foundry's helpers), every template
 * also registered as a partial under its system path, as Foundry's loadTemplates does. Returns the
 * language stand-in, whose `missing` lists keys a render asked for that the language file lacks.
 */
export function useRealTemplates(lang: "en" | "es" = "en") {
  const { hbs, i18n } = createHandlebars(lang);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  for (const file of allTemplates()) {
    const path = `systems/goldhack/templates/${relative(TEMPLATES, file)}`;
    const source = readFileSync(file, "utf8");
    hbs.registerPartial(path, source);
    compiled.set(path, hbs.compile(source));
  }
  const render: TemplateRenderer = (path, context) => {
    const template = compiled.get(path);
    if (!template) throw new Error(`no template ${path}`);
    return template(context);
  };
  setTemplateRenderer(render);
  return { render, i18n };
}

/** Foundry's own part templates the stand-ins draw (journal page headers and footers), by path: markup of our reading. */
export const coreTemplates = new Map<string, TemplateRenderer>([
  [PAGE_HEADER_TEMPLATE, (_path, context) => pageHeader(context)],
  [PAGE_FOOTER_TEMPLATE, () => pageFooter()],
]);

let mountDocument: Document | null = null;
/** Where windows mount after installApplications() or setMountDocument(null): a file's pop-out in its popped-out variant (popped-out.ts). */
let defaultMount: Document | null = null;
/** How many windows were first drawn in the main document and in another one (a pop-out), since the file began. */
export const mounts = { main: 0, other: 0 };
/** Mounts new windows into this Document (a popped-out window in v14), or the global one when null. */
export function setMountDocument(doc: Document | null): void {
  mountDocument = doc ?? defaultMount;
}

/**
 * Makes `doc` where windows mount from now on, also after installApplications() (null: the main document).
 * For a popped-out variant, whose world may be rebuilt within a test or between awaits of a setup.
 */
export function setDefaultMountDocument(doc: Document | null): void {
  defaultMount = doc;
  mountDocument = doc;
}

const hasDom = (): boolean => typeof globalThis.document !== "undefined";
let counter = 0;

/** Foundry's names for the classes these stand-ins replace, as its render and close hooks use them. */
const FOUNDRY_NAMES = new Map<unknown, string>();

/** Work in flight in any application (handlers events started, renders), for `idleAll`. */
const pendingEverywhere = new Set<Promise<unknown>>();

/**
 * Waits until no application has work in flight and `more` (e.g. the socket relay's idle) is quiet, then
 * one macrotask more with nothing new (so a chain a hook started without awaiting can reach a render).
 * For tests with several windows (or windows on several clients); one window's `idle()` is enough otherwise.
 */
export async function idleAll(more: () => Promise<void> = async () => undefined): Promise<void> {
  for (;;) {
    await more();
    if (pendingEverywhere.size) {
      await Promise.allSettled([...pendingEverywhere]);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (pendingEverywhere.size === 0) {
      await more();
      if (pendingEverywhere.size === 0) return;
    }
  }
}

/** foundry.applications.instances: every rendered application by id. */
export const instances = new Map<string, StandInApplicationV2>();

/** The last file pickers opened (by `editImage`), newest last; a test "picks" by calling `callback`. */
export const filePickers: StandInFilePicker[] = [];
export class StandInFilePicker {
  constructor(readonly options: { type?: string; current?: string; callback?: (path: string) => unknown }) {
    filePickers.push(this);
  }
  async browse(): Promise<this> {
    return this;
  }
  /** The user picks a file. */
  async pick(path: string): Promise<void> {
    await this.options.callback?.(path);
  }
}

/** FormDataExtended: see the notes at the top. */
export class StandInFormDataExtended {
  readonly object: PlainObject = {};
  constructor(form: HTMLFormElement) {
    for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input[name], select[name], textarea[name]")) {
      if (control.disabled) continue;
      const name = control.name;
      if (isInput(control)) {
        if (control.type === "checkbox") this.object[name] = control.checked;
        else if (control.type === "radio") {
          if (control.checked) this.object[name] = control.value;
        } else if (control.type === "number" || control.type === "range") this.object[name] = control.value === "" ? null : Number(control.value);
        else if (control.type !== "submit" && control.type !== "button") this.object[name] = control.value;
      } else if (isSelect(control) && control.dataset.dtype === "Number") this.object[name] = control.value === "" ? null : Number(control.value);
      else this.object[name] = control.value;
    }
    for (const img of form.querySelectorAll<HTMLImageElement>("img[data-edit]")) if (img.dataset.edit) this.object[img.dataset.edit] = img.getAttribute("src");
  }
}

/** TextEditor.getDragEventData: the JSON a drag put in `text/plain`, or {}. */
export function getDragEventData(event: DragEvent): PlainObject {
  try {
    const data: unknown = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "");
    return isPlain(data) ? data : {};
  } catch {
    return {};
  }
}

export class StandInApplicationV2 {
  static DEFAULT_OPTIONS: PlainObject = { id: "app-{id}", classes: [], tag: "div", window: { frame: true, title: "" }, actions: {}, position: {} };
  readonly options: PlainObject;
  readonly id: string;
  /** The rendered HTML of each part, by part id, from the last render that drew it. */
  parts: Record<string, string> = {};
  renderCount = 0;
  /** Each render's parts, in order (what a partial render redrew). */
  readonly renders: string[][] = [];
  /** The active tab of each tab group. */
  tabGroups: Record<string, string | null> = {};
  #element: HTMLElement | null = null;
  #closed = false;
  #pending = new Set<Promise<unknown>>();

  constructor(options: PlainObject = {}) {
    this.options = merge(mergedDefaultOptions(this.constructor), options);
    this.id = String(this.options.id ?? "app-{id}").replace("{id}", String(++counter));
    // Foundry sets each group's initial tab from static TABS (exactly when is not documented: here at once).
    const tabs = (this.constructor as { TABS?: Record<string, { initial?: string }> }).TABS ?? {};
    for (const [group, config] of Object.entries(tabs)) this.tabGroups[group] = config.initial ?? null;
  }

  get rendered(): boolean {
    return this.renderCount > 0 && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * The application's root element (after the first render in a DOM). Before that Foundry's getter gives
   * nothing rather than throwing (code such as the hack editor checks for it), so this does too.
   */
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  get form(): HTMLFormElement | null {
    return isForm(this.#element) ? this.#element : null;
  }

  get title(): string {
    const window = this.options.window as { title?: string } | undefined;
    return window?.title ?? "";
  }

  /** Waits until every handler started by an event (and every render they asked for) has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size) await Promise.allSettled([...this.#pending]);
  }

  /** Runs `work` as part of this application's pending work; its error is rethrown by nobody, so kept here. */
  protected _track(work: unknown): void {
    if (!(work instanceof Promise)) return;
    const p = work.catch((error: unknown) => {
      this.errors.push(error);
    });
    this.#pending.add(p);
    pendingEverywhere.add(p);
    void p.finally(() => {
      this.#pending.delete(p);
      pendingEverywhere.delete(p);
    });
  }

  readonly #listeners = new Map<string, ((event: Event) => void)[]>();

  /**
   * ApplicationV2 is an EventEmitter in v13 (EventEmitterMixin): "render" after each render, "close" after
   * close. Other events (position) are not modelled.
   */
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.#listeners.set(type, (this.#listeners.get(type) ?? []).filter((l) => l !== listener));
  }

  #emit(type: string): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(new Event(type));
  }

  /** Foundry raises the window above the others (z-index); the stand-in has no stacking to change. */
  bringToFront(): void {}

  /** Errors thrown by handlers that events started (Foundry logs them; tests read them here). */
  readonly errors: unknown[] = [];

  /** Renders (see the notes at the top); `idle()` also waits for renders nobody awaited. */
  render(options: PlainObject | boolean = {}): Promise<this> {
    const work = this.#render(options);
    this._track(work);
    return work;
  }

  async #render(options: PlainObject | boolean): Promise<this> {
    const given: PlainObject = typeof options === "boolean" ? { force: options } : options;
    if (this.#closed && !given.force) return this;
    // Foundry ignores render() before the first forced one; this stand-in renders anyway (older tests).
    const opts: PlainObject = { ...given, isFirstRender: this.renderCount === 0 || this.#closed };
    if (opts.isFirstRender) this.#closed = false;
    this._configureRenderOptions(opts);
    if (this._canRender(opts) === false) return this;
    const parts = this._configureRenderParts(opts);
    const which = Array.isArray(opts.parts) ? (opts.parts as string[]).filter((id) => id in parts) : Object.keys(parts);
    const context = await this._prepareContext(opts);
    const html: Record<string, string> = {};
    for (const id of which) {
      const partContext = await this._preparePartContext(id, { ...context }, opts);
      const path = String((parts[id] as PlainObject).template);
      html[id] = (coreTemplates.get(path) ?? renderer)(path, partContext);
      this.parts[id] = html[id];
    }
    this.renders.push(which);
    await this._preRender(context, opts);
    if (hasDom()) this.#renderDom(html, context, opts);
    this.renderCount += 1;
    instances.set(this.id, this);
    if (hasDom()) {
      if (opts.isFirstRender) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
      for (const cls of classChain(this.constructor)) {
        const name = FOUNDRY_NAMES.get(cls) ?? cls.name;
        if (name) (globalThis as unknown as { Hooks?: { callAll(n: string, ...a: unknown[]): unknown } }).Hooks?.callAll(`render${name}`, this, this.element, context, opts);
      }
    }
    this.#emit("render");
    return this;
  }

  #renderDom(html: Record<string, string>, _context: PlainObject, options: PlainObject): void {
    // A window opened again after its close is drawn where new windows go now, not in the document it was in.
    const doc = (options.isFirstRender ? null : this.#element?.ownerDocument) ?? mountDocument ?? globalThis.document;
    if (!this.#element || options.isFirstRender) {
      this.#element = this.#renderFrame(doc);
      mounts[doc === globalThis.document ? "main" : "other"]++;
    }
    const content = this.#element.querySelector<HTMLElement>(":scope > .window-content") ?? this.#element;
    const order = Object.keys(this._configureRenderParts(options));
    for (const [id, source] of Object.entries(html)) {
      const template = doc.createElement("template");
      template.innerHTML = source.trim();
      const roots = [...template.content.children];
      if (roots.length !== 1) throw new Error(`Template part "${id}" must render a single HTML element (it rendered ${roots.length})`);
      const part = roots[0] as HTMLElement;
      part.dataset.applicationPart = id;
      // happy-dom 21 mixes up the `selected` attribute of options across several selects parsed together (a
      // later select reports an earlier one's value); a browser honours each, so set each option's selectedness.
      for (const option of part.querySelectorAll("option[selected]")) (option as HTMLOptionElement).selected = true;
      const old = content.querySelector(`:scope > [data-application-part="${id}"]`);
      if (old) old.replaceWith(part);
      else {
        const next = order.slice(order.indexOf(id) + 1).map((n) => content.querySelector(`:scope > [data-application-part="${n}"]`)).find((e) => e);
        content.insertBefore(part, next ?? null);
      }
      // happy-dom 21 mixes up the `selected` attribute of options across the selects parsed together (a
      // later select reports an earlier one's value); a browser honours each, so set each option's selectedness.
      for (const option of part.querySelectorAll<HTMLOptionElement>("option[selected]")) option.selected = true;
      this._attachPartListeners(id, part, options);
    }
  }

  #renderFrame(doc: Document): HTMLElement {
    this.#element?.remove();
    const element = doc.createElement(String(this.options.tag ?? "div"));
    element.id = this.id;
    element.classList.add("application", ...((this.options.classes as string[] | undefined) ?? []));
    const frame = (this.options.window as { frame?: boolean } | undefined)?.frame !== false;
    if (frame) {
      const header = doc.createElement("header");
      header.className = "window-header";
      const title = doc.createElement("h1");
      title.className = "window-title";
      title.textContent = this.title;
      const close = doc.createElement("button");
      close.type = "button";
      close.dataset.action = "close";
      close.setAttribute("aria-label", "Close Window");
      header.append(title, close);
      const content = doc.createElement("section");
      content.className = "window-content";
      element.append(header, content);
    }
    element.addEventListener("click", (event) => this.#onClick(event));
    if (isForm(element)) {
      element.addEventListener("submit", (event) => {
        event.preventDefault();
        this._track(this._onSubmitForm(this.options.form as PlainObject | undefined, event));
      });
      element.addEventListener("change", (event) => this._track(this._onChangeForm(this.options.form as PlainObject | undefined, event)));
    }
    this._attachFrameListeners(element);
    doc.body.append(element);
    return element;
  }

  /** Extra listeners on the frame (ActorSheetV2's drop handling uses it). */
  protected _attachFrameListeners(_element: HTMLElement): void {}

  #onClick(event: MouseEvent): void {
    const origin = event.target;
    if (!isElement(origin)) return;
    const target = origin.closest<HTMLElement>("[data-action]");
    if (!target || !this.#element?.contains(target)) return;
    const name = target.dataset.action ?? "";
    const entry = (this.options.actions as PlainObject | undefined)?.[name];
    const buttons = isPlain(entry) && Array.isArray(entry.buttons) ? (entry.buttons as number[]) : [0];
    if (!buttons.includes(event.button ?? 0)) return;
    const handler = this.action(name);
    if (handler) this._track(Promise.resolve().then(() => handler.call(this, event, target)));
    else this._track(Promise.resolve().then(() => this._onBuiltInAction(name, event, target)));
  }

  /** Foundry's own actions; anything else goes to `_onClickAction`. */
  protected async _onBuiltInAction(name: string, event: MouseEvent, target: HTMLElement): Promise<void> {
    if (name === "close") await this.close();
    else if (name === "tab") this.changeTab(target.dataset.tab ?? "", target.dataset.group ?? "", { event, navElement: target });
    else this._onClickAction(event, target);
  }

  _onClickAction(_event: Event, _target: HTMLElement): void {}

  /** Shows one tab of a group: `active` on its nav button and its panel (`[data-group][data-tab]`). */
  changeTab(tab: string, group: string, _options: PlainObject = {}): void {
    this.tabGroups[group] = tab;
    if (!this.#element) return;
    for (const el of this.#element.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`)) el.classList.toggle("active", el.dataset.tab === tab);
  }

  /** FormDataExtended of the form, then the handler, then close when `closeOnSubmit`. */
  protected async _onSubmitForm(formConfig: PlainObject | undefined, event: Event): Promise<void> {
    const form = this.form;
    const handler = formConfig?.handler;
    if (!form || typeof handler !== "function") return;
    await (handler as ActionHandler & ((e: Event, f: HTMLFormElement, d: StandInFormDataExtended) => unknown)).call(this, event, form, new StandInFormDataExtended(form));
    if (formConfig?.closeOnSubmit) await this.close();
  }

  protected async _onChangeForm(formConfig: PlainObject | undefined, event: Event): Promise<void> {
    if (formConfig?.submitOnChange) await this._onSubmitForm(formConfig, event);
  }

  async close(options: PlainObject = {}): Promise<this> {
    if (this.#closed) return this;
    await this._preClose(options);
    for (const cls of classChain(this.constructor)) {
      const name = FOUNDRY_NAMES.get(cls) ?? cls.name;
      (globalThis as unknown as { Hooks?: { callAll(n: string, ...a: unknown[]): unknown } }).Hooks?.callAll(`close${name}`, this, this.#element);
    }
    this.#element?.remove();
    this.#closed = true;
    instances.delete(this.id);
    this._onClose(options);
    this.#emit("close");
    return this;
  }

  /** The configured click handler of an action, as Foundry finds it in `options.actions`. */
  action(name: string): ActionHandler | undefined {
    const entry = (this.options.actions as PlainObject | undefined)?.[name];
    if (typeof entry === "function") return entry as ActionHandler;
    if (isPlain(entry) && typeof entry.handler === "function") return entry.handler as ActionHandler;
    return undefined;
  }

  /**
   * Without a DOM: calls an action's handler with `{dataset}` standing in for the element. Tests with a
   * DOM click the rendered element instead (`element.querySelector(…).click()` then `idle()`).
   */
  async click(name: string, dataset: Record<string, string> = {}): Promise<void> {
    const handler = this.action(name);
    if (!handler) throw new Error(`no handler for action "${name}"`);
    await handler.call(this, { type: "click" }, { dataset });
  }

  _configureRenderOptions(_options: PlainObject): void {}

  _canRender(_options: PlainObject): boolean {
    return true;
  }

  _configureRenderParts(_options: PlainObject): PlainObject {
    return {};
  }

  async _prepareContext(_options: PlainObject): Promise<PlainObject> {
    return {};
  }

  async _preparePartContext(_partId: string, context: PlainObject, _options: PlainObject): Promise<PlainObject> {
    return context;
  }

  async _preRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  async _onFirstRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  async _onRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  async _preClose(_options: PlainObject): Promise<void> {}
  _onClose(_options: PlainObject): void {}
  _attachPartListeners(_partId: string, _element: unknown, _options: PlainObject): void {}
}

/** HandlebarsApplicationMixin: PARTS, and a copy of them for each render. */
export function HandlebarsApplicationMixin(Base: typeof StandInApplicationV2) {
  return class HandlebarsApplication extends Base {
    static PARTS: PlainObject = {};

    override _configureRenderParts(_options: PlainObject): PlainObject {
      const parts = (this.constructor as unknown as { PARTS: PlainObject }).PARTS;
      return structuredClone(Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, { ...(part as PlainObject) }])));
    }
  };
}

interface StandInDocumentLike {
  isOwner: boolean;
  limited?: boolean;
  _source?: PlainObject;
  update(changes: PlainObject): Promise<unknown>;
}

export class StandInDocumentSheetV2 extends StandInApplicationV2 {
  static override DEFAULT_OPTIONS: PlainObject = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    actions: {},
    form: { handler: StandInDocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  get document(): StandInDocumentLike {
    return this.options.document as StandInDocumentLike;
  }

  /**
   * A document sheet joins its document's `apps` when it renders and leaves on close, so the document's updates
   * re-render it (documents-core `_renderSheets`). Unsure: exactly when Foundry v13 adds it (here at the first
   * render call).
   */
  override render(options: PlainObject | boolean = {}): Promise<this> {
    const apps = (this.document as { apps?: Record<string, unknown> } | null)?.apps;
    if (apps) apps[this.id] = this;
    return super.render(options);
  }

  override async close(options: PlainObject = {}): Promise<this> {
    const apps = (this.document as { apps?: Record<string, unknown> } | null)?.apps;
    if (apps && apps[this.id] === this) Reflect.deleteProperty(apps, this.id);
    return super.close(options);
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  _processFormData(_event: unknown, _form: unknown, formData: { object: PlainObject }): PlainObject {
    return expandObject(formData.object);
  }

  /** Without a DOM: a form change with these values, processed and sent to the document. */
  async submit(values: PlainObject): Promise<void> {
    await this.document.update(this._processFormData(null, null, { object: values }));
  }

  static async #onSubmitDocumentForm(this: StandInDocumentSheetV2, event: Event, form: HTMLFormElement, formData: StandInFormDataExtended): Promise<void> {
    if (!this.isEditable) return;
    await this.document.update(this._processFormData(event, form, formData));
  }

  protected override async _onBuiltInAction(name: string, event: MouseEvent, target: HTMLElement): Promise<void> {
    if (name === "editImage") await this.#onEditImage(target);
    else await super._onBuiltInAction(name, event, target);
  }

  /** Foundry's editImage: the element carrying the action must be the `<img>`; the pick goes through the form. */
  async #onEditImage(target: HTMLElement): Promise<void> {
    if (!isHTMLElement(target) || target.localName !== "img") throw new Error("editImage must be on an <img> element (data-edit on the same element)");
    const image = target as HTMLImageElement;
    const attr = target.dataset.edit ?? "img";
    const current = getProperty(this.document._source ?? {}, attr);
    const picker = new StandInFilePicker({
      type: "image",
      current: typeof current === "string" ? current : "",
      callback: (path: string) => {
        image.src = path;
        const form = this.form;
        // The form's own window makes the event: a popped-out window is another realm (popout-realm.ts).
        const view = (form?.ownerDocument.defaultView ?? globalThis) as unknown as typeof globalThis;
        if ((this.options.form as PlainObject | undefined)?.submitOnChange) form?.dispatchEvent(new view.Event("submit", { cancelable: true }));
      },
    });
    await picker.browse();
  }

  override async _prepareContext(options: PlainObject): Promise<PlainObject> {
    return { ...(await super._prepareContext(options)), document: this.document, source: this.document._source, editable: this.isEditable };
  }
}

export class StandInItemSheetV2 extends StandInDocumentSheetV2 {
  get item(): StandInDocumentLike {
    return this.document;
  }
}

interface StandInActorLike extends StandInDocumentLike {
  uuid: string;
  createEmbeddedDocuments(name: "Item", data: PlainObject[]): Promise<unknown[]>;
}

/** The Item a drop names, as fromUuid gives it. */
interface StandInDroppedItem {
  parent?: { uuid?: string } | null;
  toObject(): PlainObject;
}

export class StandInActorSheetV2 extends StandInDocumentSheetV2 {
  get actor(): StandInActorLike {
    return this.document as StandInActorLike;
  }

  protected override _attachFrameListeners(element: HTMLElement): void {
    super._attachFrameListeners(element);
    element.addEventListener("dragover", (event) => event.preventDefault());
    element.addEventListener("drop", (event) => {
      event.preventDefault();
      this._track(this._onDrop(event));
    });
  }

  /** ActorSheetV2's drop: see the notes at the top (the exact order of Foundry's checks is not documented). */
  async _onDrop(event: DragEvent): Promise<void> {
    const data = getDragEventData(event);
    const hooks = (globalThis as unknown as { Hooks: { call(n: string, ...a: unknown[]): boolean } }).Hooks;
    // Called, its answer ignored: a `false` is not documented to stop an ApplicationV2 sheet's drop
    // (docs/foundry-facts.md › Drops on actor sheets), so nothing of ours may rely on it.
    hooks.call("dropActorSheetData", this.actor, this, data);
    if (data.type !== "Item" || typeof data.uuid !== "string") return;
    const item = (await (globalThis as unknown as { fromUuid(u: string): Promise<unknown> }).fromUuid(data.uuid)) as StandInDroppedItem | null;
    if (item) await this._onDropItem(event, item);
  }

  /** ActorSheetV2's handling of a dropped Item: nothing for a non-owner, a sort for one of its own, else a copy created on the actor. */
  async _onDropItem(_event: DragEvent, item: StandInDroppedItem): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid === this.actor.uuid) return null; // a sort within the sheet
    const source = item.toObject();
    delete source._id;
    const [created] = await this.actor.createEmbeddedDocuments("Item", [source]);
    return created ?? null;
  }
}

/** DialogV2.wait: a form with buttons; resolves with the clicked button's callback result, or null on close. */
export class StandInDialogV2 extends StandInApplicationV2 {
  static override DEFAULT_OPTIONS: PlainObject = { tag: "dialog", classes: ["dialog"], window: { frame: true } };
  static readonly opened: StandInDialogV2[] = [];

  static async wait(config: PlainObject): Promise<unknown> {
    const dialog = new this(config);
    StandInDialogV2.opened.push(dialog);
    await dialog.render({ force: true });
    return dialog.#result;
  }

  /**
   * DialogV2.confirm: a wait with Yes (resolves true) and No (false, the default) buttons, each
   * overridable through `yes` / `no`; closing resolves null (this stand-in models `rejectClose: false`).
   */
  static async confirm(config: PlainObject = {}): Promise<unknown> {
    const { yes, no, ...rest } = config as { yes?: PlainObject; no?: PlainObject };
    return this.wait({
      ...rest,
      buttons: [
        { action: "yes", label: "Yes", callback: () => true, ...yes },
        { action: "no", label: "No", default: true, callback: () => false, ...no },
      ],
    });
  }

  /** DialogV2.prompt: a wait with one OK button (overridable through `ok`), resolving "ok" or its callback's result. */
  static async prompt(config: PlainObject = {}): Promise<unknown> {
    const { ok, ...rest } = config as { ok?: PlainObject };
    return this.wait({ ...rest, buttons: [{ action: "ok", label: "Confirm", default: true, ...ok }] });
  }

  #settle!: (value: unknown) => void;
  readonly #result = new Promise<unknown>((resolve) => (this.#settle = resolve));

  override get title(): string {
    return String((this.options.window as { title?: string } | undefined)?.title ?? "");
  }

  override _configureRenderParts(): PlainObject {
    return { content: { template: "dialog" } };
  }

  override async render(options: PlainObject | boolean = {}): Promise<this> {
    const previous = renderer;
    const buttons = (this.options.buttons as { action: string; label: string; default?: boolean }[] | undefined) ?? [];
    renderer = () =>
      `<form class="dialog-form"><div class="dialog-content">${String(this.options.content ?? "")}</div><footer class="form-footer">${buttons
        .map((b) => `<button type="submit" data-action="${b.action}"${b.default ? " autofocus" : ""}>${b.label}</button>`)
        .join("")}</footer></form>`;
    try {
      return await super.render(options);
    } finally {
      renderer = previous;
    }
  }

  override _attachPartListeners(_partId: string, element: unknown): void {
    (element as HTMLFormElement).addEventListener("submit", (event) => {
      event.preventDefault();
      const button = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const config = ((this.options.buttons as { action: string; callback?: (e: Event, b: HTMLButtonElement, d: unknown) => unknown }[] | undefined) ?? []).find(
        (b) => b.action === button?.dataset.action,
      );
      if (!button || !config) return;
      this._track(
        (async () => {
          const value = config.callback ? await config.callback(event, button, this) : config.action;
          this.#settle(value);
          await this.close();
        })(),
      );
    });
  }

  override _onClose(): void {
    this.#settle(null);
  }
}

let journalClasses: PlainObject | null = null;
/** The journal page sheets, built once on these stand-ins (our subclasses of them must keep one base per file). */
const journalSheets = (): PlainObject =>
  (journalClasses ??= makeJournalSheets(StandInDocumentSheetV2 as never, HandlebarsApplicationMixin as never));

/** Sheet registrations made through DocumentSheetConfig, for tests to read. */
export const sheetRegistrations: { action: "register" | "unregister"; documentClass: unknown; scope: string; sheetClass: unknown; options?: PlainObject }[] = [];

/** Every Foundry class these stand-ins replace, to tell ours from Foundry's in a class chain. */
export const FOUNDRY_APPLICATION_CLASSES: ReadonlySet<unknown> = new Set([StandInApplicationV2, StandInDocumentSheetV2, StandInItemSheetV2, StandInActorSheetV2, StandInDialogV2]);
FOUNDRY_NAMES.set(StandInApplicationV2, "ApplicationV2");
FOUNDRY_NAMES.set(StandInDocumentSheetV2, "DocumentSheetV2");
FOUNDRY_NAMES.set(StandInItemSheetV2, "ItemSheetV2");
FOUNDRY_NAMES.set(StandInActorSheetV2, "ActorSheetV2");
FOUNDRY_NAMES.set(StandInDialogV2, "DialogV2");

/** Every rich text enrichHTML was asked for, in order (so a test can see which parts did that work). */
export const enrichCalls: string[] = [];

/**
 * Adds `foundry.applications` (and the v1 sheets our registration retires) to the `foundry` global that
 * installFoundry() made. Call after every installFoundry(): it replaces the global. Keeps a
 * `renderTemplate` another stand-in (installChatSupport) put there.
 */
export function installApplications(): void {
  const g = globalThis as unknown as { foundry: PlainObject };
  const previous = (g.foundry.applications as { handlebars?: PlainObject } | undefined)?.handlebars ?? {};
  instances.clear();
  pageSheetClasses.clear();
  filePickers.length = 0;
  enrichCalls.length = 0;
  StandInDialogV2.opened.length = 0;
  mountDocument = defaultMount;
  g.foundry.applications = {
    instances,
    api: { ApplicationV2: StandInApplicationV2, DocumentSheetV2: StandInDocumentSheetV2, HandlebarsApplicationMixin, DialogV2: StandInDialogV2 },
    sheets: { ItemSheetV2: StandInItemSheetV2, ActorSheetV2: StandInActorSheetV2, journal: journalSheets() },
    ux: {
      // Our descriptions hold no links or rolls to enrich, so enrichment returns the HTML unchanged.
      TextEditor: {
        implementation: {
          enrichHTML: async (html: string) => {
            enrichCalls.push(html);
            return html;
          },
          getDragEventData,
        },
      },
      FormDataExtended: StandInFormDataExtended,
    },
    handlebars: {
      loadTemplates: async (paths: string[]) => paths,
      renderTemplate: async (path: string, context: PlainObject) => renderer(path, context),
      ...previous,
    },
    apps: {
      FilePicker: { implementation: StandInFilePicker },
      DocumentSheetConfig: {
        registerSheet: (documentClass: unknown, scope: string, sheetClass: unknown, options: PlainObject) => {
          if (documentClass === (globalThis as { JournalEntryPage?: unknown }).JournalEntryPage && Array.isArray(options.types)) {
            for (const type of options.types as string[]) pageSheetClasses.set(type, sheetClass as new (options: PlainObject) => unknown);
          }
          return sheetRegistrations.push({ action: "register", documentClass, scope, sheetClass, options });
        },
        unregisterSheet: (documentClass: unknown, scope: string, sheetClass: unknown) =>
          sheetRegistrations.push({ action: "unregister", documentClass, scope, sheetClass }),
      },
    },
  };
  // Only ever passed back to unregisterSheet: markers are enough.
  g.foundry.appv1 = { sheets: { ActorSheet: { v1: "ActorSheet" }, ItemSheet: { v1: "ItemSheet" } } };
}

/** A template under templates/, read from disk by its system path. */
export function readSystemTemplate(path: string): string {
  const relative = path.replace(/^systems\/goldhack\/templates\//, "");
  return readFileSync(new URL(`../../templates/${relative}`, import.meta.url), "utf8");
}
