/**
 * The core of the document stand-ins (see documents.ts for what they promise): collections, users,
 * notifications, the shared state installFoundry() fills, and the Document/Actor/Item pipeline.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { DataModelValidationError, DataModel, isPlainObject, type ModelClass, type PlainObject, TypeDataModel } from "./fields";
import { deepClone, diffObject, expandObject, getProperty, mergeObject, randomID } from "./foundry-utils";
import type { StandInHooks } from "./hooks";
import type { GoldHackConfig } from "../../src/config";
import type { GoldHackApplications } from "../../src/documents/configured";

export const OWNERSHIP = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });

/** Foundry's Collection: a Map with `contents`, `find`, `filter`, `some`, `getName`. */
export class StandInCollection<T extends { id: string; name?: string }> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
  find(predicate: (value: T) => boolean): T | undefined {
    return this.contents.find(predicate);
  }
  filter(predicate: (value: T) => boolean): T[] {
    return this.contents.filter(predicate);
  }
  some(predicate: (value: T) => boolean): boolean {
    return this.contents.some(predicate);
  }
  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }
  getName(name: string): T | undefined {
    return this.find((v) => v.name === name);
  }
}

// Foundry's Collection iterates its values, not [key, value] pairs as a Map does (`for (const item of
// actor.items)`). Set at run time: Map's typing keeps the pair, so test code should use `.contents`.
Object.defineProperty(StandInCollection.prototype, Symbol.iterator, {
  value: function values(this: Map<string, unknown>) {
    return this.values();
  },
});

/** A user: GM or player, with a hotbar of macro ids by slot (1–50). */
export class StandInUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active = true;
  readonly permissions = new Set<string>();
  hotbar: Record<number, string> = {};

  constructor(name: string, isGM: boolean) {
    this.id = randomID();
    this.name = name;
    this.isGM = isGM;
  }

  get isSelf(): boolean {
    return state.user === this;
  }

  /** GMs may do everything; players what was granted (e.g. "ACTOR_CREATE"). */
  can(permission: string): boolean {
    return this.isGM || this.permissions.has(permission);
  }

  /** Puts a macro in a hotbar slot (the first free one when no slot is given), as Foundry's User does. */
  async assignHotbarMacro(macro: { id: string } | null, slot?: number | string): Promise<this> {
    let target = slot === undefined ? undefined : Number(slot);
    if (target === undefined) {
      for (let s = 1; s <= 50 && target === undefined; s++) if (!this.hotbar[s]) target = s;
    }
    if (target === undefined || !Number.isInteger(target) || target < 1 || target > 50) throw new Error(`invalid hotbar slot ${String(slot)}`);
    if (macro) this.hotbar[target] = macro.id;
    else Reflect.deleteProperty(this.hotbar, target);
    return this;
  }
}

export class StandInUsers extends StandInCollection<StandInUser> {
  /** The first active GM, as Foundry picks it. */
  get activeGM(): StandInUser | null {
    return this.find((u) => u.isGM && u.active) ?? null;
  }
}

/** ui.notifications, keeping every message so tests can read them. */
export class StandInNotifications {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  readonly infos: string[] = [];

  warn(message: string): void {
    this.warnings.push(message);
  }
  error(message: string): void {
    this.errors.push(message);
  }
  info(message: string): void {
    this.infos.push(message);
  }
  notify(message: string, type: "info" | "warning" | "error" = "info"): void {
    if (type === "warning") this.warn(message);
    else if (type === "error") this.error(message);
    else this.info(message);
  }
}

export type DocumentName = "Actor" | "Item" | "ChatMessage" | "Macro" | "ActiveEffect" | "JournalEntry" | "JournalEntryPage";

export interface DocumentConfig {
  documentClass: typeof StandInDocument;
  dataModels: Record<string, ModelClass>;
  trackableAttributes: Record<string, unknown>;
}

/** The CONFIG object the stand-in installs; our code adds GOLDHACK and replaces document classes. */
export interface StandInConfig {
  Actor: DocumentConfig;
  ActiveEffect: DocumentConfig;
  Item: DocumentConfig;
  ChatMessage: DocumentConfig;
  Macro: DocumentConfig;
  JournalEntry: DocumentConfig;
  JournalEntryPage: DocumentConfig;
  GOLDHACK?: GoldHackConfig & { applications: GoldHackApplications };
  [key: string]: unknown;
}

export interface State {
  user: StandInUser;
  users: StandInUsers;
  config: StandInConfig;
  actors: StandInCollection<StandInActor>;
  items: StandInCollection<StandInItem>;
  messages: StandInCollection<StandInDocument>;
  macros: StandInCollection<StandInDocument>;
  journal: StandInCollection<StandInDocument>;
  hooks: StandInHooks;
  notifications: StandInNotifications;
}

// Filled by installFoundry(); reading it before is a test bug, so fail loudly.
let installed: State | null = null;
/**
 * Which client is running: each Foundry client is its own browser with its own `game.user`. The socket
 * stand-in runs a delivery as the receiving client; everything that delivery awaits stays that client.
 */
const client = new AsyncLocalStorage<StandInUser>();
/** The installed state; every stand-in reads it at call time. */
export const state = new Proxy({} as State, {
  get: (_target, key: keyof State) => {
    if (!installed) throw new Error("Foundry stand-in not installed: call installFoundry() first");
    if (key === "user") return client.getStore() ?? installed.user;
    return installed[key];
  },
});

/** Runs `fn` (and all it awaits) on `user`'s client: `game.user` is that user there. */
export function runAsClient<T>(user: StandInUser, fn: () => T): T {
  return client.run(user, fn);
}

/** Replaces the whole state (installFoundry) or the current user (setUser). */
export function setState(next: State): void {
  installed = next;
  writeLatency = 0;
}

/**
 * How long a document write takes to reach the "server" (ms; 0 by default): the change is computed on
 * the client first, then merged into the document as it stands when it arrives, as Foundry's server
 * merges an update's diff. Lets a test put two writes in flight at once.
 */
let writeLatency = 0;
export function setWriteLatency(ms: number): void {
  writeLatency = ms;
}
export function setCurrentUser(user: StandInUser): void {
  if (!installed) throw new Error("Foundry stand-in not installed");
  installed.user = user;
}

export interface DocumentContext {
  parent?: StandInDocument | null;
}

export interface UpdateOptions {
  diff?: boolean;
  [key: string]: unknown;
}

/** What every stand-in document shares: source, system model, flags, ownership, update/delete pipeline. */
export class StandInDocument {
  static documentName: DocumentName = "Actor";

  _source: PlainObject;
  parent: StandInDocument | null;
  system: PlainObject | DataModel = {};
  /** Foundry's `document.apps`: the open applications showing this document (sheets add themselves), by id. */
  readonly apps: Record<string, SheetLike> = {};

  constructor(data: PlainObject = {}, context: DocumentContext = {}) {
    this.parent = context.parent ?? null;
    const source: PlainObject = { _id: randomID(), flags: {}, ownership: { default: OWNERSHIP.NONE }, ...deepClone(data) };
    this._source = source;
    this._initialize();
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof StandInDocument).documentName;
  }

  /** The class configured for this document type (CONFIG.X.documentClass), as Foundry's `implementation`. */
  static get implementation(): typeof StandInDocument {
    return (state.config[this.documentName] as DocumentConfig).documentClass;
  }

  get id(): string {
    return this._source._id as string;
  }
  get _id(): string {
    return this.id;
  }
  get name(): string {
    return String(this._source.name ?? "");
  }
  get type(): string {
    return String(this._source.type ?? "base");
  }
  get img(): string | null {
    return typeof this._source.img === "string" ? this._source.img : null;
  }
  get flags(): PlainObject {
    return this._source.flags as PlainObject;
  }
  get ownership(): Record<string, number> {
    return this._source.ownership as Record<string, number>;
  }
  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }

  /** Builds `system` through the registered data model; an unregistered type or invalid data throws. */
  protected _initialize(): void {
    const name = this.documentName;
    if (name !== "Actor" && name !== "Item" && name !== "ChatMessage" && name !== "JournalEntryPage") return;
    const models = state.config[name].dataModels;
    // Chat messages and journal pages of a registered subtype get their model; core ones ("base", "text") keep a plain `system`.
    if ((name === "ChatMessage" || name === "JournalEntryPage") && !models[this.type]) return;
    const Model = models[this.type];
    if (!Model) throw new Error(`${this.documentName} type "${this.type}" has no registered data model`);
    const system = new Model(this._source.system ?? {}, { parent: this });
    this._source.system = system.toObject();
    this.system = system;
  }

  /** Foundry's order: base data, embedded documents, derived data; TypeDataModel steps included. */
  prepareData(): void {
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {
    if (this.system instanceof TypeDataModel) this.system.prepareBaseData();
  }
  prepareEmbeddedDocuments(): void {}
  prepareDerivedData(): void {
    if (this.system instanceof TypeDataModel) this.system.prepareDerivedData();
  }

  testUserPermission(user: StandInUser, level: keyof typeof OWNERSHIP | number): boolean {
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    if (user.isGM) return true;
    if (this.parent) return this.parent.testUserPermission(user, wanted);
    const own = this.ownership[user.id] ?? OWNERSHIP.INHERIT;
    const effective = own === OWNERSHIP.INHERIT ? (this.ownership.default ?? OWNERSHIP.NONE) : own;
    return effective >= wanted;
  }

  get isOwner(): boolean {
    return this.testUserPermission(state.user, "OWNER");
  }

  /** Foundry's Document#hasPlayerOwner: some user who is not a GM owns it. */
  get hasPlayerOwner(): boolean {
    return state.users.some((user) => !user.isGM && this.testUserPermission(user, "OWNER"));
  }

  canUserModify(user: StandInUser, _action: "create" | "update" | "delete"): boolean {
    return this.testUserPermission(user, "OWNER");
  }

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.-=${key}`]: null });
  }

  toObject(): PlainObject {
    return deepClone(this._source);
  }

  /** Cleans and validates the `system` part of a partial change through the model class. */
  #cleanChanges(changes: PlainObject): PlainObject {
    if (!isPlainObject(changes.system) || !(this.system instanceof DataModel)) return changes;
    const Model = this.system.constructor as unknown as ModelClass;
    const system = Model.cleanData(changes.system, { partial: true });
    const failures = Model.schema.validate(system, { partial: true });
    if (failures.length > 0) throw new DataModelValidationError(failures.map((f) => ({ ...f, path: `system.${f.path}` })));
    return { ...changes, system };
  }

  async update(data: PlainObject = {}, options: UpdateOptions = {}): Promise<this | undefined> {
    const user = state.user;
    let changes = expandObject(data);
    delete changes._id;
    changes = this.#cleanChanges(changes);
    if (options.diff !== false) changes = diffObject(this._source, changes);
    if (Object.keys(changes).length === 0) return undefined;
    if ((await this._preUpdate(changes, options, user)) === false) return undefined;
    if (!this.canUserModify(user, "update")) throw new Error(`User ${user.name} lacks permission to update ${this.documentName} ${this.id}`);
    changes = this.#cleanChanges(changes);
    if (writeLatency > 0) await new Promise((resolve) => setTimeout(resolve, writeLatency));
    const previous = this._source;
    // What the writer sent for _stats never reaches the database: the server stamps it (below).
    delete changes._stats;
    this._source = mergeObject(previous, changes);
    this._stamp(user.id, false);
    try {
      this._initialize();
    } catch (error) {
      this._source = previous;
      this._initialize();
      throw error;
    }
    this._afterChange();
    this._onUpdate(changes, options, user.id);
    if (options.render !== false) this._renderSheets(changes);
    state.hooks.callAll(`update${this.documentName}`, this, changes, options, user.id);
    return this;
  }

  async delete(): Promise<this | undefined> {
    const user = state.user;
    if ((await this._preDelete({}, user)) === false) return undefined;
    if (!this.canUserModify(user, "delete")) throw new Error(`User ${user.name} lacks permission to delete ${this.documentName} ${this.id}`);
    this._collection().delete(this.id);
    this._afterChange();
    state.hooks.callAll(`delete${this.documentName}`, this, {}, user.id);
    return this;
  }

  /**
   * Creates a document; `parent` for embedded Items. As in Foundry, the document made is of the configured
   * class (`CONFIG.X.documentClass`) when that extends the class called, whichever class `create` was called on.
   */
  static async create<T extends StandInDocument>(this: new (data: PlainObject, context: DocumentContext) => T, data: PlainObject, context: DocumentContext = {}): Promise<T | undefined> {
    const user = state.user;
    const configured = (this as unknown as typeof StandInDocument).implementation as unknown;
    const Made = typeof configured === "function" && (configured === this || configured.prototype instanceof this) ? (configured as new (data: PlainObject, context: DocumentContext) => T) : this;
    const doc = new Made(data, context);
    if ((await doc._preCreate(doc._source, {}, user)) === false) return undefined;
    if (!doc.canUserCreate(user)) throw new Error(`User ${user.name} lacks permission to create ${doc.documentName}`);
    doc._stamp(user.id, true);
    doc._initialize();
    doc._collection().set(doc.id, doc);
    doc._afterChange();
    state.hooks.callAll(`create${doc.documentName}`, doc, {}, user.id);
    return doc;
  }

  /**
   * Foundry's server stamps `_stats` on every write: the time, and the id of the user whose write it was
   * (`lastModifiedBy`, kept current on update since v12: foundryvtt issue 10363), whatever the data sent.
   * Unsure: the exact set of `_stats` keys; only `createdTime`, `modifiedTime` and `lastModifiedBy` are modelled.
   */
  _stamp(userId: string, created: boolean): void {
    const now = Date.now();
    const before = isPlainObject(this._source._stats) ? this._source._stats : {};
    this._source = { ...this._source, _stats: { ...before, ...(created ? { createdTime: now } : {}), modifiedTime: now, lastModifiedBy: userId } };
  }

  get _stats(): PlainObject {
    return (this._source._stats as PlainObject | undefined) ?? {};
  }

  canUserCreate(user: StandInUser): boolean {
    return user.can(`${this.documentName.toUpperCase()}_CREATE`);
  }

  /** Source-level update without the database round trip, as Foundry's `updateSource`. */
  updateSource(data: PlainObject): PlainObject {
    const changes = diffObject(this._source, this.#cleanChanges(expandObject(data)));
    this._source = mergeObject(this._source, changes);
    this._initialize();
    this.prepareData();
    return changes;
  }

  protected _collection(): Map<string, StandInDocument> {
    throw new Error(`${this.documentName} has no collection`);
  }

  /** Re-prepares this document and the parent whose data may derive from it. */
  protected _afterChange(): void {
    this.prepareData();
    this.parent?.prepareData();
  }

  protected async _preCreate(_data: PlainObject, _options: PlainObject, _user: StandInUser): Promise<boolean | undefined> {
    return undefined;
  }
  protected async _preUpdate(_changes: PlainObject, _options: UpdateOptions, _user: StandInUser): Promise<boolean | undefined> {
    return undefined;
  }
  protected async _preDelete(_options: PlainObject, _user: StandInUser): Promise<boolean | undefined> {
    return undefined;
  }
  protected _onUpdate(_changes: PlainObject, _options: UpdateOptions, _userId: string): void {}

  /**
   * After an update, Foundry re-renders the document's open applications (not forced, so only those already
   * rendered) with `renderContext` "{operation}{documentName}" and `renderData` the changes (foundryvtt.com API,
   * DocumentSheetRenderOptions); an embedded document's update also re-renders its parent's open sheets, with the
   * same context ("updateItem") and, as renderData, the list of changes, each with the changed document's `_id`.
   * Unsure: the parent's renderData is read from open-source systems that consume it (an array of changes with
   * `_id`), not from Foundry's documentation; an update of several Items at once comes here one Item at a time
   * (the stand-in's updateEmbeddedDocuments updates them one by one), where Foundry renders the parent once.
   * `render: false` in the update options skips both (foundryvtt issue 8946 says v11 ignored it for embedded CRUD).
   */
  protected _renderSheets(changes: PlainObject): void {
    const renderContext = `update${this.documentName}`;
    for (const app of Object.values(this.apps)) if (app.rendered) void app.render({ renderContext, renderData: deepClone(changes) });
    if (!this.parent) return;
    for (const app of Object.values(this.parent.apps)) if (app.rendered) void app.render({ renderContext, renderData: [{ ...deepClone(changes), _id: this.id }] });
  }
}

/** What `document.apps` holds: an application that can say whether it is open and render again. */
export interface SheetLike {
  readonly rendered: boolean;
  render(options: PlainObject): Promise<unknown>;
}

/** An Item; embedded in an Actor when created with `{parent: actor}`. */
export class StandInItem extends StandInDocument {
  static override documentName: DocumentName = "Item";

  get actor(): StandInActor | null {
    return this.parent instanceof StandInActor ? this.parent : null;
  }

  override canUserCreate(user: StandInUser): boolean {
    return this.parent ? this.parent.testUserPermission(user, "OWNER") : user.can("ITEM_CREATE");
  }

  protected override _collection(): Map<string, StandInDocument> {
    return (this.actor?.items ?? state.items) as Map<string, StandInDocument>;
  }
}

/**
 * An ActiveEffect embedded in an Actor: a name, an image, the status ids it carries (a Set, as Foundry's
 * `statuses`), a description. Not modelled: changes, durations, transfer from Items, the token HUD.
 */
export class StandInActiveEffect extends StandInDocument {
  static override documentName: DocumentName = "ActiveEffect";

  get statuses(): Set<string> {
    return new Set(Array.isArray(this._source.statuses) ? (this._source.statuses as string[]) : []);
  }
  get description(): string {
    return String(this._source.description ?? "");
  }
  protected override _initialize(): void {}
  override canUserCreate(user: StandInUser): boolean {
    return this.parent ? this.parent.testUserPermission(user, "OWNER") : false;
  }
  protected override _collection(): Map<string, StandInDocument> {
    if (!(this.parent instanceof StandInActor)) throw new Error("an ActiveEffect here lives on an Actor");
    return this.parent.effects as Map<string, StandInDocument>;
  }
}

/** An Actor with `items` and `effects` collections of embedded documents. */
export class StandInActor extends StandInDocument {
  static override documentName: DocumentName = "Actor";
  readonly items = new StandInCollection<StandInItem>();
  readonly effects = new StandInCollection<StandInActiveEffect>();

  override canUserCreate(user: StandInUser): boolean {
    return user.can("ACTOR_CREATE");
  }


  /**
   * Actor.create with `items` in its data, as Foundry does it: one operation that creates the actor and
   * its embedded Items together. Every Item is validated before anything is stored, so one bad Item
   * leaves nothing created (the stand-in's reading of the server's all-or-nothing creation).
   */
  static override async create<T extends StandInDocument>(this: new (data: PlainObject, context: DocumentContext) => T, data: PlainObject, context: DocumentContext = {}): Promise<T | undefined> {
    const { items, ...rest } = data;
    if (!Array.isArray(items)) return StandInDocument.create.call(this, data, context) as Promise<T | undefined>;
    const ItemClass = state.config.Item.documentClass as unknown as typeof StandInItem;
    const probe = new StandInActor({ ...deepClone(rest), type: rest.type }, {});
    for (const entry of items as PlainObject[]) new ItemClass(entry, { parent: probe });
    const actor = (await StandInDocument.create.call(this, rest, context)) as T | undefined;
    if (actor instanceof StandInActor) {
      for (const entry of items as PlainObject[]) {
        const item = new ItemClass(entry, { parent: actor });
        actor.items.set(item.id, item);
      }
      actor.prepareData();
    }
    return actor;
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items.values()) item.prepareData();
  }

  protected override _collection(): Map<string, StandInDocument> {
    return state.actors as Map<string, StandInDocument>;
  }

  async createEmbeddedDocuments(name: "Item" | "ActiveEffect", data: PlainObject[]): Promise<StandInItem[]> {
    if (name === "ActiveEffect") return (await this.#createEffects(data)) as unknown as StandInItem[];
    if (name !== "Item") throw new Error(`Actor embeds only Items and ActiveEffects, not ${String(name)}`);
    const ItemClass = state.config.Item.documentClass as unknown as typeof StandInItem;
    const created: StandInItem[] = [];
    for (const entry of data) {
      const item = await ItemClass.create(entry, { parent: this });
      if (item) created.push(item);
    }
    return created;
  }

  async updateEmbeddedDocuments(name: "Item", updates: PlainObject[]): Promise<StandInItem[]> {
    if (name !== "Item") throw new Error(`Actor embeds only Items, not ${String(name)}`);
    const updated: StandInItem[] = [];
    for (const { _id, ...changes } of updates) {
      const item = this.items.get(String(_id));
      if (!item) throw new Error(`Item ${String(_id)} does not exist in Actor ${this.id}`);
      if (await item.update(changes)) updated.push(item);
    }
    return updated;
  }

  async deleteEmbeddedDocuments(name: "Item" | "ActiveEffect", ids: string[]): Promise<StandInItem[]> {
    if (name !== "Item" && name !== "ActiveEffect") throw new Error(`Actor embeds only Items and ActiveEffects, not ${String(name)}`);
    const deleted: StandInItem[] = [];
    for (const id of ids) {
      const item = (name === "Item" ? this.items : this.effects).get(id) as StandInItem | undefined;
      if (!item) throw new Error(`Item ${id} does not exist in Actor ${this.id}`);
      if (await item.delete()) deleted.push(item);
    }
    return deleted;
  }

  /** Effects keep a given `_id` (Foundry needs `keepId: true` for that; a status's static `_id` relies on it). */
  async #createEffects(data: PlainObject[]): Promise<StandInActiveEffect[]> {
    const created: StandInActiveEffect[] = [];
    for (const entry of data) {
      if (typeof entry._id === "string" && this.effects.has(entry._id)) throw new Error(`ActiveEffect ${entry._id} already exists in Actor ${this.id}`);
      const effect = await StandInActiveEffect.create(entry, { parent: this });
      if (effect) created.push(effect);
    }
    return created;
  }
}
