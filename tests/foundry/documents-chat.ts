/** Stand-ins for ChatMessage and Macro, and Foundry's fromUuidSync over the installed world. */
import type { PlainObject } from "./fields";
import { expandObject } from "./foundry-utils";
import { type DocumentContext, type DocumentName, OWNERSHIP, StandInActor, StandInDocument, type StandInUser, state, type UpdateOptions } from "./documents-core";

export interface SpeakerData {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string;
}

/**
 * A chat message. Rolls are stored as JSON strings (as in Foundry's source) and read back through
 * `Roll.fromJSON` when a Roll class is installed (tests/foundry/dice.ts), else as parsed objects.
 */
export class StandInChatMessage extends StandInDocument {
  static override documentName: DocumentName = "ChatMessage";

  constructor(data: PlainObject = {}, context: DocumentContext = {}) {
    super({ content: "", speaker: {}, whisper: [], blind: false, system: {}, timestamp: Date.now(), author: state.user.id, ...normaliseRolls(data) }, context);
  }

  get content(): string {
    return String(this._source.content ?? "");
  }
  get speaker(): SpeakerData {
    return this._source.speaker as SpeakerData;
  }
  get timestamp(): number {
    return Number(this._source.timestamp);
  }
  get whisper(): string[] {
    return this._source.whisper as string[];
  }
  get blind(): boolean {
    return this._source.blind === true;
  }
  /** As Foundry: whispered content is for its recipients and author (a blind roll hides it from its author too); GMs see all. */
  get isContentVisible(): boolean {
    const user = state.user;
    if (this.whisper.length === 0) return true;
    if (user.isGM) return true;
    if (this.blind) return false;
    return this.whisper.includes(user.id) || this.isAuthor;
  }
  get author(): StandInUser | undefined {
    return state.users.get(String(this._source.author));
  }
  get isAuthor(): boolean {
    return this._source.author === state.user.id;
  }
  override get isOwner(): boolean {
    return state.user.isGM || this.isAuthor;
  }
  get isRoll(): boolean {
    return (this._source.rolls as unknown[]).length > 0;
  }
  get rolls(): unknown[] {
    const RollClass = (globalThis as { Roll?: { fromJSON?: (json: string) => unknown } }).Roll;
    return (this._source.rolls as string[]).map((json) => (RollClass?.fromJSON ? RollClass.fromJSON(json) : JSON.parse(json)));
  }

  /** As Foundry: the speaker's alias, else the author's name. */
  get alias(): string {
    return this.speaker?.alias || this.author?.name || "";
  }

  /**
   * Foundry's renderHTML (v13 and v14), as far as cards need it (docs/foundry-facts.md › "A message's data
   * model renders it"). `canDelete` defaults to the user being a GM (a guess: core's default is not documented).
   * - When the message's data model has `renderHTML`, core awaits it with the options, calls
   *   `renderChatMessageHTML` with `(message, html)` only, and returns that element (foundryvtt issue 11984;
   *   the core lines quoted in daggerheart issue 1199).
   * - Otherwise the default path: an `<li class="chat-message">` with a header and a `.message-content`
   *   holding the content, or for a roll message each roll's `render()` (private when the content is not
   *   visible to this user); then the hook with `(message, html, context)`. Unsure: Foundry's exact header
   *   markup; only `.message-content` and `data-message-id` are relied on.
   */
  async renderHTML(options: { canDelete?: boolean; canClose?: boolean } = {}): Promise<HTMLElement> {
    const doc = (globalThis as { document?: Document }).document;
    if (!doc) throw new Error("renderHTML needs a DOM: use the happy-dom environment");
    const canDelete = options.canDelete ?? state.user.isGM;
    const system = this.system as { renderHTML?: (options: PlainObject) => Promise<HTMLElement> } | undefined;
    if (typeof system?.renderHTML === "function") {
      const html = await system.renderHTML({ ...options, canDelete, canClose: options.canClose ?? false });
      state.hooks.callAll("renderChatMessageHTML", this, html);
      return html;
    }
    const li = doc.createElement("li");
    li.className = "chat-message message flexcol";
    li.dataset.messageId = this.id;
    const header = doc.createElement("header");
    header.className = "message-header";
    header.textContent = this.alias;
    const content = doc.createElement("div");
    content.className = "message-content";
    let html = this.content;
    if (this.isRoll) {
      const parts: string[] = [];
      for (const roll of this.rolls as { render?: (options: { isPrivate: boolean }) => Promise<string> }[]) if (roll.render) parts.push(await roll.render({ isPrivate: !this.isContentVisible }));
      html = parts.join("");
    }
    content.innerHTML = html;
    li.append(header, content);
    state.hooks.callAll("renderChatMessageHTML", this, li, { canDelete });
    return li;
  }

  override canUserModify(user: StandInUser, action: "create" | "update" | "delete"): boolean {
    if (action === "create") return true;
    return user.isGM || this._source.author === user.id;
  }
  /** Anyone may post, but only as herself: a player's message naming another author is refused (a GM may post for anyone). */
  override canUserCreate(user: StandInUser): boolean {
    return user.isGM || this._source.author === user.id;
  }

  override async update(data: PlainObject = {}, options: UpdateOptions = {}): Promise<this | undefined> {
    // An update that does not name `rolls` leaves them alone (only creation defaults them to []).
    const changes = expandObject(data);
    return super.update("rolls" in changes ? normaliseRolls(changes) : changes, options);
  }

  /** Who speaks: the actor's id and name, as Foundry's getSpeaker does without tokens or scenes. */
  static getSpeaker({ actor, alias }: { actor?: StandInActor | null; alias?: string } = {}): SpeakerData {
    return { scene: null, actor: actor?.id ?? null, token: null, alias: alias ?? actor?.name ?? state.user.name };
  }

  protected override _collection(): Map<string, StandInDocument> {
    return state.messages as Map<string, StandInDocument>;
  }
}

function normaliseRolls(data: PlainObject): PlainObject {
  if (!("rolls" in data)) return { rolls: [], ...data };
  const rolls = Array.isArray(data.rolls) ? data.rolls : [];
  return { ...data, rolls: rolls.map((r: unknown) => (typeof r === "string" ? r : JSON.stringify(r))) };
}

type ScriptFunction = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => ScriptFunction;

/** A script macro; `execute()` runs its command as an async function, as Foundry does. */
export class StandInMacro extends StandInDocument {
  static override documentName: DocumentName = "Macro";

  constructor(data: PlainObject = {}, context: DocumentContext = {}) {
    super({ type: "script", command: "", author: state.user.id, ownership: { default: OWNERSHIP.NONE, [state.user.id]: OWNERSHIP.OWNER }, ...data }, context);
  }

  get command(): string {
    return String(this._source.command ?? "");
  }
  get author(): StandInUser | undefined {
    return state.users.get(String(this._source.author));
  }

  /** Script macros need the MACRO_SCRIPT permission, as in Foundry. */
  override canUserCreate(user: StandInUser): boolean {
    return this._source.type !== "script" || user.can("MACRO_SCRIPT");
  }

  async execute(scope: PlainObject = {}): Promise<unknown> {
    const keys = Object.keys(scope);
    const fn = new AsyncFunction(...keys, this.command);
    return fn(...keys.map((k) => scope[k]));
  }

  protected override _collection(): Map<string, StandInDocument> {
    return state.macros as Map<string, StandInDocument>;
  }
}

/** Resolves "Actor.<id>", "Actor.<id>.Item.<id>", "Item.<id>", "ChatMessage.<id>", "Macro.<id>" in the world. */
export function fromUuidSync(uuid: string): StandInDocument | null {
  const parts = uuid.split(".");
  const [type, id, embeddedType, embeddedId] = parts;
  if (id === undefined) return null;
  const top =
    type === "Actor"
      ? state.actors.get(id)
      : type === "Item"
        ? state.items.get(id)
        : type === "ChatMessage"
          ? state.messages.get(id)
          : type === "Macro"
            ? state.macros.get(id)
            : type === "JournalEntry"
              ? state.journal.get(id)
              : undefined;
  if (!top) return null;
  if (embeddedType === undefined) return top;
  if (embeddedType === "JournalEntryPage" && embeddedId !== undefined && "pages" in top) return (top.pages as Map<string, StandInDocument>).get(embeddedId) ?? null;
  if (embeddedType === "Item" && embeddedId !== undefined && top instanceof StandInActor) return top.items.get(embeddedId) ?? null;
  return null;
}
