/**
 * Quick start: a random legal character for an age from the catalogue, chosen with the project's seeded
 * PRNG so the same seed always gives the same character (tests reproduce it). Pure. SRD: Characters
 */
import { pickOne, type RandomSource } from "../rules";
import type { BuilderCatalogue } from "./builder-catalogue";
import {
  addLifepath,
  addSkill,
  addTrait,
  type BuilderDraft,
  type BuilderRules,
  chooseFreeSkill,
  draftRow,
  freeRatings,
  lifepathOffer,
  newDraft,
  setText,
  updateSkill,
} from "./builder-state";

export interface QuickStartText {
  /** A name for a Skill of a Type when the compendiums offer none left (e.g. "New Craft Skill 2"). */
  skillName(type: string, n: number): string;
  traitName(n: number): string;
  drives: { belief: string; goal: string; instinct: string };
}

/** Legal Lifepaths: three distinct known Types. */
const legal = (rules: BuilderRules, types: readonly string[]): boolean =>
  types.length === 3 && new Set(types).size === 3 && types.every((t) => rules.skillTypes.includes(t));

/**
 * A random legal draft for `age`, keeping `name`, `tie` and the power chosen. Null when the catalogue has no legal
 * Lifepath or the age is unknown.
 */
export function quickStartDraft(
  age: string,
  catalogue: BuilderCatalogue,
  rules: BuilderRules,
  random: RandomSource,
  text: QuickStartText,
  keep: { name: string; tie: string; power?: string } = { name: "", tie: "" },
): BuilderDraft | null {
  let draft = setText(setText(setText(newDraft(age, keep.name), "tie", keep.tie), "power", keep.power ?? ""), "age", age);
  const row = draftRow(draft, rules);
  const lifepaths = catalogue.lifepaths.filter((lp) => legal(rules, lp.types));
  if (!row || lifepaths.length === 0) return null;
  let fallback = 0;
  const usedNames = (): Set<string> => new Set(draft.skills.map((s) => `${s.type}\u0000${s.name.toLowerCase()}`));
  const freshSkill = (type: string): { name: string; source: string | null } => {
    const used = usedNames();
    const options = catalogue.skills.filter((s) => s.type === type && !used.has(`${type}\u0000${s.name.toLowerCase()}`));
    if (options.length > 0) {
      const pick = pickOne(options, random);
      return { name: pick.name, source: pick.uuid };
    }
    return { name: text.skillName(type, ++fallback), source: null };
  };

  for (let i = 0; i < row.lifepaths; i++) {
    const lp = pickOne(lifepaths, random);
    const type = lp.types[0] ?? "";
    const skill = freshSkill(type);
    draft = addLifepath(draft, { name: lp.name, types: lp.types, source: lp.uuid }, skill.name, skill.source);
    const added = draft.lifepaths[draft.lifepaths.length - 1];
    const offer = added ? lifepathOffer(draft, added.key, row.maxRating) : null;
    if (added && offer && offer.raise.length > 0 && random() < 0.5) {
      const target = draft.skills[pickOne(offer.raise, random)];
      if (target) draft = chooseFreeSkill(draft, added.key, target.key, row.maxRating);
    }
  }

  const opened = [...new Set(draft.lifepaths.flatMap((lp) => lp.types))];
  for (let spent = 0; spent < row.skillPoints; spent++) {
    const free = freeRatings(draft);
    const raisable = draft.skills.filter((s) => (free.get(s.key) ?? 0) + s.bought < row.maxRating);
    if (raisable.length > 0 && random() < 0.6) {
      const s = pickOne(raisable, random);
      draft = updateSkill(draft, s.key, { bought: s.bought + 1 });
    } else {
      const type = pickOne(opened, random);
      const skill = freshSkill(type);
      draft = addSkill(draft, { name: skill.name, type, source: skill.source, bought: 1 });
    }
  }

  const traits = [...catalogue.traits];
  for (let n = 1; n <= row.traits; n++) {
    const taken = new Set(draft.traits.map((t) => t.name.toLowerCase()));
    const options = traits.filter((t) => !taken.has(t.name.toLowerCase()));
    if (options.length > 0) {
      const pick = pickOne(options, random);
      draft = addTrait(draft, { name: pick.name, source: pick.uuid });
    } else {
      draft = addTrait(draft, { name: text.traitName(n), source: null });
    }
  }
  draft = { ...draft, drives: { ...text.drives }, step: "review" };
  return draft;
}
