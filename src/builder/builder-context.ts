/**
 * What the builder's templates receive, built from the draft, the catalogue and the config: pure, so
 * the window, the tests and the preview draw the same markup. SRD: Characters
 */
import type { AgeConfig, SkillTypeConfig } from "../config";
import type { HelperI18n } from "../i18n/i18n";
import type { Problem } from "../rules";
import type { BuilderCatalogue } from "./builder-catalogue";
import { catalogueUuids } from "./builder-catalogue";
import {
  BUILDER_STEPS,
  type BuilderDraft,
  type BuilderRules,
  draftProblems,
  draftRow,
  freeRatings,
  lifepathOffer,
  reachableSteps,
  skillBudget,
  stepProblems,
  type StepProblem,
} from "./builder-state";
import { formatMessage } from "../i18n/plural";

export interface BuilderContextOptions {
  i18n: HelperI18n;
  ages: Readonly<Record<string, AgeConfig>>;
  skillTypes: Readonly<Record<string, SkillTypeConfig>>;
  /** The @UUID of the rules journal page for character creation, in the user's language. */
  rulesUuid: string;
  /** True for the GM looking at a player's draft: every control is disabled. */
  readOnly: boolean;
  /** A unique prefix for ids (labels, datalists) so two windows never collide. */
  uid: string;
  /** The world's current Situation (its four answers and powers), null when the world names none. */
  situation?: BuilderSituation | null;
}

/** What the Concept step shows of the current Situation. SRD: Gameplay: Situation */
export interface BuilderSituation {
  name: string;
  place: string;
  powers: readonly { name: string; link: string }[];
  ties: string;
  conflict: string;
  people: string;
}

const P = "GOLDHACK.Builder.";

/**
 * The Concept step's view of the Situation: its four answers (place and powers, the ties, the conflict, the
 * people) and the powers to tie the character to, the draft's choice selected (kept even when the
 * Situation no longer names it, so nothing chosen vanishes). SRD: Gameplay: Situation; Characters › Situation
 */
function situationView(draft: BuilderDraft, o: BuilderContextOptions) {
  const s = o.situation;
  if (!s) return null;
  const names = [...new Set(s.powers.map((p) => p.name.trim()).filter(Boolean))];
  const chosen = draft.power.trim();
  if (chosen && !names.includes(chosen)) names.push(chosen);
  return {
    name: s.name,
    place: s.place.trim(),
    powerNames: s.powers.map((p) => p.name.trim()).filter(Boolean).join(", "),
    ties: s.ties.trim(),
    conflict: s.conflict.trim(),
    people: s.people.trim(),
    powerId: `${o.uid}-power`,
    powers: names.map((name) => ({ name, selected: name === chosen })),
  };
}

/** The rules the builder checks against, from the config (so a hack's chart and Types count). */
export function builderRules(ages: Readonly<Record<string, AgeConfig>>, skillTypes: Readonly<Record<string, SkillTypeConfig>>): BuilderRules {
  return { chart: ages, skillTypes: Object.keys(skillTypes) };
}

/** A problem in the user's language; Type keys in its data become Type names. */
export function problemText(i18n: HelperI18n, skillTypes: Readonly<Record<string, SkillTypeConfig>>, problem: Problem): string {
  const data = Object.fromEntries(
    Object.entries(problem.data ?? {}).map(([k, v]) => [k, k === "type" && typeof v === "string" && skillTypes[v] ? i18n.localize(skillTypes[v].label) : v]),
  );
  return formatMessage(i18n, problem.key, data);
}

const typeLabel = (o: BuilderContextOptions, type: string): string => {
  const config = o.skillTypes[type];
  return config ? o.i18n.localize(config.label) : type;
};

/** The Skills a free Skill may raise: the offer's, plus the one it raises now (so the choice shows). */
function raiseChoices(draft: BuilderDraft, raise: readonly number[], current: string | null, own: string | null) {
  const keys = new Set(raise.map((i) => draft.skills[i]?.key).filter((k): k is string => k !== undefined && (k !== own || k === current)));
  if (current) keys.add(current);
  return draft.skills.filter((s) => keys.has(s.key));
}

/** The whole context of one render. */
export function buildBuilderContext(draft: BuilderDraft, catalogue: BuilderCatalogue, o: BuilderContextOptions) {
  const rules = builderRules(o.ages, o.skillTypes);
  const problems = draftProblems(draft, rules, catalogueUuids(catalogue));
  // The GM looking at a draft may page through every step; the player only up to the first problem.
  const reachable = o.readOnly ? new Set(BUILDER_STEPS) : reachableSteps(problems);
  const current = stepProblems(problems, draft.step);
  const index = BUILDER_STEPS.indexOf(draft.step);
  const row = draftRow(draft, rules);
  const free = freeRatings(draft);
  const budget = skillBudget(draft, rules);
  const opened = new Set(draft.lifepaths.flatMap((lp) => lp.types));
  const text = (p: StepProblem) => ({ text: problemText(o.i18n, o.skillTypes, p), step: p.step, stepLabel: o.i18n.localize(`${P}Step.${p.step}.Title`) });

  const steps = BUILDER_STEPS.map((step, i) => ({
    id: step,
    number: i + 1,
    label: o.i18n.localize(`${P}Step.${step}.Title`),
    active: step === draft.step,
    reachable: reachable.has(step),
    done: reachable.has(step) && step !== draft.step && stepProblems(problems, step).length === 0,
  }));

  const ages = Object.entries(o.ages).map(([key, age]) => ({
    key,
    label: o.i18n.localize(age.label),
    selected: key === draft.age,
    row: age,
    rewards: o.i18n.format(`${P}Age.Rewards`, { fate: age.fate, persona: age.persona }),
  }));

  const lifepathChoices = catalogue.lifepaths.map((lp) => ({
    uuid: lp.uuid,
    label: `${lp.name} (${lp.types.map((t) => typeLabel(o, t)).join(", ")}) · ${lp.origin}`,
  }));

  const maxRating = row?.maxRating ?? 0;
  const lifepaths = draft.lifepaths.map((lp, i) => {
    const skill = draft.skills.find((s) => s.key === lp.freeSkill);
    const offer = lifepathOffer(draft, lp.key, maxRating);
    const firstGrant = draft.lifepaths.findIndex((other) => other.freeSkill === lp.freeSkill) === i;
    const raising = skill !== undefined && !firstGrant;
    const freeType = lp.types[0] ?? "";
    return {
      key: lp.key,
      number: i + 1,
      name: lp.name,
      types: lp.types.map((t, j) => ({ key: t, label: typeLabel(o, t), free: j === 0 })),
      freeTypeLabel: typeLabel(o, freeType),
      freeSkillKey: skill?.key ?? "",
      freeSkillName: skill?.name ?? "",
      raising,
      clash: offer?.clash ?? false,
      choices: [
        { value: "new", label: o.i18n.format(`${P}Lifepaths.NewSkill`, { type: typeLabel(o, freeType) }), selected: !raising },
        ...raiseChoices(draft, offer?.raise ?? [], raising ? (skill?.key ?? null) : null, lp.freeSkill).map((s) => ({
          value: s.key,
          label: o.i18n.format(`${P}Lifepaths.Raise`, { skill: s.name || typeLabel(o, s.type) }),
          selected: raising && s.key === skill?.key,
        })),
      ],
      datalist: `${o.uid}-skills-${freeType}`,
    };
  });

  const skills = draft.skills.map((s) => {
    const freeRating = free.get(s.key) ?? 0;
    const rating = freeRating + s.bought;
    return {
      key: s.key,
      name: s.name,
      type: s.type,
      typeLabel: typeLabel(o, s.type),
      free: freeRating,
      bought: s.bought,
      rating,
      given: freeRating > 0,
      atMax: rating >= maxRating,
      canLower: s.bought > 0,
      canRaise: rating < maxRating && budget.remaining > 0,
      datalist: `${o.uid}-skills-${s.type}`,
    };
  });

  const openTypes = Object.keys(o.skillTypes)
    .filter((t) => opened.has(t))
    .map((t) => ({ value: t, label: typeLabel(o, t) }));
  // One datalist per Type: the compendium Skills of that Type (free names are allowed too).
  const suggestions = Object.keys(o.skillTypes).map((t) => ({
    id: `${o.uid}-skills-${t}`,
    names: [...new Set(catalogue.skills.filter((s) => s.type === t).map((s) => s.name))].sort((a, b) => a.localeCompare(b)),
  }));

  const traitNames = [...new Set(catalogue.traits.map((t) => t.name))].sort((a, b) => a.localeCompare(b));
  const drives = (["belief", "goal", "instinct"] as const).map((d) => ({
    key: d,
    name: `drives.${d}`,
    value: draft.drives[d],
    label: o.i18n.localize(`${P}Drives.${d}.Label`),
    placeholder: o.i18n.localize(`${P}Drives.${d}.Placeholder`),
    hint: o.i18n.localize(`${P}Drives.${d}.Hint`),
  }));

  return {
    uid: o.uid,
    readOnly: o.readOnly,
    step: draft.step,
    stepTitle: o.i18n.localize(`${P}Step.${draft.step}.Title`),
    stepIntro: o.i18n.localize(`${P}Step.${draft.step}.Intro`),
    rulesUuid: o.rulesUuid,
    steps,
    isFirst: index === 0,
    isLast: index === BUILDER_STEPS.length - 1,
    canNext: current.length === 0 || o.readOnly,
    canCreate: problems.length === 0 && !o.readOnly,
    problems: current.map(text),
    allProblems: problems.map(text),
    name: draft.name,
    tie: draft.tie,
    situation: situationView(draft, o),
    // The Lifepaths and Skills steps say, as the SRD does, that their names follow the Situation.
    stepSituation: draft.step === "lifepaths" || draft.step === "skills" ? o.i18n.localize(`${P}Step.${draft.step}.Situation`) : "",
    ages,
    row,
    ageLabel: o.ages[draft.age] ? o.i18n.localize(o.ages[draft.age]?.label ?? "") : draft.age,
    lifepathChoices,
    lifepathCount: draft.lifepaths.length,
    lifepathsNeeded: row?.lifepaths ?? 0,
    canAddLifepath: draft.lifepaths.length < (row?.lifepaths ?? 0),
    lifepaths,
    skills,
    budget,
    openTypes,
    suggestions,
    traits: draft.traits.map((t, i) => ({ key: t.key, number: i + 1, name: t.name, description: t.description, fromCompendium: t.source !== null })),
    traitsNeeded: row?.traits ?? 0,
    canAddTrait: draft.traits.length < (row?.traits ?? 0),
    traitList: `${o.uid}-traits`,
    traitNames,
    drives,
    traitPlaceholder: o.i18n.localize(`${P}Traits.Placeholder`),
    review: {
      fate: row?.fate ?? 0,
      persona: row?.persona ?? 0,
      potential: row?.potential ?? 0,
      skills: skills.filter((s) => s.rating > 0),
    },
  };
}

export type BuilderContext = ReturnType<typeof buildBuilderContext>;
