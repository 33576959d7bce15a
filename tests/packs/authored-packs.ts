import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readPack, REPO_ROOT, type SourceDocument, type SourceEntry } from "./read-sources";

/**
 * Shared checks for the hand-written packs (rules, characters, npcs, macros):
 * the id rule, content links and the en/es twins.
 */

export const LANGS = ["en", "es"] as const;
export type Lang = (typeof LANGS)[number];

/** prefix + the English name in lower-case a-z0-9, cut to 14, padded with "0" to 16. */
export function ruleId(prefix: string, englishName: string): string {
  return (prefix + englishName.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 14)).padEnd(16, "0");
}

/** Id prefix of an Item embedded in an Actor, by Item type (the Item packs' rule). */
export const ITEM_PREFIX: Readonly<Record<string, string>> = { lifepath: "lp", skill: "sk", trait: "tr", fallout: "fa" };
/** Item pack base name by Item type. */
export const ITEM_PACK: Readonly<Record<string, string>> = { lifepath: "lifepaths", skill: "skills", trait: "traits", fallout: "fallout" };

interface DeclaredPack {
  name: string;
  label: string;
  type: string;
  system?: string;
  path?: string;
  ownership?: Record<string, string>;
}
/** The "packs" array of system.json, read fresh. */
export function declaredPacks(): DeclaredPack[] {
  const system = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as { packs?: DeclaredPack[] };
  return system.packs ?? [];
}

/** Every document of one pack, by file. */
export const docsOf = (pack: string): SourceEntry[] => readPack(pack).entries;

/** Every string anywhere inside a value, with its JSON path. */
export function strings(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** The same tree with every string replaced by "": what must agree between twins. */
export function shape(value: unknown): unknown {
  if (typeof value === "string") return "";
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return value;
}

export interface UuidLink {
  uuid: string;
  label: string | null;
  path: string;
}
/** Every @UUID[...] link in a document's strings, with its {label} when it has one. */
export function uuidLinks(doc: unknown): UuidLink[] {
  return strings(doc).flatMap(({ path, text }) =>
    [...text.matchAll(/@UUID\[([^\]]*)\](?:\{([^}]*)\})?/g)].map((m) => ({ uuid: m[1] ?? "", label: m[2] ?? null, path })),
  );
}

/** Foundry's embedded collection field for each embedded document name. */
const EMBEDDED_FIELD: Readonly<Record<string, string>> = { Item: "items", JournalEntryPage: "pages", ActiveEffect: "effects" };

/**
 * Why a compendium UUID does not resolve against packs/_source, or null when it
 * does: the pack is declared with that document type and the documents exist.
 */
export function unresolved(uuid: string, packs: readonly DeclaredPack[] = declaredPacks()): string | null {
  const parts = uuid.split(".");
  if (parts[0] !== "Compendium" || parts[1] !== "goldhack" || parts.length < 5 || parts.length % 2 === 0) return `not a goldhack compendium UUID`;
  const [, , pack = "", type = "", id = "", ...embedded] = parts;
  const declared = packs.find((p) => p.name === pack);
  if (!declared) return `pack ${pack} is not declared in system.json`;
  if (declared.type !== type) return `pack ${pack} holds ${declared.type}, not ${type}`;
  let entries: SourceEntry[];
  try {
    entries = docsOf(pack);
  } catch {
    return `pack ${pack} has no sources`;
  }
  let doc: Record<string, unknown> | undefined = entries.find((e) => e.doc._id === id)?.doc;
  if (!doc) return `no ${type} ${id} in ${pack}`;
  for (let i = 0; i < embedded.length; i += 2) {
    const field = EMBEDDED_FIELD[embedded[i] ?? ""];
    const childId = embedded[i + 1];
    const list: unknown = field ? doc[field] : undefined;
    if (!Array.isArray(list)) return `${embedded[i]} is not embedded in ${type}`;
    doc = list.find((c): c is Record<string, unknown> => typeof c === "object" && c !== null && (c as { _id?: unknown })._id === childId);
    if (!doc) return `no ${embedded[i]} ${childId} in ${uuid}`;
  }
  return null;
}

/** The document a compendium UUID names (primary level only), or undefined. */
export function lookup(uuid: string): SourceDocument | undefined {
  const [, , pack = "", , id = ""] = uuid.split(".");
  try {
    return docsOf(pack).find((e) => e.doc._id === id)?.doc;
  } catch {
    return undefined;
  }
}

export interface Twin {
  id: string;
  en: SourceEntry;
  es: SourceEntry;
}
/** Pairs the -en and -es documents of a pack base by id; ids on one side only are returned apart. */
export function twins(base: string): { pairs: Twin[]; enOnly: string[]; esOnly: string[] } {
  const en = docsOf(`${base}-en`);
  const es = docsOf(`${base}-es`);
  const pairs: Twin[] = [];
  for (const entry of en) {
    const other = es.find((e) => e.doc._id === entry.doc._id);
    if (other) pairs.push({ id: entry.doc._id, en: entry, es: other });
  }
  const ids = (list: SourceEntry[]): Set<string> => new Set(list.map((e) => e.doc._id));
  return {
    pairs,
    enOnly: [...ids(en)].filter((id) => !ids(es).has(id)),
    esOnly: [...ids(es)].filter((id) => !ids(en).has(id)),
  };
}

/** Visible text of an HTML fragment: tags dropped, entities for the few we use decoded, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const VOID_TAGS = new Set(["br", "hr", "img", "input", "meta", "link", "col", "source", "wbr"]);
/** Problems with an HTML fragment's tag nesting (unclosed, stray or crossed tags); empty when balanced. */
export function tagProblems(html: string): string[] {
  const stack: string[] = [];
  const problems: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, rawName = "", selfClosing] = m;
    const name = rawName.toLowerCase();
    if (VOID_TAGS.has(name) || selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.at(-1) === name) stack.pop();
    else problems.push(`</${name}> closes <${stack.at(-1) ?? "nothing"}>`);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

/** The plain-object view of an embedded array, typed loosely for inspection. */
export const children = (doc: SourceDocument, field: string): SourceDocument[] =>
  Array.isArray(doc[field]) ? (doc[field] as SourceDocument[]) : [];
