/**
 * The character builder's draft and its transitions, pure (no Foundry globals): the window keeps one
 * draft, each control calls one transition, and every render asks `draftProblems` what still stands.
 * The rules themselves are validateCharacter's; this file maps its problems to the step that fixes
 * them and adds the few a draft can have that a finished character cannot (no name, a blank Drive, a
 * compendium entry that is gone). SRD: Characters
 */
import {
  type CharacterBuild,
  type ChartRow,
  freeSkillOffer,
  freeSkillRatings,
  type FreeSkillOffer,
  type Problem,
  remainingSkillPoints,
  validateCharacter,
} from "../rules";

/** Drafts carry their schema; a different one is refused with a message, never half-read. */
export const BUILDER_SCHEMA = 1;

/** The steps, in the SRD's order of creation. */
export const BUILDER_STEPS = ["concept", "age", "lifepaths", "skills", "drives", "review"] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number];

export interface DraftLifepath {
  key: string;
  name: string;
  types: string[];
  /** The compendium or world Item it came from (null: typed in). */
  source: string | null;
  /** The key of the Skill its free Skill went to. SRD: Characters › Lifepaths */
  freeSkill: string | null;
}

export interface DraftSkill {
  key: string;
  name: string;
  type: string;
  /** Skill points spent on it, beyond its free rating. */
  bought: number;
  source: string | null;
}

export interface DraftTrait {
  key: string;
  name: string;
  /** What it means, plain text (a compendium Trait brings its own description). */
  description: string;
  source: string | null;
}

export interface DraftDrives {
  belief: string;
  goal: string;
  instinct: string;
}

export interface BuilderDraft {
  schema: typeof BUILDER_SCHEMA;
  step: BuilderStep;
  name: string;
  /** The character's tie to the Situation; kept in the biography. SRD: Characters › Situation */
  tie: string;
  /** The Situation's power the character is tied to, by name ("" for none). SRD: Characters › Situation */
  power: string;
  age: string;
  lifepaths: DraftLifepath[];
  skills: DraftSkill[];
  drives: DraftDrives;
  traits: DraftTrait[];
  /** Counter for the keys above, so keys stay unique and repeatable without randomness. */
  nextKey: number;
}

/** What the rules need from the config: the chart by age and the known Type keys. */
export interface BuilderRules {
  chart: Readonly<Record<string, Readonly<ChartRow>>>;
  skillTypes: readonly string[];
}

/** A problem and the step that fixes it. */
export interface StepProblem extends Problem {
  step: BuilderStep;
}

const B = "GOLDHACK.Builder.Problem.";

/** A fresh draft. */
export function newDraft(age = "adult", name = ""): BuilderDraft {
  return {
    schema: BUILDER_SCHEMA,
    step: "concept",
    name,
    tie: "",
    power: "",
    age,
    lifepaths: [],
    skills: [],
    drives: { belief: "", goal: "", instinct: "" },
    traits: [],
    nextKey: 1,
  };
}

const nextKey = (draft: BuilderDraft, prefix: string): [string, BuilderDraft] => [`${prefix}${draft.nextKey}`, { ...draft, nextKey: draft.nextKey + 1 }];

// ---- Transitions --------------------------------------------------------------------------------

export function setStep(draft: BuilderDraft, step: BuilderStep): BuilderDraft {
  return { ...draft, step };
}

/** Name, tie, power, age or a Drive, by field name as the form sends it. Unknown fields leave the draft as it was. */
export function setText(draft: BuilderDraft, field: string, value: string): BuilderDraft {
  if (field === "name" || field === "tie" || field === "power" || field === "age") return { ...draft, [field]: value };
  const drive = /^drives\.(belief|goal|instinct)$/.exec(field)?.[1] as keyof DraftDrives | undefined;
  if (drive) return { ...draft, drives: { ...draft.drives, [drive]: value } };
  return draft;
}

/** The grants of the Lifepaths as Skill indices, for the rules helpers. */
function grantIndices(draft: BuilderDraft, lifepaths: readonly DraftLifepath[] = draft.lifepaths): (number | null)[] {
  return lifepaths.map((lp) => {
    const i = draft.skills.findIndex((s) => s.key === lp.freeSkill);
    return i < 0 ? null : i;
  });
}

/** Each Skill's free rating, by Skill key. */
export function freeRatings(draft: BuilderDraft): Map<string, number> {
  const free = freeSkillRatings(grantIndices(draft), draft.skills.length);
  return new Map(draft.skills.map((s, i) => [s.key, free[i] ?? 0]));
}

/**
 * Takes a Lifepath (the same one may be taken again). Its free Skill is a new Skill of its first Type
 * at 2, named `freeSkillName` (blank: the player names it on the Lifepaths step); when that Type clashes,
 * the player may switch to a raise with `chooseFreeSkill`. SRD: Characters › Lifepaths
 */
export function addLifepath(draft: BuilderDraft, entry: { name: string; types: readonly string[]; source: string | null }, freeSkillName = "", freeSkillSource: string | null = null): BuilderDraft {
  const [lpKey, afterKey] = nextKey(draft, "l");
  let next = afterKey;
  const type = entry.types[0];
  let freeSkill: string | null = null;
  let skills = next.skills;
  if (type !== undefined) {
    let skillKey: string;
    [skillKey, next] = nextKey(next, "s");
    freeSkill = skillKey;
    skills = [...skills, { key: skillKey, name: freeSkillName, type, bought: 0, source: freeSkillSource }];
  }
  const lifepath: DraftLifepath = { key: lpKey, name: entry.name, types: [...entry.types], source: entry.source, freeSkill };
  return { ...next, lifepaths: [...next.lifepaths, lifepath], skills };
}

/** Skills no Lifepath gives any more and nobody bought are dropped; bought ones stay (nothing lost). */
function pruneSkills(draft: BuilderDraft, before: BuilderDraft): BuilderDraft {
  const given = new Set(draft.lifepaths.map((lp) => lp.freeSkill));
  const wasGiven = new Set(before.lifepaths.map((lp) => lp.freeSkill));
  return { ...draft, skills: draft.skills.filter((s) => given.has(s.key) || !wasGiven.has(s.key) || s.bought > 0) };
}

export function removeLifepath(draft: BuilderDraft, key: string): BuilderDraft {
  return pruneSkills({ ...draft, lifepaths: draft.lifepaths.filter((lp) => lp.key !== key) }, draft);
}

/** What this Lifepath's free Skill may become, given the Lifepaths before it. SRD: Characters › Lifepaths */
export function lifepathOffer(draft: BuilderDraft, key: string, maxRating: number): FreeSkillOffer | null {
  const index = draft.lifepaths.findIndex((lp) => lp.key === key);
  const type = draft.lifepaths[index]?.types[0];
  if (index < 0 || type === undefined) return null;
  const others = grantIndices(draft).map((g, i) => (i === index ? null : g));
  const free = freeSkillRatings(others, draft.skills.length);
  const skills = draft.skills.map((s, i) => ({ type: s.type, rating: (free[i] ?? 0) + s.bought }));
  return freeSkillOffer(type, others.slice(0, index), skills, maxRating);
}

/**
 * The player's choice for a Lifepath's free Skill: "new" (another Skill of the Type at 2) or the key
 * of a Skill to raise by 1. A choice the offer does not allow leaves the draft as it was.
 * SRD: Characters › Lifepaths
 */
export function chooseFreeSkill(draft: BuilderDraft, lifepathKey: string, choice: string, maxRating: number): BuilderDraft {
  const lifepath = draft.lifepaths.find((lp) => lp.key === lifepathKey);
  const type = lifepath?.types[0];
  if (!lifepath || type === undefined) return draft;
  const current = draft.skills.find((s) => s.key === lifepath.freeSkill);
  const ownsCurrent = current !== undefined && draft.lifepaths.filter((lp) => lp.freeSkill === current.key).length === 1;
  if (choice === "new") {
    if (ownsCurrent) return draft;
    const [skillKey, next] = nextKey(draft, "s");
    const lifepaths = next.lifepaths.map((lp) => (lp.key === lifepathKey ? { ...lp, freeSkill: skillKey } : lp));
    return { ...next, lifepaths, skills: [...next.skills, { key: skillKey, name: "", type, bought: 0, source: null }] };
  }
  const offer = lifepathOffer(draft, lifepathKey, maxRating);
  const target = draft.skills.findIndex((s) => s.key === choice);
  if (!offer || !offer.raise.includes(target)) return draft;
  const lifepaths = draft.lifepaths.map((lp) => (lp.key === lifepathKey ? { ...lp, freeSkill: choice } : lp));
  return pruneSkills({ ...draft, lifepaths }, draft);
}

/** Adds a Skill to buy (from a compendium suggestion or a free name). */
export function addSkill(draft: BuilderDraft, skill: { name: string; type: string; source: string | null; bought?: number }): BuilderDraft {
  const [key, next] = nextKey(draft, "s");
  return { ...next, skills: [...next.skills, { key, name: skill.name, type: skill.type, bought: skill.bought ?? 1, source: skill.source }] };
}

/** Changes a Skill's name, Type or bought points; a Skill a Lifepath gives keeps its Type. */
export function updateSkill(draft: BuilderDraft, key: string, changes: { name?: string; type?: string; bought?: number; source?: string | null }): BuilderDraft {
  const given = draft.lifepaths.some((lp) => lp.freeSkill === key);
  return {
    ...draft,
    skills: draft.skills.map((s) => {
      if (s.key !== key) return s;
      const next = { ...s, ...changes };
      if (given) next.type = s.type;
      if (changes.name !== undefined && changes.source === undefined && changes.name !== s.name) next.source = null;
      if (!Number.isFinite(next.bought)) next.bought = s.bought;
      next.bought = Math.max(0, Math.trunc(next.bought));
      return next;
    }),
  };
}

/** Removes a bought Skill; a Skill a Lifepath gives goes with its Lifepath, so it stays (its bought points go). */
export function removeSkill(draft: BuilderDraft, key: string): BuilderDraft {
  if (draft.lifepaths.some((lp) => lp.freeSkill === key)) return updateSkill(draft, key, { bought: 0 });
  return { ...draft, skills: draft.skills.filter((s) => s.key !== key) };
}

export function addTrait(draft: BuilderDraft, trait: { name: string; source: string | null; description?: string }): BuilderDraft {
  const [key, next] = nextKey(draft, "t");
  return { ...next, traits: [...next.traits, { key, name: trait.name, description: trait.description ?? "", source: trait.source }] };
}

/** Renames a Trait or changes its description; a renamed compendium Trait becomes the player's own. */
export function updateTrait(draft: BuilderDraft, key: string, changes: { name?: string; description?: string }): BuilderDraft {
  return {
    ...draft,
    traits: draft.traits.map((t) => {
      if (t.key !== key) return t;
      const name = changes.name ?? t.name;
      return { ...t, name, description: changes.description ?? t.description, source: name === t.name ? t.source : null };
    }),
  };
}

export function removeTrait(draft: BuilderDraft, key: string): BuilderDraft {
  return { ...draft, traits: draft.traits.filter((t) => t.key !== key) };
}

// ---- What the draft is ----------------------------------------------------------------------------

/** The chart row of the draft's age, if the config knows it. */
export function draftRow(draft: BuilderDraft, rules: BuilderRules): Readonly<ChartRow> | undefined {
  return Object.prototype.hasOwnProperty.call(rules.chart, draft.age) ? rules.chart[draft.age] : undefined;
}

/** The draft as validateCharacter reads it: ratings are free plus bought; Fate and Persona from the chart. */
export function draftBuild(draft: BuilderDraft, rules: BuilderRules): CharacterBuild {
  const row = draftRow(draft, rules);
  const free = freeRatings(draft);
  return {
    age: draft.age,
    lifepaths: draft.lifepaths.map((lp) => ({ name: lp.name, types: lp.types })),
    skills: draft.skills.map((s) => ({ name: s.name, type: s.type, rating: (free.get(s.key) ?? 0) + s.bought })),
    traits: draft.traits.map((t) => t.name),
    fate: row?.fate ?? 0,
    persona: row?.persona ?? 0,
  };
}

/** Skill points left to spend, and the maximum rating, for the Skills step. */
export function skillBudget(draft: BuilderDraft, rules: BuilderRules): { points: number; remaining: number; maxRating: number } {
  const row = draftRow(draft, rules);
  const points = row?.skillPoints ?? 0;
  return { points, remaining: remainingSkillPoints(points, draft.skills.map((s) => s.bought)), maxRating: row?.maxRating ?? 0 };
}

/** Which step fixes each of validateCharacter's problems. */
const STEP_OF: Readonly<Record<string, BuilderStep>> = {
  UnknownAge: "age",
  LifepathCount: "lifepaths",
  LifepathNameMissing: "lifepaths",
  LifepathTypeCount: "lifepaths",
  LifepathTypeUnknown: "lifepaths",
  LifepathTypeRepeated: "lifepaths",
  FreeSkillMissing: "lifepaths",
  FreeSkillsMissing: "lifepaths",
  TraitBlank: "drives",
  TraitCount: "drives",
};

/** The step that fixes a validateCharacter problem (Skills for the Skill ones, Review for Fate and Persona). */
export function stepOfProblem(key: string): BuilderStep {
  const short = key.replace(/^GOLDHACK\.Creation\./, "");
  const known = Object.hasOwn(STEP_OF, short) ? STEP_OF[short] : undefined;
  if (known) return known;
  if (short.startsWith("Skill")) return "skills";
  return "review";
}

/**
 * Everything that stands in the way of creating the character, each with the step that fixes it.
 * `known` is the set of source uuids still found in the compendiums and world (a source not in it
 * was deleted); undefined skips that check.
 */
export function draftProblems(draft: BuilderDraft, rules: BuilderRules, known?: ReadonlySet<string>): StepProblem[] {
  const problems: StepProblem[] = [];
  if (draft.name.trim() === "") problems.push({ key: `${B}NameMissing`, step: "concept" });
  const missing = (source: string | null): boolean => known !== undefined && source !== null && !known.has(source);
  for (const lp of draft.lifepaths) {
    if (missing(lp.source)) problems.push({ key: `${B}SourceMissing`, data: { name: lp.name }, step: "lifepaths" });
    const skill = draft.skills.find((s) => s.key === lp.freeSkill);
    if (skill && skill.name.trim() === "") problems.push({ key: `${B}FreeSkillUnnamed`, data: { lifepath: lp.name, type: skill.type }, step: "lifepaths" });
  }
  for (const s of draft.skills) if (missing(s.source)) problems.push({ key: `${B}SourceMissing`, data: { name: s.name }, step: "skills" });
  for (const t of draft.traits) if (missing(t.source)) problems.push({ key: `${B}SourceMissing`, data: { name: t.name }, step: "drives" });
  for (const drive of ["belief", "goal", "instinct"] as const) {
    if (draft.drives[drive].trim() === "") problems.push({ key: `${B}DriveMissing.${drive}`, step: "drives" });
  }
  const free = freeRatings(draft);
  const skillsReady = draft.lifepaths.every((lp) => draft.skills.some((s) => s.key === lp.freeSkill && s.name.trim() !== ""));
  for (const problem of validateCharacter(draftBuild(draft, rules), rules.chart, rules.skillTypes)) {
    const step = stepOfProblem(problem.key);
    // A free Skill not yet named is reported once, on the Lifepaths step, not again as "Skill n has no name".
    if (problem.key.endsWith("SkillNameMissing") && !skillsReady) {
      const index = Number(problem.data?.index ?? 0) - 1;
      if ((free.get(draft.skills[index]?.key ?? "") ?? 0) > 0) continue;
    }
    problems.push({ ...problem, step });
  }
  return problems;
}

/** The problems of one step. */
export function stepProblems(problems: readonly StepProblem[], step: BuilderStep): StepProblem[] {
  return problems.filter((p) => p.step === step);
}

/** The first step with a problem, or null when the character can be created. */
export function firstBlockedStep(problems: readonly StepProblem[]): BuilderStep | null {
  return BUILDER_STEPS.find((step) => problems.some((p) => p.step === step)) ?? null;
}

/** Steps the player may jump to: every step up to and including the first with a problem. */
export function reachableSteps(problems: readonly StepProblem[]): Set<BuilderStep> {
  const blocked = firstBlockedStep(problems);
  const end = blocked === null ? BUILDER_STEPS.length - 1 : BUILDER_STEPS.indexOf(blocked);
  return new Set(BUILDER_STEPS.slice(0, end + 1));
}

/** The step after this one, or null from Review. */
export function nextStep(step: BuilderStep): BuilderStep | null {
  return BUILDER_STEPS[BUILDER_STEPS.indexOf(step) + 1] ?? null;
}

export function previousStep(step: BuilderStep): BuilderStep | null {
  const i = BUILDER_STEPS.indexOf(step);
  return i > 0 ? (BUILDER_STEPS[i - 1] ?? null) : null;
}
