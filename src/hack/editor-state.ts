/**
 * The GM's hack editor without Foundry: a draft hack, read back from the form's fields, and the view the
 * templates render (fields, a live preview, the problems, the Skills to reassign). Only English and
 * Spanish are edited; other languages a document carries are kept as they are.
 */
import type { HelperI18n } from "../i18n/i18n";
import {
  applyHack,
  CHART_FIELDS,
  CHART_MINIMUMS,
  type HackDocument,
  type HackTerm,
  HACK_TERMS,
  type LocalText,
  localText,
  type PlacedSkill,
  type Problem,
  removedTypes,
  SRD_HACK,
  validateHack,
} from "../rules";
import type { ChartRow } from "../rules/types";
import { formatMessage } from "../i18n/plural";

/** The languages the editor's fields cover. */
export const EDITOR_LANGS = ["en", "es"] as const;

/** Every section written out: what the editor works on. */
export type HackDraft = Required<Pick<HackDocument, "name" | "types" | "ages" | "chart" | "obGrades" | "terms">> & HackDocument;

/** A hack with every missing section filled from the SRD game, so each can be edited. */
export function fullDraft(hack: HackDocument): HackDraft {
  const base = structuredClone(hack) as HackDocument;
  return {
    ...base,
    types: base.types ?? structuredClone(SRD_HACK.types ?? []),
    ages: base.ages ?? structuredClone(SRD_HACK.ages ?? []),
    chart: base.chart ?? structuredClone(SRD_HACK.chart ?? {}),
    obGrades: base.obGrades ?? structuredClone(SRD_HACK.obGrades ?? []),
    terms: base.terms ?? {},
  };
}

type Values = Readonly<Record<string, unknown>>;
const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/** A label from its fields: the texts typed per language over the old ones; the key when none was typed. */
function labelFrom(values: Values, prefix: string, old: LocalText | undefined): LocalText {
  const kept = typeof old === "object" ? Object.entries(old).filter(([lang]) => !(EDITOR_LANGS as readonly string[]).includes(lang)) : [];
  const typed = EDITOR_LANGS.map((lang) => [lang, str(values[`${prefix}.label.${lang}`]).trim()] as const).filter(([, t]) => t !== "");
  const texts: Record<string, string> = Object.fromEntries([...kept, ...typed]);
  if (Object.keys(texts).length) return texts;
  const key = str(values[`${prefix}.labelKey`]);
  return key || (typeof old === "string" ? old : "");
}

/** A number field: a whole number stays a number; anything else is kept as typed so the validator names it. */
function numberFrom(value: unknown): number | undefined {
  const text = str(value).trim();
  if (text === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : (text as unknown as number);
}

/** How many rows of `prefix` the form holds: indices 0…n-1 marked by their `.key` (or `.ob`) field. */
function rowCount(values: Values, prefix: string, marker: string): number {
  let n = 0;
  while (Object.hasOwn(values, `${prefix}.${n}.${marker}`)) n += 1;
  return n;
}

/** The draft the form's values describe, on top of `base` (what the form does not show is kept). */
export function draftFromForm(values: Values, base: HackDraft): HackDraft {
  const types = Array.from({ length: rowCount(values, "types", "key") }, (_, i) => {
    const p = `types.${i}`;
    return {
      key: str(values[`${p}.key`]).trim(),
      label: labelFrom(values, p, base.types[i]?.label),
      explodes: values[`${p}.explodes`] === true || values[`${p}.explodes`] === "on" || values[`${p}.explodes`] === "true",
      practiceOrder: numberFrom(values[`${p}.practiceOrder`]) as number,
    };
  });
  const chart: Record<string, ChartRow> = {};
  const ages = Array.from({ length: rowCount(values, "ages", "key") }, (_, i) => {
    const p = `ages.${i}`;
    const key = str(values[`${p}.key`]).trim();
    const row = Object.fromEntries(CHART_FIELDS.map((field) => [field, numberFrom(values[`${p}.${field}`])]).filter(([, v]) => v !== undefined));
    chart[key] = row as unknown as ChartRow;
    return { key, label: labelFrom(values, p, base.ages[i]?.label) };
  });
  const obGrades = Array.from({ length: rowCount(values, "obGrades", "ob") }, (_, i) => ({
    ob: numberFrom(values[`obGrades.${i}.ob`]) as number,
    label: labelFrom(values, `obGrades.${i}`, base.obGrades[i]?.label),
  }));
  const terms: Partial<Record<HackTerm, Record<string, string>>> = {};
  for (const term of HACK_TERMS) {
    const kept = Object.entries(base.terms[term] ?? {}).filter(([lang]) => !(EDITOR_LANGS as readonly string[]).includes(lang));
    const typed = EDITOR_LANGS.map((lang) => [lang, str(values[`terms.${term}.${lang}`]).trim()] as const).filter(([, t]) => t !== "");
    const names: Record<string, string> = Object.fromEntries([...kept, ...typed]);
    if (Object.keys(names).length) terms[term] = names;
  }
  const name = labelFrom(values, "name", base.name);
  return { ...base, name: name === "" ? base.name : name, types, ages, chart, obGrades, terms };
}

/** The draft as the JSON document authors share: sections in the documented order, no empty terms. */
export function exportHack(draft: HackDraft): string {
  const { terms, ...rest } = draft;
  const doc: HackDocument = {
    name: rest.name,
    types: rest.types,
    ages: rest.ages,
    chart: rest.chart,
    obGrades: rest.obGrades,
    ...(rest.compendiums ? { compendiums: rest.compendiums } : {}),
    ...(Object.keys(terms).length ? { terms } : {}),
    ...(rest.strings ? { strings: rest.strings } : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Adds a blank row; its key is unique so the draft stays editable (the validator still wants a label). */
export function addRow(draft: HackDraft, section: "types" | "ages" | "obGrades"): HackDraft {
  const next = structuredClone(draft);
  if (section === "types") {
    const order = Math.max(-1, ...next.types.map((t) => (Number.isInteger(t.practiceOrder) ? t.practiceOrder : -1))) + 1;
    next.types = [...next.types, { key: uniqueKey("type", next.types.map((t) => t.key)), label: "", explodes: false, practiceOrder: order }];
  } else if (section === "ages") {
    const key = uniqueKey("age", next.ages.map((a) => a.key));
    const last = next.ages.at(-1);
    next.ages = [...next.ages, { key, label: "" }];
    next.chart = { ...next.chart, [key]: { ...((last && next.chart[last.key]) || CHART_MINIMUMS) } };
  } else {
    const ob = Math.max(0, ...next.obGrades.map((g) => (Number.isInteger(g.ob) ? g.ob : 0))) + 1;
    next.obGrades = [...next.obGrades, { ob, label: "" }];
  }
  return next;
}

function uniqueKey(stem: string, taken: readonly string[]): string {
  for (let n = 1; ; n += 1) if (!taken.includes(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** Removes a row by index. */
export function removeRow(draft: HackDraft, section: "types" | "ages" | "obGrades", index: number): HackDraft {
  const next = structuredClone(draft);
  if (section === "types") next.types = next.types.filter((_, i) => i !== index);
  else if (section === "obGrades") next.obGrades = next.obGrades.filter((_, i) => i !== index);
  else {
    const gone = next.ages[index];
    next.ages = next.ages.filter((_, i) => i !== index);
    if (gone) next.chart = Object.fromEntries(Object.entries(next.chart).filter(([key]) => key !== gone.key));
  }
  return next;
}

/** What the editor needs besides the draft. */
export interface EditorEnv {
  i18n: HelperI18n;
  lang: string;
  /** Where the hack in force came from, already localised. */
  sourceLabel: string;
  /** The Type keys in force now (before this draft is saved). */
  currentTypes: readonly string[];
  /** Skills in the world, with who holds them. */
  skills: readonly PlacedSkill[];
  /** Reassignments picked so far (skill id → Type). */
  picks: Readonly<Record<string, string>>;
  /** Current names of the renamable terms, shown as placeholders. */
  termNames: Readonly<Record<HackTerm, string>>;
  /** A note to show once (after an import, a save refused…), localised. */
  notice?: { text: string; kind: "info" | "error" };
  /** The text in the import box, kept between renders. */
  importText?: string;
}

/**
 * A problem in the words the editor shows (issue 29): an age, a Type and a Basic Chart column are named by the labels
 * their rows and column headings carry, not by their keys ("The Young row's Max rating", not "young … maxRating").
 */
function problemText(i18n: HelperI18n, p: Problem, draft: HackDraft, lang: string): string {
  const data = Object.fromEntries(Object.entries(p.data ?? {}).map(([k, v]) => [k, String(v)]));
  const age = draft.ages.find((a) => a.key === data.age);
  if (age) data.age = localOrKey(i18n, age.label, lang) || age.key;
  const type = draft.types.find((t) => t.key === data.type);
  if (type) data.type = localOrKey(i18n, type.label, lang) || type.key;
  if (data.field !== undefined && (CHART_FIELDS as readonly string[]).includes(data.field)) data.field = i18n.localize(`GOLDHACK.Hack.Editor.Chart.${data.field}`);
  return formatMessage(i18n, p.key, data);
}

/** The label fields of one row: each language's text, or the key's localised text as a placeholder. */
function labelView(i18n: HelperI18n, label: LocalText) {
  const key = typeof label === "string" ? label : "";
  const shown = key ? shownText(i18n, key) : "";
  return {
    labelKey: key,
    langs: EDITOR_LANGS.map((lang) => ({ lang, value: typeof label === "object" ? (label[lang] ?? "") : "", placeholder: shown })),
  };
}

/** The context the editor's templates render. */
export function editorView(draft: HackDraft, env: EditorEnv) {
  const { i18n } = env;
  const problems = validateHack(draft);
  const valid = problems.length === 0;
  const config = valid ? applyHack(draft, env.lang) : null;
  const draftTypes = draft.types.map((t) => t.key);
  const gone = removedTypes(env.currentTypes, draftTypes);
  const reassign = env.skills
    .filter((s) => gone.includes(s.type) || !draftTypes.includes(s.type))
    .map((s) => ({
      ...s,
      ownerLabel: s.owner || i18n.localize("GOLDHACK.Hack.Reassign.WorldItem"),
      options: draftTypes.map((key) => ({ key, label: localOrKey(i18n, draft.types.find((t) => t.key === key)?.label ?? key, env.lang), selected: env.picks[s.id] === key })),
    }));
  return {
    name: labelView(i18n, draft.name),
    langs: EDITOR_LANGS.map((lang) => ({ lang, label: i18n.localize(`GOLDHACK.Hack.Editor.Lang.${lang}`) })),
    sourceLabel: env.sourceLabel,
    types: draft.types.map((t, index) => ({ index, key: t.key, explodes: t.explodes, practiceOrder: t.practiceOrder, ...labelView(i18n, t.label) })),
    chartFields: CHART_FIELDS.map((field) => ({ field, label: i18n.localize(`GOLDHACK.Hack.Editor.Chart.${field}`), min: CHART_MINIMUMS[field] })),
    ages: draft.ages.map((a, index) => ({
      index,
      key: a.key,
      ...labelView(i18n, a.label),
      numbers: CHART_FIELDS.map((field) => ({ field, value: draft.chart[a.key]?.[field] ?? "", min: CHART_MINIMUMS[field], label: i18n.localize(`GOLDHACK.Hack.Editor.Chart.${field}`) })),
    })),
    obGrades: draft.obGrades.map((g, index) => ({ index, ob: g.ob, ...labelView(i18n, g.label) })),
    terms: HACK_TERMS.map((term) => ({
      term,
      label: i18n.localize(`GOLDHACK.Hack.Editor.Term.${term}`),
      langs: EDITOR_LANGS.map((lang) => ({ lang, value: draft.terms[term]?.[lang] ?? "", placeholder: lang === env.lang ? env.termNames[term] : "" })),
    })),
    problems: problems.map((p) => problemText(i18n, p, draft, env.lang)),
    valid,
    preview: config
      ? {
          types: Object.entries(config.skillTypes)
            .sort(([, a], [, b]) => a.practiceOrder - b.practiceOrder)
            .map(([key, t]) => ({ key, label: shownText(i18n, t.label), explodes: t.explodes, added: !env.currentTypes.includes(key) })),
          removed: gone,
          ages: Object.entries(config.ages).map(([key, a]) => ({ key, label: shownText(i18n, a.label), numbers: CHART_FIELDS.map((f) => a[f]) })),
          obGrades: Object.entries(config.obGrades).map(([ob, g]) => ({ ob, label: shownText(i18n, g.label) })),
        }
      : null,
    reassign,
    notice: env.notice ?? null,
    importText: env.importText ?? "",
  };
}

export type HackEditorView = ReturnType<typeof editorView>;

/** A label's text: a localisation key is looked up, plain text (a hack's own, e.g. "Sail") shown as it is. */
const LOOKS_LIKE_KEY = /^[A-Z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
const shownText = (i18n: HelperI18n, text: string): string => (LOOKS_LIKE_KEY.test(text) ? i18n.localize(text) : text);
const localOrKey = (i18n: HelperI18n, label: LocalText, lang: string): string => shownText(i18n, localText(label, lang));
