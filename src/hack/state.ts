/**
 * Which hack a world uses, decided from what is on offer, without Foundry: the world setting first (the
 * GM's editor writes it), else the first active module that declares one, else the SRD game. A hack
 * with problems is refused whole and its problems kept to be shown; in its place the last hack that
 * loaded in this world stays in force (else the SRD game), and the Types and ages the refused hack adds
 * are kept too, so no character or Skill that uses them becomes invalid (issue 26).
 */
import { applyHack, type HackConfig, type HackDocument, type Problem, salvageHack, SRD_HACK, validateHack } from "../rules";

/** Where a hack came from. */
export type HackSource = { kind: "srd" } | { kind: "setting" } | { kind: "module"; id: string; title: string } | { kind: "hook" };

/** A hack on offer: its source and the raw value found there (JSON text or an object). */
export interface HackCandidate {
  source: HackSource;
  value: unknown;
}

/** The outcome of loading: the hack in force, its config, and what was refused on the way. */
export interface HackLoad {
  hack: HackDocument;
  source: HackSource;
  config: HackConfig;
  /** The source refused, when one was, and why. */
  refused: { source: HackSource; problems: Problem[] } | null;
  /** Other sources that declared a hack and were not used. */
  ignored: HackSource[];
  /** After a refusal: the refused hack's Types and ages kept in force so the documents using them stay valid. */
  kept?: { types: string[]; ages: string[] };
}

/** The last hack that loaded without problems in this world, as the GM's client records it. */
export interface LastGoodHack {
  source: HackSource;
  hack: unknown;
}

/** A raw value as a hack document, or the problems that make it unusable. */
export function parseHack(value: unknown): { hack: HackDocument; problems: [] } | { hack: null; problems: Problem[] } {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      return { hack: null, problems: [{ key: "GOLDHACK.Hack.Problem.NotJson", data: { error: error instanceof Error ? error.message : String(error) } }] };
    }
  }
  const problems = validateHack(parsed);
  return problems.length ? { hack: null, problems } : { hack: parsed as HackDocument, problems: [] };
}

/** The SRD game's load. */
export const srdLoad = (lang: string, refused: HackLoad["refused"] = null, ignored: HackSource[] = []): HackLoad => ({
  hack: SRD_HACK,
  source: { kind: "srd" },
  config: applyHack(SRD_HACK, lang),
  refused,
  ignored,
});

/** A recorded last good hack, when it is one (a valid hack from a real source), else null. */
export function readLastGood(value: unknown): LastGoodHack | null {
  let parsed = value;
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { source, hack } = parsed as { source?: unknown; hack?: unknown };
  const kind = (source as { kind?: unknown } | undefined)?.kind;
  if (kind !== "setting" && kind !== "module") return null;
  if (kind === "module") {
    const { id, title } = source as { id?: unknown; title?: unknown };
    if (typeof id !== "string" || typeof title !== "string") return null;
  }
  return validateHack(hack).length ? null : { source: (kind === "setting" ? { kind } : { kind, id: (source as { id: string }).id, title: (source as { title: string }).title }) as HackSource, hack };
}

/**
 * In place of a refused hack: the last good one (else the SRD game), plus the refused hack's Types and ages,
 * so documents using them stay valid. `refused` names the source and its problems.
 */
export function fallbackLoad(lang: string, refused: NonNullable<HackLoad["refused"]>, value: unknown, lastGood: LastGoodHack | null, ignored: HackSource[] = []): HackLoad {
  const base = lastGood ? (lastGood.hack as HackDocument) : SRD_HACK;
  const salvaged = salvageHack(value, base);
  return {
    hack: salvaged.hack,
    source: lastGood ? lastGood.source : { kind: "srd" },
    config: applyHack(salvaged.hack, lang),
    refused,
    ignored,
    kept: { types: salvaged.types, ages: salvaged.ages },
  };
}

/**
 * The hack the candidates give, in order of precedence (the first wins); the SRD game when none does. A
 * refused one falls back on `lastGood` (else the SRD game), keeping its Types and ages (fallbackLoad).
 */
export function resolveHack(candidates: readonly HackCandidate[], lang: string, lastGood: LastGoodHack | null = null): HackLoad {
  const [chosen, ...rest] = candidates;
  const ignored = rest.map((c) => c.source);
  if (!chosen) return srdLoad(lang, null, ignored);
  const parsed = parseHack(chosen.value);
  if (!parsed.hack) return fallbackLoad(lang, { source: chosen.source, problems: parsed.problems }, chosen.value, lastGood, ignored);
  return { hack: parsed.hack, source: chosen.source, config: applyHack(parsed.hack, lang), refused: null, ignored };
}
