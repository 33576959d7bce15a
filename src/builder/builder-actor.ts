/**
 * The finished character as Actor creation data, pure: the actor and every item in one object, so one
 * `Actor.create` (or one update) writes it all or nothing. Compendium entries arrive as their item
 * data (the adapter loads them); this decides names, ratings and order. SRD: Characters
 */
import { type BuilderDraft, type BuilderRules, draftRow, freeRatings } from "./builder-state";

/** An Item's creation data, as loose as Foundry's. */
export interface ItemData {
  name: string;
  type: string;
  img?: string;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  _stats?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CharacterCreateData {
  name: string;
  type: "character";
  system: {
    age: string;
    fate: { value: number };
    persona: { value: number };
    drives: { belief: string; goal: string; instinct: string };
    biography: string;
    tie: { power: string; link: string };
  };
  items: ItemData[];
}

const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Plain text to the biography's HTML: one paragraph per blank-line-separated block. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => `<p>${escapeText(block)}</p>`)
    .join("");
}

/**
 * An item from a compendium or the world, ready to embed: without its id, folder, sort and ownership
 * (Foundry's fromCompendium drops these too), remembering where it came from when it was a compendium's.
 */
export function embeddable(source: ItemData, uuid: string): ItemData {
  const { _id: _omitId, folder: _folder, sort: _sort, ownership: _ownership, ...rest } = source;
  const data: ItemData = structuredClone(rest) as ItemData;
  if (uuid.startsWith("Compendium.")) data._stats = { ...(data._stats ?? {}), compendiumSource: uuid };
  return data;
}

/**
 * The Actor creation data of a finished draft. `sources` maps the uuids the draft names to their item
 * data; a draft source missing from it is an error (the caller has checked, this refuses to guess).
 */
export function characterCreateData(
  draft: BuilderDraft,
  rules: BuilderRules,
  sources: ReadonlyMap<string, ItemData>,
  /** The current Situation's powers: the chosen power's link is copied from it (none when it is gone). */
  powers: readonly { name: string; link: string }[] = [],
): CharacterCreateData {
  const row = draftRow(draft, rules);
  if (!row) throw new RangeError(`unknown age ${draft.age}`);
  const from = (uuid: string | null): ItemData | null => {
    if (uuid === null) return null;
    const source = sources.get(uuid);
    if (!source) throw new RangeError(`source ${uuid} was not loaded`);
    return embeddable(source, uuid);
  };
  const free = freeRatings(draft);
  const lifepaths = draft.lifepaths.map((lp): ItemData => {
    const data = from(lp.source) ?? { name: lp.name, type: "lifepath", system: {} };
    return { ...data, name: lp.name, type: "lifepath", system: { ...(data.system ?? {}), skillTypes: [...lp.types] } };
  });
  const skills = draft.skills.map((s): ItemData => {
    const data = from(s.source) ?? { name: s.name, type: "skill", system: {} };
    const rating = (free.get(s.key) ?? 0) + s.bought;
    return { ...data, name: s.name.trim(), type: "skill", system: { ...(data.system ?? {}), skillType: s.type, rating, passed: 0, failed: 0 } };
  });
  const traits = draft.traits.map((t): ItemData => {
    const data = from(t.source);
    if (data) return { ...data, name: t.name.trim(), type: "trait" };
    return { name: t.name.trim(), type: "trait", system: { description: textToHtml(t.description) } };
  });
  return {
    name: draft.name.trim(),
    type: "character",
    system: {
      age: draft.age,
      // Starting Rewards. SRD: Characters › The Basic Chart
      fate: { value: row.fate },
      persona: { value: row.persona },
      drives: { belief: draft.drives.belief.trim(), goal: draft.drives.goal.trim(), instinct: draft.drives.instinct.trim() },
      biography: textToHtml(draft.tie),
      tie: { power: draft.power.trim(), link: draft.power.trim() ? (powers.find((p) => p.name.trim() === draft.power.trim())?.link.trim() ?? "") : "" },
    },
    items: [...lifepaths, ...skills, ...traits],
  };
}

/** Every source uuid the draft names. */
export function draftSources(draft: BuilderDraft): string[] {
  const all = [...draft.lifepaths.map((lp) => lp.source), ...draft.skills.map((s) => s.source), ...draft.traits.map((t) => t.source)];
  return [...new Set(all.filter((u): u is string => u !== null))];
}
