/**
 * Inline Test links in journals and chat: `[[/test Stealth ob=3]]` opens the test dialog, `[[/request
 * Stealth ob=3]]` posts a GM's request. This file reads the text between the brackets. Pure.
 * SRD: Tests › 2) Choosing The Skill & The Obstacle
 */
import { foldDeclaredText, type Problem } from "../rules";

/** What a link does: open the test dialog for the clicking user's character, or post a GM's request. */
export type InlineCommand = "test" | "request";

/** A link's arguments, as read. */
export interface InlineTestArgs {
  command: InlineCommand;
  /** The Skill's name as written (either language; case and accents are ignored when matching). */
  skill: string;
  /** Base Ob; undefined leaves the dialog's default (the target's Ob, else 1). */
  ob?: number;
}

export type InlineTestParse = { ok: true; value: InlineTestArgs } | { ok: false; problem: Problem };

/** The highest Ob a link may set: the dialog's and the request form's bound. */
export const MAX_INLINE_OB = 99;

/** `[[/test …]]` or `[[/request …]]`, with an optional `{label}` after it. Global, as Foundry's enrichers need. */
export const INLINE_TEST_PATTERN = /\[\[\/(test|request)(?:\s+([^\]]*))?\]\](?:\{([^}]*)\})?/gi;

const isCommand = (text: string): text is InlineCommand => text === "test" || text === "request";

/**
 * Reads a link's command and arguments: words are the Skill's name, `ob=N` its Ob (a whole number
 * 1–99). A missing Skill, a bad or repeated Ob, or any other `key=value` is a problem, never guessed.
 */
export function parseInlineTest(command: string, args: string): InlineTestParse {
  const name = command.toLowerCase();
  if (!isCommand(name)) return { ok: false, problem: { key: "GOLDHACK.Enricher.Error.UnknownCommand", data: { command } } };
  const words: string[] = [];
  let ob: number | undefined;
  for (const token of args.trim().split(/\s+/).filter(Boolean)) {
    const option = /^([^=]+)=(.*)$/.exec(token);
    if (!option) {
      words.push(token.replace(/^["']|["']$/g, ""));
      continue;
    }
    const key = (option[1] ?? "").toLowerCase();
    const value = option[2] ?? "";
    if (key !== "ob") return { ok: false, problem: { key: "GOLDHACK.Enricher.Error.UnknownOption", data: { option: token } } };
    const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
    if (ob !== undefined || !Number.isInteger(parsed) || parsed < 1 || parsed > MAX_INLINE_OB) {
      return { ok: false, problem: { key: "GOLDHACK.Enricher.Error.BadOb", data: { value, max: MAX_INLINE_OB } } };
    }
    ob = parsed;
  }
  const skill = words.join(" ").trim();
  if (!foldDeclaredText(skill)) return { ok: false, problem: { key: "GOLDHACK.Enricher.Error.NoSkill" } };
  return { ok: true, value: { command: name, skill, ...(ob === undefined ? {} : { ob }) } };
}

/** A Skill in the compendium Skill packs: one id shared by its twins, and its name in each language. */
export interface CatalogueSkill {
  id: string;
  names: readonly string[];
}

/** A Skill an actor has. */
export interface OwnedSkill {
  id: string;
  name: string;
}

/** What a link's Skill is for one actor: their own Skill, Potential to learn a known Skill, or nothing known. */
export type InlineSkill =
  | { kind: "skill"; id: string; name: string }
  | { kind: "potential"; learnSkillName: string }
  | { kind: "unknown"; problem: Problem };

/**
 * Joins the Skill packs' indexes (one per language) into one catalogue: twins share an id, so each
 * Skill lists its name in every language.
 */
export function skillCatalogue(indexes: readonly (readonly { _id: string; name: string }[])[]): CatalogueSkill[] {
  const byId = new Map<string, string[]>();
  for (const index of indexes) for (const entry of index) byId.set(entry._id, [...(byId.get(entry._id) ?? []), entry.name]);
  return [...byId].map(([id, names]) => ({ id, names }));
}

/**
 * Matches a link's Skill name (case and accents ignored) against an actor's Skills, then against the
 * packs in either language: "Sigilo" finds the actor's "Stealth" through the twins' shared id. A Skill the
 * packs know but the actor lacks is tested with Potential to learn it, under the catalogue's first name
 * for it (list the user's language's pack first). SRD: Tests › I Don't Have The Skill!
 */
export function resolveInlineSkill(name: string, owned: readonly OwnedSkill[], catalogue: readonly CatalogueSkill[]): InlineSkill {
  const fold = foldDeclaredText(name);
  const direct = owned.find((skill) => foldDeclaredText(skill.name) === fold);
  if (direct) return { kind: "skill", id: direct.id, name: direct.name };
  const known = catalogue.find((skill) => skill.names.some((n) => foldDeclaredText(n) === fold));
  if (!known) return { kind: "unknown", problem: { key: "GOLDHACK.Enricher.Error.UnknownSkill", data: { skill: name } } };
  const folds = new Set(known.names.map(foldDeclaredText));
  const twin = owned.find((skill) => folds.has(foldDeclaredText(skill.name)));
  if (twin) return { kind: "skill", id: twin.id, name: twin.name };
  return { kind: "potential", learnSkillName: known.names[0] ?? name.trim() };
}
