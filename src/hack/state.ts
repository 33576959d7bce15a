/**
 * Which hack a world uses, decided from what is on offer, without Foundry: the world setting first (the
 * GM's editor writes it), else the first active module that declares one, else the SRD game. A hack
 * with problems is refused whole: the SRD game is used instead, and the problems are kept to be shown.
 */
import { applyHack, type HackConfig, type HackDocument, type Problem, SRD_HACK, validateHack } from "../rules";

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

/** The hack the candidates give, in order of precedence (the first wins); the SRD game when none does or it is refused. */
export function resolveHack(candidates: readonly HackCandidate[], lang: string): HackLoad {
  const [chosen, ...rest] = candidates;
  const ignored = rest.map((c) => c.source);
  if (!chosen) return srdLoad(lang, null, ignored);
  const parsed = parseHack(chosen.value);
  if (!parsed.hack) return srdLoad(lang, { source: chosen.source, problems: parsed.problems }, ignored);
  return { hack: parsed.hack, source: chosen.source, config: applyHack(parsed.hack, lang), refused: null, ignored };
}
