/**
 * A hack as data: one JSON document that changes the Types, the Basic Chart, the Ob grade names, the
 * compendiums offered and the names of some terms. The SRD opens with "Hacking The Gold Hack": groups
 * may modify or expand Lifepaths, Types and Skills. This module validates such a document (every
 * problem a localisable `{ key, data }` under GOLDHACK.Hack.Problem.*) and turns a valid one into the
 * shape of CONFIG.GOLDHACK. Pure: no Foundry. The JSON Schema in schemas/hack.schema.json says the same
 * about shapes (a test keeps them in agreement); the cross-references (a row for each age, Fate within
 * Potential, a Lifepath's Types known) only this validator checks.
 */
import { AGES, BASIC_CHART, OB_GRADES, SKILL_TYPES } from "./chart";
import { PRACTICE_ORDER } from "./learning";
import type { ChartRow, Problem } from "./types";

/** Text in one or several languages: a string (a localisation key or plain text) or `{ "en": …, "es": … }`. */
export type LocalText = string | Readonly<Record<string, string>>;

export interface HackType {
  key: string;
  label: LocalText;
  /** Sixes explode, as Magic. SRD: Alterations › My Skill Is Magic! */
  explodes: boolean;
  /** Place in the practice order, 0 = slowest. SRD: Changes › Downtime & Practice */
  practiceOrder: number;
}

export interface HackAge {
  key: string;
  label: LocalText;
}

export interface HackObGrade {
  ob: number;
  label: LocalText;
}

/** The kinds of compendium a hack names for its builder and sheets. */
export const HACK_COMPENDIUM_KINDS = ["skill", "trait", "lifepath", "fallout"] as const;
export type HackCompendiumKind = (typeof HACK_COMPENDIUM_KINDS)[number];

/** Pack ids (`<package>.<pack>`) for every language, or per language. */
export type PackList = readonly string[] | Readonly<Record<string, readonly string[]>>;

/** Game terms a hack may rename per language. */
export const HACK_TERMS = ["fate", "persona", "potential"] as const;
export type HackTerm = (typeof HACK_TERMS)[number];

/** One hack document. Every section but `name` is optional: a missing one is the SRD's. */
export interface HackDocument {
  $schema?: string;
  name: LocalText;
  types?: readonly HackType[];
  /** Ages in the order a character lives them. */
  ages?: readonly HackAge[];
  /** A row of the Basic Chart for every age, by age key. */
  chart?: Readonly<Record<string, Readonly<ChartRow>>>;
  obGrades?: readonly HackObGrade[];
  compendiums?: Partial<Readonly<Record<HackCompendiumKind, PackList>>>;
  /** New names of terms per language, e.g. `{ "fate": { "en": "Luck", "es": "Suerte" } }`. */
  terms?: Partial<Readonly<Record<HackTerm, Readonly<Record<string, string>>>>>;
  /** Any other text by localisation key per language: `{ "en": { "GOLDHACK.Sheet.Potential": "Grit" } }`. */
  strings?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The top-level fields, in the order the docs list them. The schema must declare exactly these. */
export const HACK_FIELDS = ["$schema", "name", "types", "ages", "chart", "obGrades", "compendiums", "terms", "strings"] as const;
export const HACK_TYPE_FIELDS = ["key", "label", "explodes", "practiceOrder"] as const;
export const HACK_AGE_FIELDS = ["key", "label"] as const;
export const HACK_OB_FIELDS = ["ob", "label"] as const;

/**
 * The chart's numbers and their least legal value. A character takes at least one Lifepath, whose
 * free Skill starts at rating 2 (so the cap is at least 2), and an Untrained Test rolls Potential dice
 * (so Potential is at least 1). SRD: Characters › The Basic Chart, Lifepaths; Tests › Untrained
 */
export const CHART_MINIMUMS: Readonly<Record<keyof ChartRow, number>> = Object.freeze({
  lifepaths: 1,
  skillPoints: 0,
  maxRating: 2,
  fate: 0,
  persona: 0,
  potential: 1,
  traits: 0,
});
export const CHART_FIELDS = Object.keys(CHART_MINIMUMS) as (keyof ChartRow)[];

/**
 * The largest number a hack may hold: every chart number, practice place and Ob. The SRD sets no maximum;
 * the system stops ratings and Obs at 99 (ruling-rating-cap), so a chart, a practice place or an Ob beyond
 * it could never be played, and a typo (1e20) would build millions of dice or pips.
 */
// Ruling: ruling-rating-cap (rules journal)
export const HACK_NUMBER_MAX = 99;

/**
 * Names that reach an object's prototype when used as a key or a dotted-path segment. A hack naming one
 * anywhere (a key of any object, a Type or age key, a segment of a string's key) is refused, so nothing
 * read from a hack can write to Object.prototype (`setProperty(translations, "GOLDHACK.__proto__.x", …)`).
 */
export const FORBIDDEN_KEYS: readonly string[] = Object.freeze(["__proto__", "constructor", "prototype"]);
/** Whether a key, or any segment of a dotted path, is one of {@link FORBIDDEN_KEYS}. */
export const isForbiddenKey = (key: string): boolean => key.split(".").some((segment) => FORBIDDEN_KEYS.includes(segment));

/** A Lifepath opens this many Types, so a hack needs at least as many. SRD: Characters › Lifepaths */
export const HACK_MIN_TYPES = 3;

/** Keys of Types and ages: lower-case letters, digits and dashes, starting with a letter. */
export const HACK_KEY_PATTERN = /^[a-z][a-z0-9-]*$/;
/** A language code, as Foundry's manifests name them: "en", "es", "pt-BR". */
export const HACK_LANG_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** A compendium's id: "<package id>.<pack name>". */
export const HACK_PACK_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const srdPacks = (pack: string): Record<string, string[]> => ({ en: [`goldhack.${pack}-en`], es: [`goldhack.${pack}-es`] });

/** The SRD's sections, each always present (applyHack and hackPacks fall back on them). */
const SRD_TYPES: readonly HackType[] = SKILL_TYPES.map((key) => ({
  key,
  label: `GOLDHACK.SkillType.${capitalise(key)}`,
  explodes: key === "magic",
  practiceOrder: PRACTICE_ORDER.indexOf(key),
}));
const SRD_AGES: readonly HackAge[] = AGES.map((key) => ({ key, label: `GOLDHACK.Age.${capitalise(key)}` }));
const SRD_CHART: Readonly<Record<string, Readonly<ChartRow>>> = { ...BASIC_CHART };
const SRD_OB_GRADES: readonly HackObGrade[] = Object.entries(OB_GRADES).map(([ob, grade]) => ({ ob: Number(ob), label: `GOLDHACK.Ob.${capitalise(grade)}` }));
const SRD_COMPENDIUMS: Readonly<Record<HackCompendiumKind, PackList>> = {
  skill: srdPacks("skills"),
  trait: srdPacks("traits"),
  lifepath: srdPacks("lifepaths"),
  fallout: srdPacks("fallout"),
};

/** The SRD game, as a hack. Applying it gives exactly the config the system builds from the SRD. */
export const SRD_HACK: Readonly<HackDocument> = Object.freeze({
  name: { en: "The Gold Hack (SRD)", es: "El Hack Dorado (SRD)" },
  types: SRD_TYPES,
  ages: SRD_AGES,
  chart: SRD_CHART,
  obGrades: SRD_OB_GRADES,
  compendiums: SRD_COMPENDIUMS,
});

/** A Lifepath or Skill a hack's packs carry, for the cross-check of their Types. */
export interface HackContent {
  lifepaths?: readonly { name: string; types: readonly string[] }[];
  skills?: readonly { name: string; type: string }[];
}

const P = "GOLDHACK.Hack.Problem.";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** A whole number (Number.isInteger is false for anything not a number). */
const isWhole = (v: unknown): v is number => Number.isInteger(v);

class Collector {
  readonly problems: Problem[] = [];
  add(name: string, data?: Record<string, string | number>): void {
    this.problems.push(data ? { key: `${P}${name}`, data } : { key: `${P}${name}` });
  }
  /** Reports properties other than `allowed`; true when there were none. */
  onlyFields(obj: Json, allowed: readonly string[], where: string): void {
    for (const field of Object.keys(obj)) if (!allowed.includes(field)) this.add("FieldUnknown", { field: where ? `${where}.${field}` : field });
  }
}

function checkLocalText(c: Collector, value: unknown, where: string): void {
  if (typeof value === "string") {
    if (value.trim() === "") c.add("TextEmpty", { field: where });
    return;
  }
  if (!isObject(value)) return c.add("TextInvalid", { field: where });
  const entries = Object.entries(value);
  if (entries.length === 0) c.add("TextEmpty", { field: where });
  for (const [lang, text] of entries) {
    if (!HACK_LANG_PATTERN.test(lang)) c.add("LanguageInvalid", { field: where, lang });
    if (typeof text !== "string") c.add("TextInvalid", { field: `${where}.${lang}` });
    else if (text.trim() === "") c.add("TextEmpty", { field: `${where}.${lang}` });
  }
}

function checkArray(c: Collector, value: unknown, field: string): value is unknown[] {
  if (Array.isArray(value)) return true;
  c.add("FieldNotList", { field });
  return false;
}

function checkKeyed(c: Collector, entry: Json, where: string, seen: Set<string>, repeated: string): string | null {
  const key = entry.key;
  if (typeof key !== "string" || !HACK_KEY_PATTERN.test(key)) {
    c.add("KeyInvalid", { field: `${where}.key`, key: String(key) });
    return null;
  }
  if (isForbiddenKey(key)) {
    c.add("KeyForbidden", { field: `${where}.key`, key });
    return null;
  }
  if (seen.has(key)) c.add(repeated, { key });
  seen.add(key);
  return key;
}

function checkTypes(c: Collector, value: unknown): string[] {
  if (!checkArray(c, value, "types")) return [];
  const keys = new Set<string>();
  const orders = new Map<number, string>();
  value.forEach((entry, i) => {
    const where = `types[${i}]`;
    if (!isObject(entry)) return c.add("EntryInvalid", { field: where });
    c.onlyFields(entry, HACK_TYPE_FIELDS, where);
    const key = checkKeyed(c, entry, where, keys, "TypeRepeated");
    const name = key ?? where;
    checkLocalText(c, entry.label, `${where}.label`);
    if (typeof entry.explodes !== "boolean") c.add("TypeExplodesInvalid", { type: name });
    const order = entry.practiceOrder;
    if (!isWhole(order) || order < 0) {
      c.add("PracticeOrderInvalid", { type: name, value: String(order) });
    } else if (order > HACK_NUMBER_MAX) {
      c.add("PracticeOrderAboveMax", { type: name, value: order, max: HACK_NUMBER_MAX });
    } else {
      const other = orders.get(order);
      if (other !== undefined) c.add("PracticeOrderRepeated", { type: name, other, value: order });
      else orders.set(order, name);
    }
  });
  if (keys.size < HACK_MIN_TYPES) c.add("TypesTooFew", { count: keys.size, min: HACK_MIN_TYPES });
  return [...keys];
}

function checkAges(c: Collector, value: unknown): string[] {
  if (!checkArray(c, value, "ages")) return [];
  const keys = new Set<string>();
  value.forEach((entry, i) => {
    const where = `ages[${i}]`;
    if (!isObject(entry)) return c.add("EntryInvalid", { field: where });
    c.onlyFields(entry, HACK_AGE_FIELDS, where);
    checkKeyed(c, entry, where, keys, "AgeRepeated");
    checkLocalText(c, entry.label, `${where}.label`);
  });
  if (keys.size === 0) c.add("AgesNone");
  return [...keys];
}

function checkChart(c: Collector, value: unknown, ages: readonly string[]): void {
  if (!isObject(value)) return c.add("FieldNotObject", { field: "chart" });
  for (const age of ages) if (!Object.hasOwn(value, age)) c.add("AgeWithoutRow", { age });
  for (const [age, row] of Object.entries(value)) {
    if (!ages.includes(age)) c.add("RowWithoutAge", { age });
    if (!isObject(row)) {
      c.add("EntryInvalid", { field: `chart.${age}` });
      continue;
    }
    c.onlyFields(row, CHART_FIELDS, `chart.${age}`);
    let whole = true;
    for (const field of CHART_FIELDS) {
      const n = row[field];
      if (n === undefined) {
        c.add("ChartNumberMissing", { age, field });
        whole = false;
      } else if (!isWhole(n)) {
        c.add("ChartNumberNotWhole", { age, field, value: String(n) });
        whole = false;
      } else if (n < CHART_MINIMUMS[field]) {
        c.add("ChartNumberBelowMin", { age, field, value: n, min: CHART_MINIMUMS[field] });
        whole = false;
      } else if (n > HACK_NUMBER_MAX) {
        c.add("ChartNumberAboveMax", { age, field, value: n, max: HACK_NUMBER_MAX });
        whole = false;
      }
    }
    if (!whole) continue;
    // Fate and Persona never exceed Potential, so a row that starts above it is impossible. SRD: The Basic Chart
    const { fate, persona, potential } = row as unknown as ChartRow;
    if (fate > potential) c.add("ChartFateAbovePotential", { age, fate, potential });
    if (persona > potential) c.add("ChartPersonaAbovePotential", { age, persona, potential });
  }
}

function checkObGrades(c: Collector, value: unknown): void {
  if (!checkArray(c, value, "obGrades")) return;
  const seen = new Set<number>();
  value.forEach((entry, i) => {
    const where = `obGrades[${i}]`;
    if (!isObject(entry)) return c.add("EntryInvalid", { field: where });
    c.onlyFields(entry, HACK_OB_FIELDS, where);
    const ob = entry.ob;
    if (!isWhole(ob) || ob < 1) c.add("ObInvalid", { ob: String(ob) });
    else if (ob > HACK_NUMBER_MAX) c.add("ObAboveMax", { ob, max: HACK_NUMBER_MAX });
    else if (seen.has(ob)) c.add("ObRepeated", { ob });
    else seen.add(ob);
    checkLocalText(c, entry.label, `${where}.label`);
  });
  if (value.length === 0) c.add("ObGradesNone");
}

function checkPackIds(c: Collector, value: unknown, where: string): void {
  if (!checkArray(c, value, where)) return;
  for (const id of value) if (typeof id !== "string" || !HACK_PACK_PATTERN.test(id)) c.add("PackIdInvalid", { field: where, id: String(id) });
}

function checkCompendiums(c: Collector, value: unknown): void {
  if (!isObject(value)) return c.add("FieldNotObject", { field: "compendiums" });
  c.onlyFields(value, HACK_COMPENDIUM_KINDS, "compendiums");
  for (const kind of HACK_COMPENDIUM_KINDS) {
    const list = value[kind];
    if (list === undefined) continue;
    if (Array.isArray(list)) checkPackIds(c, list, `compendiums.${kind}`);
    else if (isObject(list)) {
      for (const [lang, ids] of Object.entries(list)) {
        if (!HACK_LANG_PATTERN.test(lang)) c.add("LanguageInvalid", { field: `compendiums.${kind}`, lang });
        checkPackIds(c, ids, `compendiums.${kind}.${lang}`);
      }
    } else c.add("FieldNotList", { field: `compendiums.${kind}` });
  }
}

function checkTerms(c: Collector, value: unknown): void {
  if (!isObject(value)) return c.add("FieldNotObject", { field: "terms" });
  for (const [term, names] of Object.entries(value)) {
    if (!(HACK_TERMS as readonly string[]).includes(term)) c.add("TermUnknown", { term, terms: HACK_TERMS.join(", ") });
    else if (!isObject(names)) c.add("TextInvalid", { field: `terms.${term}` });
    else checkLocalText(c, names, `terms.${term}`);
  }
}

function checkStrings(c: Collector, value: unknown): void {
  if (!isObject(value)) return c.add("FieldNotObject", { field: "strings" });
  for (const [lang, strings] of Object.entries(value)) {
    if (!HACK_LANG_PATTERN.test(lang)) c.add("LanguageInvalid", { field: "strings", lang });
    if (!isObject(strings)) {
      c.add("FieldNotObject", { field: `strings.${lang}` });
      continue;
    }
    for (const [key, text] of Object.entries(strings)) {
      if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/.test(key)) c.add("StringKeyInvalid", { key });
      if (typeof text !== "string") c.add("TextInvalid", { field: `strings.${lang}.${key}` });
    }
  }
}

/** Lifepaths and Skills of the hack's packs: every Type they name must be one of the hack's. SRD: Characters › Lifepaths */
function checkContent(c: Collector, content: HackContent, types: readonly string[]): void {
  for (const lifepath of content.lifepaths ?? []) {
    if (lifepath.types.length !== HACK_MIN_TYPES) c.add("LifepathTypeCount", { lifepath: lifepath.name, count: lifepath.types.length, expected: HACK_MIN_TYPES });
    const seen = new Set<string>();
    for (const type of lifepath.types) {
      if (!types.includes(type)) c.add("LifepathTypeUnknown", { lifepath: lifepath.name, type });
      else if (seen.has(type)) c.add("LifepathTypeRepeated", { lifepath: lifepath.name, type });
      seen.add(type);
    }
  }
  for (const skill of content.skills ?? []) if (!types.includes(skill.type)) c.add("SkillTypeUnknown", { skill: skill.name, type: skill.type });
}

/**
 * Every key anywhere in the value that is, or has a dotted segment that is, a prototype name: `__proto__`
 * as JSON.parse leaves it (an own key), `constructor`, `prototype`. Walks arrays and plain objects; reports
 * each key once with its path. Depth is bounded by the JSON itself (no cycles in parsed JSON; a cycle in
 * an object handed in by code is walked once).
 */
function forbiddenKeys(c: Collector, value: unknown, where: string, seen: Set<object> = new Set()): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((entry, i) => forbiddenKeys(c, entry, `${where}[${i}]`, seen));
    return;
  }
  for (const key of Object.keys(value)) {
    const path = where ? `${where}.${key}` : key;
    if (isForbiddenKey(key)) c.add("KeyForbidden", { field: path, key });
    else forbiddenKeys(c, (value as Json)[key], path, seen);
  }
}

/**
 * Everything that makes a hack impossible, as localisable problems; an empty list means it can be used.
 * `content`, when given, is what the hack's packs hold (their Lifepaths' and Skills' Types are checked).
 * Never throws: any JSON value may come in.
 */
export function validateHack(hack: unknown, content: HackContent = {}): Problem[] {
  const c = new Collector();
  if (!isObject(hack)) {
    c.add("NotObject");
    return c.problems;
  }
  forbiddenKeys(c, hack, "");
  // A prototype key anywhere refuses the hack before any other check reads it.
  if (c.problems.length) return c.problems;
  c.onlyFields(hack, HACK_FIELDS, "");
  if (hack.$schema !== undefined && typeof hack.$schema !== "string") c.add("TextInvalid", { field: "$schema" });
  if (hack.name === undefined) c.add("NameMissing");
  else checkLocalText(c, hack.name, "name");
  const types = hack.types === undefined ? [...SKILL_TYPES] : checkTypes(c, hack.types);
  const ages = hack.ages === undefined ? [...AGES] : checkAges(c, hack.ages);
  if (hack.chart !== undefined) checkChart(c, hack.chart, ages);
  // Without a chart the SRD's rows are used: every age but the SRD's lacks one.
  else for (const age of ages) if (!(AGES as readonly string[]).includes(age)) c.add("AgeWithoutRow", { age });
  if (hack.obGrades !== undefined) checkObGrades(c, hack.obGrades);
  if (hack.compendiums !== undefined) checkCompendiums(c, hack.compendiums);
  if (hack.terms !== undefined) checkTerms(c, hack.terms);
  if (hack.strings !== undefined) checkStrings(c, hack.strings);
  checkContent(c, content, types);
  return c.problems;
}

/** The text for `lang`: the string itself, else that language, else English, else the first given. */
export function localText(text: LocalText, lang: string): string {
  if (typeof text === "string") return text;
  return text[lang] ?? text[lang.split("-")[0] ?? ""] ?? text.en ?? Object.values(text)[0] ?? "";
}

/** The shape of CONFIG.GOLDHACK (src/config.ts); labels are localisation keys or already-localised text. */
export interface HackConfig {
  skillTypes: Record<string, { label: string; explodes: boolean; practiceOrder: number }>;
  ages: Record<string, { label: string } & ChartRow>;
  obGrades: Record<number, { label: string }>;
}

/** A valid hack (validateHack found nothing) as CONFIG.GOLDHACK for `lang`; missing sections are the SRD's. */
export function applyHack(hack: HackDocument, lang: string): HackConfig {
  const types = hack.types ?? SRD_TYPES;
  const ages = hack.ages ?? SRD_AGES;
  const chart = hack.chart ?? SRD_CHART;
  const obGrades = hack.obGrades ?? SRD_OB_GRADES;
  const skillTypes: HackConfig["skillTypes"] = {};
  for (const t of types) skillTypes[t.key] = { label: localText(t.label, lang), explodes: t.explodes, practiceOrder: t.practiceOrder };
  const ageConfig: HackConfig["ages"] = {};
  for (const a of ages) {
    const row = chart[a.key] ?? (BASIC_CHART as Record<string, ChartRow>)[a.key];
    if (!row) throw new RangeError(`age ${a.key} has no chart row: validate the hack first`);
    ageConfig[a.key] = { label: localText(a.label, lang), ...pickRow(row) };
  }
  const obs: HackConfig["obGrades"] = {};
  // Obs are whole numbers, so the object lists them from the easiest whatever the hack's order.
  for (const g of obGrades) obs[g.ob] = { label: localText(g.label, lang) };
  return { skillTypes, ages: ageConfig, obGrades: obs };
}

const pickRow = (row: Readonly<ChartRow>): ChartRow => ({
  lifepaths: row.lifepaths,
  skillPoints: row.skillPoints,
  maxRating: row.maxRating,
  fate: row.fate,
  persona: row.persona,
  potential: row.potential,
  traits: row.traits,
});

/**
 * A config (as a `goldhack.setup` hook may have left it) back as a hack document, so code hacks go
 * through the same validator. `base` gives what the config does not hold (name, compendiums, terms).
 */
export function configToHack(config: HackConfig, base: HackDocument): HackDocument {
  return {
    ...base,
    types: Object.entries(config.skillTypes).map(([key, t]) => ({ key, label: t.label, explodes: t.explodes, practiceOrder: t.practiceOrder })),
    ages: Object.entries(config.ages).map(([key, a]) => ({ key, label: a.label })),
    chart: Object.fromEntries(Object.entries(config.ages).map(([key, a]) => [key, pickRow(a)])),
    obGrades: Object.entries(config.obGrades).map(([ob, g]) => ({ ob: Number(ob), label: g.label })),
  };
}

/** The pack ids of one kind for `lang` (that language, else English, else every listed). */
export function hackPacks(hack: HackDocument, kind: HackCompendiumKind, lang: string): string[] {
  const list = hack.compendiums?.[kind] ?? SRD_COMPENDIUMS[kind];
  if (Array.isArray(list)) return [...(list as readonly string[])];
  const byLang = list as Readonly<Record<string, readonly string[]>>;
  return [...(byLang[lang] ?? byLang[lang.split("-")[0] ?? ""] ?? byLang.en ?? Object.values(byLang).flat())];
}

/** Types the old config had that the new one lacks: their Skills need a new Type. */
export function removedTypes(before: readonly string[], after: readonly string[]): string[] {
  return before.filter((type) => !after.includes(type));
}

/** A Skill somewhere in the world, as the reassignment list sees it. */
export interface PlacedSkill {
  id: string;
  name: string;
  type: string;
  /** Who holds it ("" for a world Item). */
  owner: string;
}

/** The Skills whose Type is not one of `types`, sorted by Type, then owner, then name. */
export function skillsToReassign<T extends PlacedSkill>(skills: readonly T[], types: readonly string[]): T[] {
  return skills
    .filter((s) => !types.includes(s.type))
    .sort((a, b) => a.type.localeCompare(b.type) || a.owner.localeCompare(b.owner) || a.name.localeCompare(b.name));
}

/**
 * The renames of the hack's terms in one language's strings: every whole-word, case-sensitive use of
 * a term's current name (`current[term]`) becomes its new name. Returns only the changed strings.
 * Then `strings` for that language are laid over. Words inside other words are left alone.
 */
export function hackTranslations(
  hack: HackDocument,
  lang: string,
  strings: Readonly<Record<string, string>>,
  current: Partial<Readonly<Record<HackTerm, string>>>,
): Record<string, string> {
  const changed: Record<string, string> = {};
  const renames: { pattern: RegExp; to: string }[] = [];
  for (const term of HACK_TERMS) {
    const to = hack.terms?.[term]?.[lang];
    const from = current[term];
    if (!to || !from) continue;
    const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    renames.push({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), to });
  }
  for (const [key, text] of Object.entries(strings)) {
    const next = renames.reduce((s, r) => s.replace(r.pattern, r.to), text);
    if (next !== text) changed[key] = next;
  }
  // Never a prototype path, even from a hack that skipped validateHack: the caller sets these by dotted key.
  for (const [key, text] of Object.entries(hack.strings?.[lang] ?? {})) if (!isForbiddenKey(key)) changed[key] = text;
  return changed;
}
