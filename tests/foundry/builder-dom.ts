/**
 * A small real-DOM stand-in for ApplicationV2 + HandlebarsApplicationMixin, for the builder's tests,
 * on a happy-dom Window whose DOM classes it puts on globalThis (the happy-dom vitest environment
 * replaces Node's URL, which our file readers need, so the Window is made here instead). Kept in its own file so the builder can move to the
 * shared DOM harness when tests/foundry/applications.ts becomes one.
 *
 * What it does, as Foundry v13 documents ApplicationV2:
 * - DEFAULT_OPTIONS merge down the class chain (see applications.ts); `render({force})` does nothing
 *   before the first forced render or after close; it calls `_prepareContext`, renders each part's
 *   template with the real handlebars and our real language files, and puts each part's single root
 *   element in the window, marked `data-application-part`, replacing the part's previous element
 *   (a render with `parts` redraws only those); then `_onFirstRender` (first time), then `_onRender`.
 * - A click anywhere in the window runs the action of the nearest `[data-action]` element with
 *   `(event, target)` and the application as `this`; disabled buttons get no click, as in a browser.
 * - `close()` runs `_onClose`, removes the element and emits "close" to `addEventListener` listeners.
 * Guesses, marked: part order on first render is PARTS order; focus handling is the browser's (happy-dom's).
 * Also here: compendium packs read from packs/_source, `fromUuid` for their entries, User flags, and
 * DialogV2 stand-ins that record what they were asked.
 */
import { readdirSync, readFileSync } from "node:fs";
import type Handlebars from "handlebars";
import { Window } from "happy-dom";
import { compileTemplate, createHandlebars } from "./handlebars";
import { fromUuidSync, state, StandInCollection, StandInUser } from "./documents";
import { mergedDefaultOptions } from "./applications";

type PlainObject = Record<string, unknown>;
type Action = (this: unknown, event: Event, target: HTMLElement) => unknown;

const pending = new Set<Promise<unknown>>();
const track = <T>(promise: Promise<T>): Promise<T> => {
  pending.add(promise);
  void promise.finally(() => pending.delete(promise)).catch(() => undefined);
  return promise;
};

/** Waits until every render, action and listener the harness saw has finished. */
export async function idle(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (pending.size === 0) return;
    await Promise.allSettled([...pending]);
  }
}

let hbs: typeof Handlebars | null = null;
let lang: "en" | "es" = "en";

export class DomApplicationV2 {
  static DEFAULT_OPTIONS: PlainObject = { id: "app-{id}", classes: [], tag: "div", window: {}, actions: {}, position: {} };
  static #counter = 0;
  readonly options: PlainObject;
  readonly id: string;
  element!: HTMLElement;
  #state: "none" | "rendered" | "closed" = "none";
  readonly #listeners = new Map<string, (() => void)[]>();

  constructor(options: PlainObject = {}) {
    this.options = { ...mergedDefaultOptions(this.constructor), ...options };
    this.id = String(this.options.id ?? "app-{id}").replace("{id}", String(++DomApplicationV2.#counter));
  }

  get rendered(): boolean {
    return this.#state === "rendered";
  }

  get title(): string {
    return String((this.options.window as PlainObject | undefined)?.title ?? "");
  }

  addEventListener(type: string, fn: () => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), fn]);
  }

  bringToFront(): void {}

  render(options: PlainObject | boolean = {}): Promise<this> {
    return track(this.#render(typeof options === "boolean" ? { force: options } : options));
  }

  async #render(options: PlainObject): Promise<this> {
    if (this.#state === "closed" || (!options.force && this.#state !== "rendered")) return this;
    const first = this.#state === "none";
    const opts = { ...options, isFirstRender: first };
    const context = await this._prepareContext(opts);
    if (first) this.#createElement();
    const parts = this._configureRenderParts(opts);
    const which = Array.isArray(options.parts) ? (options.parts as string[]).filter((p) => p in parts) : Object.keys(parts);
    const content = this.element.querySelector(".window-content") as HTMLElement;
    for (const partId of which) {
      const path = String((parts[partId] as PlainObject).template).replace(/^systems\/goldhack\/templates\//, "");
      if (!hbs) throw new Error("call installBuilderDom() first");
      const holder = document.createElement("template");
      holder.innerHTML = compileTemplate(hbs, path)(context).trim();
      const roots = [...holder.content.children];
      if (roots.length !== 1) throw new Error(`part ${partId} must render one root element, got ${roots.length}`);
      const root = roots[0] as HTMLElement;
      root.dataset.applicationPart = partId;
      const previous = content.querySelector(`[data-application-part="${partId}"]`);
      if (previous) previous.replaceWith(root);
      else content.append(root);
    }
    this.#state = "rendered";
    if (first) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    return this;
  }

  #createElement(): void {
    const element = document.createElement(String(this.options.tag ?? "div"));
    element.id = this.id;
    element.classList.add("application", ...((this.options.classes as string[]) ?? []));
    const title = document.createElement("h1");
    title.className = "window-title";
    title.textContent = this.title;
    const content = document.createElement("section");
    content.className = "window-content";
    element.append(title, content);
    element.addEventListener("click", (event) => {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
      if (!target || !element.contains(target)) return;
      const handler = (this.options.actions as Record<string, Action | undefined>)[target.dataset.action ?? ""];
      if (typeof handler === "function") void track(Promise.resolve(handler.call(this, event, target)));
    });
    document.body.append(element);
    this.element = element;
  }

  async close(): Promise<this> {
    if (this.#state === "closed") return this;
    this._onClose({});
    this.element?.remove();
    this.#state = "closed";
    for (const fn of this.#listeners.get("close") ?? []) fn();
    return this;
  }

  _configureRenderParts(_options: PlainObject): PlainObject {
    return {};
  }
  async _prepareContext(_options: PlainObject): Promise<PlainObject> {
    return {};
  }
  async _onFirstRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  async _onRender(_context: PlainObject, _options: PlainObject): Promise<void> {}
  _onClose(_options: PlainObject): void {}
}

export function DomHandlebarsApplicationMixin(Base: typeof DomApplicationV2): typeof DomApplicationV2 {
  return class DomHandlebarsApplication extends Base {
    static PARTS: PlainObject = {};
    override _configureRenderParts(_options: PlainObject): PlainObject {
      const parts = (this.constructor as unknown as { PARTS: PlainObject }).PARTS;
      return Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, { ...(part as PlainObject) }]));
    }
  };
}

/** What the DialogV2 stand-ins were asked, newest last; `confirmAnswer` is what confirm resolves to. */
export const dialogs: { kind: "prompt" | "confirm"; options: PlainObject }[] = [];
export const dialogControl = { confirmAnswer: false as boolean | null };

// ---- Compendiums -----------------------------------------------------------------------------------

interface PackSource {
  _id: string;
  name: string;
  type: string;
  system?: PlainObject;
  [key: string]: unknown;
}

const readPackSources = (dir: string): PackSource[] =>
  readdirSync(new URL(`../../packs/_source/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(new URL(`../../packs/_source/${dir}/${f}`, import.meta.url), "utf8")) as PackSource);

const pick = (object: PlainObject, path: string): unknown => path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as PlainObject)[k] : undefined), object);

/** A CompendiumCollection as the builder reads one: its index (with asked-for fields) and its documents. */
export class StandInPack {
  readonly documentName: string;
  readonly visible = true;
  readonly sources: PackSource[];
  constructor(
    readonly collection: string,
    readonly title: string,
    sources: PackSource[],
    documentName = "Item",
  ) {
    this.sources = sources;
    this.documentName = documentName;
  }
  uuidOf(id: string): string {
    return `Compendium.${this.collection}.${this.documentName}.${id}`;
  }
  async getIndex(options: { fields?: string[] } = {}): Promise<StandInCollection<PlainObject & { id: string; name: string }>> {
    const index = new StandInCollection<PlainObject & { id: string; name: string }>();
    for (const s of this.sources) {
      const entry: PlainObject & { id: string; name: string } = { id: s._id, _id: s._id, name: s.name, type: s.type, uuid: this.uuidOf(s._id) };
      for (const field of options.fields ?? []) {
        const value = pick(s, field);
        if (value === undefined) continue;
        const [head, ...tail] = field.split(".");
        if (head === "system" && tail.length === 1) entry.system = { ...((entry.system as PlainObject) ?? {}), [tail[0] as string]: value };
      }
      index.set(s._id, entry);
    }
    return index;
  }
  /** The entry as an Item document (not stored anywhere), or null when it is not in the pack. */
  getDocument(id: string): unknown {
    const source = this.sources.find((s) => s._id === id);
    if (!source) return null;
    const ItemClass = state.config.Item.documentClass as unknown as new (data: PlainObject) => unknown;
    return new ItemClass(structuredClone(source));
  }
  /** Deletes an entry, as a GM deleting it from the compendium. */
  remove(id: string): void {
    const i = this.sources.findIndex((s) => s._id === id);
    if (i >= 0) this.sources.splice(i, 1);
  }
}

/** Our item packs, by collection id, read from packs/_source (fresh copies each call). */
export function systemItemPacks(): StandInPack[] {
  const dirs = ["lifepaths", "skills", "traits", "fallout"];
  return dirs.flatMap((d) => (["en", "es"] as const).map((l) => new StandInPack(`goldhack.${d}-${l}`, `${d} (${l})`, readPackSources(`${d}-${l}`))));
}

/** The rules journals' pages, by uuid, each with a parent whose sheet records what it was asked to open. */
export const journalOpens: { journal: string; pageId: string }[] = [];
function rulesPage(uuid: string): unknown {
  const m = /^Compendium\.goldhack\.(rules-(?:en|es))\.JournalEntry\.([^.]+)\.JournalEntryPage\.([^.]+)$/.exec(uuid);
  if (!m) return null;
  const [, pack, entryId, pageId] = m;
  const source = readPackSources(pack as string).find((e) => e._id === entryId) as (PackSource & { pages?: { _id: string }[] }) | undefined;
  if (!source?.pages?.some((p) => p._id === pageId)) return null;
  return { id: pageId, parent: { sheet: { render: (options: PlainObject) => journalOpens.push({ journal: `${pack}.${entryId}`, pageId: String(options.pageId) }) } } };
}

/** A character from packs/_source/characters-<lang>/, by file name prefix. */
export function packCharacter(lang: "en" | "es", slugPrefix: string): PlainObject & { name: string; system: PlainObject; items: PackSource[] } {
  const dir = `characters-${lang}`;
  const file = readdirSync(new URL(`../../packs/_source/${dir}/`, import.meta.url)).find((f) => f.startsWith(slugPrefix));
  if (!file) throw new Error(`no character ${slugPrefix} in ${dir}`);
  return JSON.parse(readFileSync(new URL(`../../packs/_source/${dir}/${file}`, import.meta.url), "utf8"));
}

// ---- Install ---------------------------------------------------------------------------------------

const userFlags = new WeakMap<StandInUser, PlainObject>();

/**
 * Puts the DOM application classes, DialogV2, game.packs, compendium-aware fromUuid and User flags on
 * the globals installGoldHack() made. Call after it, in every beforeEach.
 */
let domWindow: Window | null = null;

/** One happy-dom Window for the test file; its DOM classes become globals, as in a browser. */
function installDomGlobals(): void {
  if (!domWindow) domWindow = new Window({ url: "http://localhost:30000/game" });
  const w = domWindow as unknown as Record<string, unknown>;
  for (const name of ["document", "HTMLElement", "HTMLInputElement", "HTMLTextAreaElement", "HTMLSelectElement", "HTMLButtonElement", "Element", "Event", "KeyboardEvent"]) {
    (globalThis as Record<string, unknown>)[name] = w[name];
  }
}

export function installBuilderDom(options: { lang?: "en" | "es"; packs?: StandInPack[] } = {}): { packs: StandInPack[] } {
  installDomGlobals();
  lang = options.lang ?? "en";
  hbs = createHandlebars(lang).hbs;
  pending.clear();
  dialogs.length = 0;
  journalOpens.length = 0;
  dialogControl.confirmAnswer = false;
  document.body.innerHTML = "";
  const g = globalThis as unknown as { foundry: PlainObject; game: PlainObject; fromUuid: unknown };
  const escapeHTML = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  g.foundry.utils = { ...(g.foundry.utils as PlainObject), escapeHTML };
  g.foundry.applications = {
    ...((g.foundry.applications as PlainObject | undefined) ?? {}),
    api: {
      ...(((g.foundry.applications as PlainObject | undefined)?.api as PlainObject | undefined) ?? {}),
      ApplicationV2: DomApplicationV2,
      HandlebarsApplicationMixin: DomHandlebarsApplicationMixin,
      DialogV2: {
        prompt: async (o: PlainObject) => {
          dialogs.push({ kind: "prompt", options: o });
          return null;
        },
        confirm: async (o: PlainObject) => {
          dialogs.push({ kind: "confirm", options: o });
          return dialogControl.confirmAnswer;
        },
      },
    },
  };
  const packs = options.packs ?? systemItemPacks();
  const collection = new StandInCollection<StandInPack & { id: string }>();
  for (const pack of packs) collection.set(pack.collection, Object.assign(pack, { id: pack.collection }));
  g.game.packs = collection;
  g.fromUuid = async (uuid: string) => {
    const m = /^Compendium\.([^.]+\.[^.]+)\.Item\.([^.]+)$/.exec(uuid);
    if (m) return collection.get(m[1] as string)?.getDocument(m[2] as string) ?? null;
    if (uuid.startsWith("Compendium.")) return rulesPage(uuid);
    return fromUuidSync(uuid);
  };
  const proto = StandInUser.prototype as unknown as PlainObject;
  proto.getFlag = function (this: StandInUser, scope: string, key: string) {
    return structuredClone((userFlags.get(this)?.[scope] as PlainObject | undefined)?.[key]);
  };
  proto.setFlag = async function (this: StandInUser, scope: string, key: string, value: unknown) {
    if (!(state.user.isGM || state.user === this)) throw new Error(`User ${state.user.name} may not change ${this.name}'s flags`);
    const flags = userFlags.get(this) ?? {};
    flags[scope] = { ...((flags[scope] as PlainObject) ?? {}), [key]: structuredClone(value) };
    userFlags.set(this, flags);
    return this;
  };
  proto.unsetFlag = async function (this: StandInUser, scope: string, key: string) {
    const flags = userFlags.get(this) ?? {};
    delete (flags[scope] as PlainObject | undefined)?.[key];
    return this;
  };
  Object.defineProperty(proto, "isOwner", { configurable: true, get(this: StandInUser) { return state.user.isGM || state.user === this; } });
  return { packs };
}

// ---- Driving the window like a user ------------------------------------------------------------------

/** Clicks an element as a user would: nothing happens on a disabled control. */
export async function click(element: Element | null): Promise<void> {
  if (!element) throw new Error("nothing to click");
  if ((element as HTMLButtonElement).disabled) throw new Error(`clicked a disabled control: ${element.outerHTML.slice(0, 120)}`);
  (element as HTMLElement).click();
  await idle();
}

/** Types into a field: the value changes and an input event fires for each keystroke's result. */
export async function type(element: Element | null, value: string, options: { commit?: boolean } = { commit: true }): Promise<void> {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error("not a text field");
  if (element.disabled) throw new Error("typed into a disabled field");
  element.focus();
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  await idle();
  if (options.commit) {
    const current = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selectorOf(element)) ?? element;
    current.dispatchEvent(new Event("change", { bubbles: true }));
    await idle();
  }
}

/** Picks an option of a select, or checks a radio, and fires change. */
export async function choose(element: Element | null, value?: string): Promise<void> {
  if (element instanceof HTMLSelectElement) {
    if (![...element.options].some((o) => o.value === value)) throw new Error(`no option ${value}`);
    element.value = value ?? "";
  } else if (element instanceof HTMLInputElement && element.type === "radio") {
    element.checked = true;
  } else throw new Error("not a select or radio");
  element.dispatchEvent(new Event("change", { bubbles: true }));
  await idle();
}

function selectorOf(element: Element): string {
  const attrs = ["name", "data-free-skill", "data-skill-field", "data-trait-field", "data-key", "data-pick"];
  return element.tagName.toLowerCase() + attrs.map((a) => (element.hasAttribute(a) ? `[${a}="${element.getAttribute(a)}"]` : "")).join("");
}

export const currentLang = (): string => lang;

/** A user's flags as the harness keeps them (StandInUser has none of its own). */
export const userFlags$ = (user: StandInUser) =>
  user as unknown as { getFlag(scope: string, key: string): unknown; unsetFlag(scope: string, key: string): Promise<unknown> };
