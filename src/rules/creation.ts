import { BASIC_CHART, SKILL_TYPES } from "./chart";
import { pickFreeSkillGrants, planFreeSkills, type FreeSkillGrant, type FreeSkillSlot } from "./creation-free-skills";
import { foldDeclaredText } from "./guard";
import type { Chart, ChartRow, Problem } from "./types";
import { assertInteger } from "./validate";

/**
 * A character as creation sees it; adapters map Actor data onto it.
 * - `age`: a key of the chart ("child", "young", "adult", "elder" in the SRD).
 * - `lifepaths`: in the order taken; `types` are Type keys, the first gives the free Skill.
 * - `skills`: every Skill with its Type key and final starting rating (free points included).
 * - `traits`: the Traits' texts.
 * - `fate`, `persona`: starting points; `potential`: if given, checked against the chart.
 */
export interface CharacterBuild {
  age: string;
  lifepaths: { name: string; types: string[] }[];
  skills: { name: string; type: string; rating: number }[];
  traits: string[];
  fate: number;
  persona: number;
  potential?: number;
}

/** Types per Lifepath. SRD: Characters › Lifepaths */
export const LIFEPATH_TYPE_COUNT = 3;

const P = "GOLDHACK.Creation.";

function assertString(name: string, value: unknown): asserts value is string {
  if (typeof value !== "string") throw new RangeError(`${name} must be a string, got ${String(value)}`);
}

function assertNumber(name: string, value: unknown): asserts value is number {
  if (typeof value !== "number") throw new RangeError(`${name} must be a number, got ${String(value)}`);
}

function assertArray(name: string, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) throw new RangeError(`${name} must be an array, got ${String(value)}`);
}

function assertObject(name: string, value: unknown): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) throw new RangeError(`${name} must be an object, got ${String(value)}`);
}

/** Shape checks: a wrong shape is the adapter's bug, not the player's, so it throws. */
function assertBuild(build: unknown): asserts build is CharacterBuild {
  assertObject("build", build);
  assertString("build.age", build.age);
  assertArray("build.lifepaths", build.lifepaths);
  build.lifepaths.forEach((lifepath, i) => {
    assertObject(`build.lifepaths[${i}]`, lifepath);
    assertString(`build.lifepaths[${i}].name`, lifepath.name);
    assertArray(`build.lifepaths[${i}].types`, lifepath.types);
    lifepath.types.forEach((type, j) => assertString(`build.lifepaths[${i}].types[${j}]`, type));
  });
  assertArray("build.skills", build.skills);
  build.skills.forEach((skill, i) => {
    assertObject(`build.skills[${i}]`, skill);
    assertString(`build.skills[${i}].name`, skill.name);
    assertString(`build.skills[${i}].type`, skill.type);
    assertNumber(`build.skills[${i}].rating`, skill.rating);
  });
  assertArray("build.traits", build.traits);
  build.traits.forEach((trait, i) => assertString(`build.traits[${i}]`, trait));
  assertNumber("build.fate", build.fate);
  assertNumber("build.persona", build.persona);
  if (build.potential !== undefined) assertNumber("build.potential", build.potential);
}

function assertChartRow(age: string, row: Readonly<ChartRow>): void {
  for (const field of ["lifepaths", "skillPoints", "maxRating", "fate", "persona", "potential", "traits"] as const) {
    assertInteger(`chart.${age}.${field}`, row[field], 0);
  }
}

/** Lifepath problems; returns the known Types each opens. SRD: Characters › Lifepaths */
function checkLifepaths(build: CharacterBuild, row: ChartRow, known: ReadonlySet<string>, problems: Problem[]): string[][] {
  if (build.lifepaths.length !== row.lifepaths) {
    problems.push({ key: `${P}LifepathCount`, data: { count: build.lifepaths.length, expected: row.lifepaths } });
  }
  return build.lifepaths.map((lifepath, i) => {
    const name = lifepath.name.trim() || `#${i + 1}`;
    if (lifepath.name.trim() === "") problems.push({ key: `${P}LifepathNameMissing`, data: { index: i + 1 } });
    if (lifepath.types.length !== LIFEPATH_TYPE_COUNT) {
      problems.push({ key: `${P}LifepathTypeCount`, data: { lifepath: name, count: lifepath.types.length, expected: LIFEPATH_TYPE_COUNT } });
    }
    const opened: string[] = [];
    lifepath.types.forEach((type) => {
      if (!known.has(type)) problems.push({ key: `${P}LifepathTypeUnknown`, data: { lifepath: name, type } });
      else if (opened.includes(type)) problems.push({ key: `${P}LifepathTypeRepeated`, data: { lifepath: name, type } });
      else opened.push(type);
    });
    return opened;
  });
}

/** Per-Skill problems; returns what the free-Skill search may use. SRD: Characters › Skills, The Basic Chart */
function checkSkills(
  build: CharacterBuild,
  row: ChartRow,
  known: ReadonlySet<string>,
  opened: ReadonlySet<string>,
  problems: Problem[],
): (FreeSkillSlot | null)[] {
  const seen = new Set<string>();
  return build.skills.map((skill, i) => {
    const name = skill.name.trim() || `#${i + 1}`;
    const folded = `${skill.type}\u0000${foldDeclaredText(skill.name)}`;
    if (skill.name.trim() === "") problems.push({ key: `${P}SkillNameMissing`, data: { index: i + 1 } });
    else if (seen.has(folded)) problems.push({ key: `${P}SkillDuplicate`, data: { skill: name, type: skill.type } });
    seen.add(folded);
    if (!known.has(skill.type)) problems.push({ key: `${P}SkillTypeUnknown`, data: { skill: name, type: skill.type } });
    else if (!opened.has(skill.type)) problems.push({ key: `${P}SkillTypeNotOpen`, data: { skill: name, type: skill.type } });
    if (!Number.isInteger(skill.rating)) {
      problems.push({ key: `${P}SkillRatingNotWhole`, data: { skill: name, rating: skill.rating } });
      return null;
    }
    if (skill.rating < 1) {
      problems.push({ key: `${P}SkillRatingBelowOne`, data: { skill: name, rating: skill.rating } });
      return null;
    }
    if (skill.rating > row.maxRating) {
      problems.push({ key: `${P}SkillAboveMax`, data: { skill: name, rating: skill.rating, max: row.maxRating } });
    }
    return { type: skill.type, rating: skill.rating };
  });
}

/** Each Lifepath's free Type: its first Type when known, else none. */
const freeTypes = (build: CharacterBuild, opened: string[][]): (string | null)[] =>
  opened.map((types, i) => (types[0] !== undefined && types[0] === build.lifepaths[i]?.types[0] ? types[0] : null));

/**
 * Free Skills and Skill points together: some legal assignment of the free
 * Skills must leave exactly the chart's Skill points spent. SRD: Characters › Lifepaths, Skills
 */
function checkFreeSkillsAndPoints(build: CharacterBuild, row: ChartRow, opened: string[][], slots: (FreeSkillSlot | null)[], problems: Problem[]): void {
  const firstTypes = freeTypes(build, opened);
  const plan = planFreeSkills(firstTypes, slots);
  for (const typePlan of plan.types.filter((t) => !t.feasible)) {
    const names = typePlan.lifepaths.map((i) => build.lifepaths[i]?.name.trim() || `#${i + 1}`);
    if (names.length === 1) {
      problems.push({ key: `${P}FreeSkillMissing`, data: { lifepath: names[0] ?? "", type: typePlan.type } });
    } else {
      problems.push({ key: `${P}FreeSkillsMissing`, data: { lifepaths: names.join(", "), type: typePlan.type, count: names.length } });
    }
  }
  // Until the free Skills fit, what was bought is unknowable: judge points after.
  if (!plan.feasible) return;
  const total = slots.reduce((sum, slot) => sum + (slot?.rating ?? 0), 0);
  const mostSpent = total - plan.minFree;
  const leastSpent = total - plan.maxFree;
  if (row.skillPoints > mostSpent) {
    problems.push({ key: `${P}SkillPointsUnder`, data: { spent: mostSpent, allowed: row.skillPoints, missing: row.skillPoints - mostSpent } });
  } else if (row.skillPoints < leastSpent) {
    problems.push({ key: `${P}SkillPointsOver`, data: { spent: leastSpent, allowed: row.skillPoints, excess: leastSpent - row.skillPoints } });
  }
}

/** Traits, Fate, Persona and Potential. SRD: Characters › The Basic Chart, Drives */
function checkDrivesAndRewards(build: CharacterBuild, row: ChartRow, problems: Problem[]): void {
  build.traits.forEach((trait, i) => {
    if (trait.trim() === "") problems.push({ key: `${P}TraitBlank`, data: { index: i + 1 } });
  });
  const traits = build.traits.filter((trait) => trait.trim() !== "").length;
  if (traits !== row.traits) problems.push({ key: `${P}TraitCount`, data: { count: traits, expected: row.traits } });
  const potential = build.potential ?? row.potential;
  if (build.potential !== undefined && build.potential !== row.potential) {
    problems.push({ key: `${P}PotentialNotStarting`, data: { potential: build.potential, expected: row.potential } });
  }
  if (build.fate !== row.fate) problems.push({ key: `${P}FateNotStarting`, data: { fate: build.fate, expected: row.fate } });
  if (build.persona !== row.persona) problems.push({ key: `${P}PersonaNotStarting`, data: { persona: build.persona, expected: row.persona } });
  if (build.fate > potential) problems.push({ key: `${P}FateAbovePotential`, data: { fate: build.fate, potential } });
  if (build.persona > potential) problems.push({ key: `${P}PersonaAbovePotential`, data: { persona: build.persona, potential } });
}

/**
 * Everything wrong with a starting character, as localisable problems under
 * GOLDHACK.Creation.*; an empty list means valid. Free Skills are searched,
 * so any legal choice passes. SRD: Characters (The Basic Chart, Lifepaths, Skills, Drives)
 */
export function validateCharacter(
  build: CharacterBuild,
  chart: Chart = BASIC_CHART,
  skillTypes: readonly string[] = SKILL_TYPES,
): Problem[] {
  return checkAll(build, chart, skillTypes).problems;
}

/**
 * One legal choice of free Skills for a character, in Lifepath order (which
 * Skill each Lifepath gave, new at 2 or +1), leaving exactly the chart's Skill
 * points spent; null when none exists or the age is unknown. SRD: Characters › Lifepaths
 */
export function findFreeSkillAssignment(
  build: CharacterBuild,
  chart: Chart = BASIC_CHART,
  skillTypes: readonly string[] = SKILL_TYPES,
): FreeSkillGrant[] | null {
  const checked = checkAll(build, chart, skillTypes);
  if (!checked.row) return null;
  const total = checked.slots.reduce((sum, slot) => sum + (slot?.rating ?? 0), 0);
  return pickFreeSkillGrants(freeTypes(build, checked.opened), checked.slots, total - checked.row.skillPoints);
}

type Checked =
  | { problems: Problem[]; row: null }
  | { problems: Problem[]; row: Readonly<ChartRow>; opened: string[][]; slots: (FreeSkillSlot | null)[] };

function checkAll(build: CharacterBuild, chart: Chart, skillTypes: readonly string[]): Checked {
  assertBuild(build);
  assertObject("chart", chart);
  if (!Array.isArray(skillTypes)) throw new RangeError(`skillTypes must be an array, got ${String(skillTypes)}`);
  skillTypes.forEach((type, i) => assertString(`skillTypes[${i}]`, type));
  const row = Object.prototype.hasOwnProperty.call(chart, build.age) ? chart[build.age] : undefined;
  if (row === undefined) {
    return { problems: [{ key: `${P}UnknownAge`, data: { age: build.age, ages: Object.keys(chart).join(", ") } }], row: null };
  }
  assertChartRow(build.age, row);
  const known = new Set(skillTypes);
  const problems: Problem[] = [];
  const opened = checkLifepaths(build, row, known, problems);
  const slots = checkSkills(build, row, known, new Set(opened.flat()), problems);
  checkFreeSkillsAndPoints(build, row, opened, slots, problems);
  checkDrivesAndRewards(build, row, problems);
  return { problems, row, opened, slots };
}
