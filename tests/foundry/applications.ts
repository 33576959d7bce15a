/**
 * Small stand-ins for Foundry v13's application classes, enough to import our sheets and dialogs, read
 * their merged options, and drive a document sheet through render, actions and form submission.
 *
 * Behaviour kept faithful to Foundry, because tests rely on it:
 * - DEFAULT_OPTIONS is declared per class and merged down the class chain at construction (subclass
 *   wins, `actions` objects merge key by key); PARTS is a plain static, so a subclass's replaces its base's.
 * - render: `_configureRenderOptions`, then `_configureRenderParts` (a copy of PARTS), then
 *   `_prepareContext`, then each part's template rendered with that context, then `_attachPartListeners`.
 * - Actions run with the application as `this` and (event, target), as Foundry calls them.
 * - DocumentSheetV2: `isEditable` is the document's ownership; `_processFormData` expands dotted keys.
 *   `submit(values)` goes `_processFormData` → `document.update`, as a form change with submitOnChange does.
 * Foundry's own click actions (close, tab, editImage…) are not here: tests that need to know them list them.
 */
import { readFileSync } from "node:fs";
import { expandObject } from "./foundry-utils";

type PlainObject = Record<string, unknown>;
type ActionHandler = (this: unknown, event: unknown, target: unknown) => unknown;

const isPlain = (v: unknown): v is PlainObject => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

function merge(target: PlainObject, source: PlainObject): PlainObject {
  for (const [key, value] of Object.entries(source)) target[key] = isPlain(value) ? merge(isPlain(target[key]) ? { ...target[key] } : {}, value) : value;
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

/** How a part's template becomes HTML; tests give real handlebars (see item-sheet tests). */
export type TemplateRenderer = (path: string, context: PlainObject) => string;
let renderer: TemplateRenderer = () => {
  throw new Error("no template renderer installed: call setTemplateRenderer()");
};
export function setTemplateRenderer(fn: TemplateRenderer): void {
  renderer = fn;
}

let counter = 0;

export class StandInApplicationV2 {
  static DEFAULT_OPTIONS: PlainObject = { id: "app-{id}", classes: [], tag: "div", window: {}, actions: {}, position: {} };
  readonly options: PlainObject;
  readonly id: string;
  /** The rendered HTML of each part, by part id, from the last render. */
  parts: Record<string, string> = {};
  renderCount = 0;

  constructor(options: PlainObject = {}) {
    this.options = merge(mergedDefaultOptions(this.constructor), options);
    this.id = String(this.options.id ?? "app-{id}").replace("{id}", String(++counter));
  }

  get rendered(): boolean {
    return this.renderCount > 0;
  }

  async render(options: PlainObject = {}): Promise<this> {
    const opts: PlainObject = { ...options, isFirstRender: this.renderCount === 0 };
    this._configureRenderOptions(opts);
    const parts = this._configureRenderParts(opts);
    const context = await this._prepareContext(opts);
    this.parts = {};
    for (const [id, part] of Object.entries(parts)) this.parts[id] = renderer(String((part as PlainObject).template), context);
    this.renderCount += 1;
    return this;
  }

  /** The configured click handler of an action, as Foundry finds it in `options.actions`. */
  action(name: string): ActionHandler | undefined {
    const entry = (this.options.actions as PlainObject | undefined)?.[name];
    if (typeof entry === "function") return entry as ActionHandler;
    if (isPlain(entry) && typeof entry.handler === "function") return entry.handler as ActionHandler;
    return undefined;
  }

  /** Clicks an element carrying `data-action`: `dataset` stands in for the element's data attributes. */
  async click(name: string, dataset: Record<string, string> = {}): Promise<void> {
    const handler = this.action(name);
    if (!handler) throw new Error(`no handler for action "${name}"`);
    await handler.call(this, { type: "click" }, { dataset });
  }

  _configureRenderOptions(_options: PlainObject): void {}

  _configureRenderParts(_options: PlainObject): PlainObject {
    return {};
  }

  async _prepareContext(_options: PlainObject): Promise<PlainObject> {
    return {};
  }
}

/** HandlebarsApplicationMixin: PARTS, and a copy of them for each render. */
export function HandlebarsApplicationMixin(Base: typeof StandInApplicationV2) {
  return class HandlebarsApplication extends Base {
    static PARTS: PlainObject = {};

    override _configureRenderParts(_options: PlainObject): PlainObject {
      const parts = (this.constructor as unknown as { PARTS: PlainObject }).PARTS;
      return structuredClone(Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, { ...(part as PlainObject) }])));
    }

    _attachPartListeners(_partId: string, _element: unknown, _options: PlainObject): void {}
  };
}

interface StandInDocumentLike {
  isOwner: boolean;
  update(changes: PlainObject): Promise<unknown>;
}

export class StandInDocumentSheetV2 extends StandInApplicationV2 {
  static override DEFAULT_OPTIONS: PlainObject = { id: "{id}", classes: ["sheet"], tag: "form", document: null, actions: {}, form: { submitOnChange: false } };

  get document(): StandInDocumentLike {
    return this.options.document as StandInDocumentLike;
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  _processFormData(_event: unknown, _form: unknown, formData: { object: PlainObject }): PlainObject {
    return expandObject(formData.object);
  }

  /** A form change: the values the form holds by field name, processed and sent to the document. */
  async submit(values: PlainObject): Promise<void> {
    await this.document.update(this._processFormData(null, null, { object: values }));
  }

  override async _prepareContext(options: PlainObject): Promise<PlainObject> {
    return { ...(await super._prepareContext(options)), document: this.document, editable: this.isEditable };
  }
}

export class StandInItemSheetV2 extends StandInDocumentSheetV2 {
  get item(): StandInDocumentLike {
    return this.document;
  }
}

export class StandInActorSheetV2 extends StandInDocumentSheetV2 {
  get actor(): StandInDocumentLike {
    return this.document;
  }
}

/** Sheet registrations made through DocumentSheetConfig, for tests to read. */
export const sheetRegistrations: { action: "register" | "unregister"; documentClass: unknown; scope: string; sheetClass: unknown; options?: PlainObject }[] = [];

/** Every Foundry class these stand-ins replace, to tell ours from Foundry's in a class chain. */
export const FOUNDRY_APPLICATION_CLASSES: ReadonlySet<unknown> = new Set([StandInApplicationV2, StandInDocumentSheetV2, StandInItemSheetV2, StandInActorSheetV2]);

/**
 * Adds `foundry.applications` (and the v1 sheets our registration retires) to the `foundry` global that
 * installFoundry() made. Call after every installFoundry(): it replaces the global.
 */
export function installApplications(): void {
  const g = globalThis as unknown as { foundry: PlainObject };
  g.foundry.applications = {
    api: { ApplicationV2: StandInApplicationV2, DocumentSheetV2: StandInDocumentSheetV2, HandlebarsApplicationMixin },
    sheets: { ItemSheetV2: StandInItemSheetV2, ActorSheetV2: StandInActorSheetV2 },
    ux: {
      // Our descriptions hold no links or rolls to enrich, so enrichment returns the HTML unchanged.
      TextEditor: { implementation: { enrichHTML: async (html: string) => html } },
    },
    handlebars: { loadTemplates: async (paths: string[]) => paths },
    apps: {
      DocumentSheetConfig: {
        registerSheet: (documentClass: unknown, scope: string, sheetClass: unknown, options: PlainObject) =>
          sheetRegistrations.push({ action: "register", documentClass, scope, sheetClass, options }),
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
