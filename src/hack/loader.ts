/**
 * The one loader every way of using a hack goes through: the world setting the GM's editor writes, a
 * module whose manifest declares `flags.goldhack.hack`, and code in the `goldhack.setup` hook. At init it
 * builds CONFIG.GOLDHACK from the hack in force, lets the hook change it, and validates the result; any
 * hack with problems is refused whole and the SRD game used instead. The problems are logged at once and
 * shown to the GM once the UI exists (ready).
 */
import type { GoldHackConfig } from "../config";
import { SYSTEM_ID } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { formatMessage } from "../i18n/plural";
import { applyHack, CHART_FIELDS, configToHack, type HackCompendiumKind, hackPacks, HACK_TERMS, hackTranslations, type HackTerm, isForbiddenKey, type Problem, validateHack } from "../rules";
import { type HackCandidate, type HackLoad, type HackSource, type LastGoodHack, readLastGood, resolveHack, srdLoad } from "./state";

export const HACK_SETTING = "hack";
/** The last hack that loaded without problems, `{ source, hack }` as JSON, kept in force if the next one is refused. */
export const HACK_LAST_GOOD_SETTING = "hackLastGood";

let current: HackLoad | null = null;

/** `game`, or undefined where it does not exist yet (a bare test of the config). */
function foundryGame(): typeof game | undefined {
  return typeof game === "undefined" ? undefined : game;
}

/** The hack in force (the SRD game before init has loaded one). */
export function activeHack(): HackLoad {
  return current ?? srdLoad(currentLang());
}

/** The language the client runs in. */
export function currentLang(): string {
  return foundryGame()?.i18n?.lang ?? "en";
}

/**
 * The compendiums (pack ids, "<package>.<pack>") the hack in force offers for Skills, Traits, Lifepaths or
 * Fallout in the client's language. The character builder and the sheets read their choices from here.
 */
export function hackCompendiums(kind: HackCompendiumKind, lang: string = currentLang()): string[] {
  return hackPacks(activeHack().hack, kind, lang);
}

/** A world setting's JSON text; "" when unset or not registered (as in a bare test). */
function settingText(key: typeof HACK_SETTING | typeof HACK_LAST_GOOD_SETTING = HACK_SETTING): string {
  try {
    const value = foundryGame()?.settings?.get(SYSTEM_ID, key);
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

/** The last good hack this world recorded, if any is recorded and still valid. */
export function lastGoodHack(): LastGoodHack | null {
  return readLastGood(settingText(HACK_LAST_GOOD_SETTING));
}

/** What an active module declares in its manifest: `flags.goldhack.hack`. */
function moduleFlag(module: unknown): unknown {
  const flags = (module as { flags?: Record<string, unknown> }).flags;
  const ours = flags?.[SYSTEM_ID];
  return typeof ours === "object" && ours !== null ? (ours as Record<string, unknown>).hack : undefined;
}

/** Every hack on offer, in precedence order: the world setting, then active modules by id. */
export function hackCandidates(): HackCandidate[] {
  const candidates: HackCandidate[] = [];
  const text = settingText();
  if (text.trim() !== "") candidates.push({ source: { kind: "setting" }, value: text });
  const modules = [...(foundryGame()?.modules?.values() ?? [])].filter((m) => m.active).sort((a, b) => a.id.localeCompare(b.id));
  for (const module of modules) {
    const value = moduleFlag(module);
    if (value === undefined) continue;
    candidates.push({ source: { kind: "module", id: module.id, title: module.title }, value });
  }
  return candidates;
}

/** A source's name for messages. */
export function sourceLabel(source: HackSource): string {
  const i18n = foundryGame()?.i18n;
  const key = `GOLDHACK.Hack.Source.${source.kind}`;
  const title = source.kind === "module" ? source.title : "";
  return i18n?.format(key, { title }) ?? key;
}

/** A label's text: a localisation key is looked up, plain text (a hack's own, e.g. "Sail") shown as it is. */
const LOOKS_LIKE_KEY = /^[A-Z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

/** The config whose labels name a problem's age and Type: the one in force (it holds a refused hack's kept rows). */
function configInForce(): GoldHackConfig | undefined {
  return typeof CONFIG === "object" && typeof CONFIG.GOLDHACK === "object" ? CONFIG.GOLDHACK : undefined;
}

/** The label players see for an age or Type key, read from the config in force; the key when it names none. */
function labelOf(table: Record<string, { label: string }> | undefined, key: string): string {
  const row = table && Object.hasOwn(table, key) ? table[key] : undefined;
  if (!row) return key;
  return LOOKS_LIKE_KEY.test(row.label) ? gameI18n().localize(row.label) : row.label;
}

/**
 * One problem as text in the client's language (issue 29): an age, a Type and a Basic Chart column are named by the
 * labels players see ("The Ancient row's Traits"), not by their keys ("ancient … traits"), as the hack editor does.
 */
export function problemText(problem: Problem): string {
  if (!foundryGame()?.i18n) return problem.key;
  const i18n = gameI18n();
  const config = configInForce();
  const data = Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, String(v)]));
  if (data.age !== undefined) data.age = labelOf(config?.ages, data.age);
  if (data.type !== undefined) data.type = labelOf(config?.skillTypes, data.type);
  if (data.field !== undefined && (CHART_FIELDS as readonly string[]).includes(data.field)) data.field = i18n.localize(`GOLDHACK.Hack.Editor.Chart.${data.field}`);
  return formatMessage(i18n, problem.key, data);
}

/**
 * Puts a game's config in CONFIG.GOLDHACK, replacing the last one whole but keeping `applications`: a hack
 * changes the game, never which windows lower floors open through CONFIG (src/documents/configured.ts).
 */
export function installConfig(config: GoldHackConfig): void {
  const applications = typeof CONFIG.GOLDHACK === "object" ? CONFIG.GOLDHACK.applications : undefined;
  CONFIG.GOLDHACK = { ...config, applications: applications ?? {} };
}

/**
 * Builds CONFIG.GOLDHACK from the hack in force, fires `goldhack.setup` for code hacks, then validates what
 * the hook left; refused hacks fall back to the SRD game. Call at init before anything reads the config.
 */
export function loadHack(candidates: readonly HackCandidate[] = hackCandidates(), lastGood: LastGoodHack | null = lastGoodHack()): HackLoad {
  const lang = currentLang();
  let load = resolveHack(candidates, lang, lastGood);
  installConfig(load.config);
  Hooks.callAll("goldhack.setup", CONFIG.GOLDHACK);
  const afterHook = validateHack(configToHack(CONFIG.GOLDHACK, load.hack));
  if (afterHook.length) {
    // The hook's changes are refused; the hack it was given stays in force, as it was before the hook.
    const refused = load.refused
      ? { source: load.refused.source, problems: [...load.refused.problems, ...afterHook] }
      : { source: { kind: "hook" } as HackSource, problems: afterHook };
    load = { ...load, config: applyHack(load.hack, lang), refused };
    installConfig(load.config);
  }
  current = load;
  if (load.refused) {
    // Translations are not loaded yet at init: the keys go to the console now, the text at ready.
    console.error(`${SYSTEM_ID} | hack from ${load.refused.source.kind} refused, playing ${load.source.kind}:`, load.refused.problems);
  }
  return load;
}

/**
 * The refusal as one localised message: which hack, what stays in force instead (the SRD game, or the last
 * hack that loaded), each problem, then the Types and ages kept from the refused hack, if any.
 */
export function refusalMessage(load: HackLoad): string | null {
  if (!load.refused) return null;
  const i18n = foundryGame()?.i18n;
  const source = sourceLabel(load.refused.source);
  const head =
    load.source.kind === "srd"
      ? (i18n?.format("GOLDHACK.Hack.Refused", { source }) ?? "GOLDHACK.Hack.Refused")
      : (i18n?.format("GOLDHACK.Hack.RefusedLastInForce", { source, used: sourceLabel(load.source) }) ?? "GOLDHACK.Hack.RefusedLastInForce");
  const kept = load.kept && (load.kept.types.length || load.kept.ages.length) ? keptMessage(load.kept) : "";
  return `${head} ${load.refused.problems.map(problemText).join(" · ")}${kept ? ` ${kept}` : ""}`;
}

/** Which of the refused hack's Types and ages stay in force so no document becomes invalid. */
function keptMessage(kept: { types: string[]; ages: string[] }): string {
  const none = foundryGame()?.i18n?.localize("GOLDHACK.Hack.KeptNone") ?? "-";
  const config = configInForce();
  const data = {
    types: kept.types.map((key) => labelOf(config?.skillTypes, key)).join(", ") || none,
    ages: kept.ages.map((key) => labelOf(config?.ages, key)).join(", ") || none,
  };
  return foundryGame()?.i18n?.format("GOLDHACK.Hack.Kept", data) ?? "GOLDHACK.Hack.Kept";
}

/**
 * At ready, on a GM's client: records the hack in force as the last good one when it loaded from a setting
 * or module without problems, so a later refusal keeps it in force. Never rejects (a failed write is logged).
 */
export async function recordLastGoodHack(load: HackLoad = activeHack()): Promise<void> {
  const g = foundryGame();
  if (!g?.user?.isGM || load.refused || (load.source.kind !== "setting" && load.source.kind !== "module")) return;
  const text = JSON.stringify({ source: load.source, hack: load.hack });
  if (settingText(HACK_LAST_GOOD_SETTING) === text) return;
  try {
    await g.settings?.set(SYSTEM_ID, HACK_LAST_GOOD_SETTING, text);
  } catch (error) {
    console.error(`${SYSTEM_ID} | could not record the hack in force as the last good one:`, error);
  }
}

/** At ready: the refusal in the console for everyone and as a lasting error for GMs; other hacks ignored, as a warning. */
export function reportHackLoad(load: HackLoad = activeHack()): void {
  const message = refusalMessage(load);
  if (message) {
    console.error(`${SYSTEM_ID} | ${message}`);
    if (foundryGame()?.user?.isGM) ui.notifications?.error(message, { permanent: true });
  }
  if (load.ignored.length && foundryGame()?.user?.isGM) {
    const i18n = foundryGame()?.i18n;
    const data = { used: sourceLabel(load.source), ignored: load.ignored.map(sourceLabel).join(", ") };
    ui.notifications?.warn(i18n?.format("GOLDHACK.Hack.Ignored", data) ?? "GOLDHACK.Hack.Ignored");
  }
}

/** The keys whose text names each renamable term, read for its current name. */
export const TERM_KEYS: Readonly<Record<HackTerm, string>> = Object.freeze({
  fate: "GOLDHACK.Sheet.Pool.Fate",
  persona: "GOLDHACK.Sheet.Pool.Persona",
  potential: "GOLDHACK.Sheet.Potential",
});

type Tree = { [key: string]: unknown };
function flatten(tree: Tree, prefix: string, out: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else if (typeof value === "object" && value !== null) flatten(value as Tree, path, out);
  }
  return out;
}

/**
 * At i18nInit (translations loaded): renames the hack's terms in our strings (GOLDHACK.*, TYPES.*) and
 * lays its own strings over, for the client's language. Returns how many strings changed.
 */
export function applyHackTranslations(load: HackLoad = activeHack()): number {
  const i18n = foundryGame()?.i18n;
  if (!i18n) return 0;
  // Most worlds play the SRD: nothing to rename, nothing to lay over, so the strings are not even walked.
  const renames = HACK_TERMS.some((term) => Boolean(load.hack.terms?.[term]?.[i18n.lang]));
  if (!renames && Object.keys(load.hack.strings?.[i18n.lang] ?? {}).length === 0) return 0;
  const translations = i18n.translations as unknown as Tree;
  const ours: Record<string, string> = {};
  for (const root of ["GOLDHACK", "TYPES"]) {
    const branch = translations[root];
    if (typeof branch === "object" && branch !== null) flatten(branch as Tree, root, ours);
  }
  const names = Object.fromEntries(HACK_TERMS.map((term) => [term, i18n.localize(TERM_KEYS[term])]));
  const changed = hackTranslations(load.hack, i18n.lang, ours, names);
  // hackTranslations already drops prototype paths; checked again here, where the write happens.
  for (const [key, text] of Object.entries(changed)) if (!isForbiddenKey(key)) foundry.utils.setProperty(translations, key, text);
  return Object.keys(changed).length;
}
