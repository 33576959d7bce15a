/**
 * What the builder's tests need beyond the shared window stand-in (applications.ts, in the real DOM of
 * dom-env.ts, driven through user-input.ts): compendium packs read from packs/_source, `fromUuid` for
 * their entries and the rules journals' pages, User flags, and `foundry.utils.escapeHTML`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { installApplications, useRealTemplates } from "./applications";
import { resetDom } from "./dom-env";
import { fromUuidSync, state, StandInCollection, StandInUser } from "./documents";

type PlainObject = Record<string, unknown>;

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
 * Installs the shared application stand-ins (real templates in `lang`, an empty page), game.packs,
 * compendium-aware fromUuid and User flags on the globals installGoldHack() made. Call after it, in
 * every beforeEach.
 */
export function installBuilderWorld(options: { lang?: "en" | "es"; packs?: StandInPack[] } = {}): { packs: StandInPack[] } {
  resetDom();
  installApplications();
  useRealTemplates(options.lang ?? "en");
  journalOpens.length = 0;
  const g = globalThis as unknown as { foundry: PlainObject; game: PlainObject; fromUuid: unknown };
  const escapeHTML = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  g.foundry.utils = { ...(g.foundry.utils as PlainObject), escapeHTML };
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

/** A user's flags as the harness keeps them (StandInUser has none of its own). */
export const userFlags$ = (user: StandInUser) =>
  user as unknown as { getFlag(scope: string, key: string): unknown; unsetFlag(scope: string, key: string): Promise<unknown> };
