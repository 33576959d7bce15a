/**
 * The one loader every way of using a hack goes through: the world setting the GM's editor writes, a
 * module whose manifest declares `flags.goldhack.hack`, and code in the `goldhack.setup` hook. At init it
 * builds CONFIG.GOLDHACK from the hack in force, lets the hook change it, and validates the result; any
 * hack with problems is refused whole and the SRD game used instead. The problems are logged at once and
 * shown to the GM once the UI exists (ready).
 */
import type { GoldHackConfig } from "../config";
import { SYSTEM_ID } from "../constants";
import { configToHack, type HackCompendiumKind, hackPacks, HACK_TERMS, hackTranslations, type HackTerm, isForbiddenKey, type Problem, validateHack } from "../rules";
import { type HackCandidate, type HackLoad, type HackSource, resolveHack, srdLoad } from "./state";

export const HACK_SETTING = "hack";

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

/** The world setting's JSON text; "" when unset or not registered (as in a bare test). */
function settingText(): string {
  try {
    const value = foundryGame()?.settings?.get(SYSTEM_ID, HACK_SETTING);
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
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

/** One problem as text in the client's language. */
export function problemText(problem: Problem): string {
  const data = Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, String(v)]));
  return foundryGame()?.i18n?.format(problem.key, data) ?? problem.key;
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
export function loadHack(candidates: readonly HackCandidate[] = hackCandidates()): HackLoad {
  const lang = currentLang();
  let load = resolveHack(candidates, lang);
  installConfig(load.config);
  Hooks.callAll("goldhack.setup", CONFIG.GOLDHACK);
  const afterHook = validateHack(configToHack(CONFIG.GOLDHACK, load.hack));
  if (afterHook.length) {
    load = srdLoad(lang, { source: { kind: "hook" }, problems: afterHook }, load.ignored);
    installConfig(load.config);
  }
  current = load;
  if (load.refused) {
    // Translations are not loaded yet at init: the keys go to the console now, the text at ready.
    console.error(`${SYSTEM_ID} | hack from ${load.refused.source.kind} refused, playing the SRD game:`, load.refused.problems);
  }
  return load;
}

/** The refusal as one localised message: which hack, then each problem. */
export function refusalMessage(load: HackLoad): string | null {
  if (!load.refused) return null;
  const i18n = foundryGame()?.i18n;
  const head = i18n?.format("GOLDHACK.Hack.Refused", { source: sourceLabel(load.refused.source) }) ?? "GOLDHACK.Hack.Refused";
  return `${head} ${load.refused.problems.map(problemText).join(" · ")}`;
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
