/**
 * Reading a plan from untrusted data and checking it against the downtime and the character: time, Skills
 * held (or learned by the untrained rule), cycles and logs, and rest first. Pure.
 * SRD: Changes › Downtime & Practice, Skill Learning
 */
import { practiceCycles, restFirstProblem, type FalloutCare, type LearningOutcome, type Problem } from "../rules";
import { type CharacterFacts, type DowntimePlan, type DowntimeState, type Participant, type PracticeEntry, refuse } from "./downtime-types";

/** Longest Skill name a plan may give a new Skill. */
export const MAX_SKILL_NAME = 60;
/** Most Skills one plan may practise. */
export const MAX_PRACTICE_ENTRIES = 20;
/** Most cycles one entry may log (a year of weeks and more). */
export const MAX_CYCLES = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const whole = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null);

function parseEntry(value: unknown): PracticeEntry | null {
  if (!isRecord(value)) return null;
  const units = whole(value.units);
  if (units === null || !Array.isArray(value.outcomes) || value.outcomes.length > MAX_CYCLES) return null;
  const outcomes: LearningOutcome[] = [];
  for (const o of value.outcomes) {
    if (o !== "passed" && o !== "failed") return null;
    outcomes.push(o);
  }
  const skillId = typeof value.skillId === "string" && value.skillId ? value.skillId : null;
  const n = value.newSkill;
  const newSkill = isRecord(n) && typeof n.name === "string" && typeof n.type === "string" ? { name: n.name.trim().slice(0, MAX_SKILL_NAME), type: n.type } : null;
  if ((skillId === null) === (newSkill === null)) return null;
  return { skillId, newSkill, units, outcomes };
}

/** A plan from a payload, or null when it is not one. */
export function parsePlan(value: unknown): DowntimePlan | null {
  if (!isRecord(value)) return null;
  const restUnits = whole(value.restUnits);
  if (restUnits === null || !isRecord(value.care) || !Array.isArray(value.practice) || value.practice.length > MAX_PRACTICE_ENTRIES) return null;
  const care: Record<string, FalloutCare> = {};
  for (const [id, how] of Object.entries(value.care)) {
    if (how !== "rest" && how !== "treat") return null;
    care[id] = how;
  }
  const practice: PracticeEntry[] = [];
  for (const raw of value.practice) {
    const entry = parseEntry(raw);
    if (!entry) return null;
    practice.push(entry);
  }
  return { restUnits, care, practice };
}

/** The name a plan's entry practises, as the character knows it. */
export function entryName(entry: PracticeEntry, facts: CharacterFacts): string {
  return entry.newSkill?.name ?? facts.skills.find((s) => s.id === entry.skillId)?.name ?? "?";
}

/** The Type of an entry's Skill, or null when the character has no such Skill. */
export function entryType(entry: PracticeEntry, facts: CharacterFacts): string | null {
  if (entry.newSkill) return entry.newSkill.type;
  return facts.skills.find((s) => s.id === entry.skillId)?.type ?? null;
}

/** Time a plan uses, in the downtime's unit. */
export const planUnits = (plan: DowntimePlan): number => plan.restUnits + plan.practice.reduce((sum, e) => sum + e.units, 0);

/** The first problem with a plan, or null when it may be submitted. */
export function planProblem(state: DowntimeState, participant: Participant, facts: CharacterFacts, plan: DowntimePlan): Problem | null {
  const unit = state.span.unit;
  const used = planUnits(plan);
  if (used > state.span.count) return refuse("TooLong", { used, total: state.span.count, unit }).problem;
  for (const [id, how] of Object.entries(plan.care)) {
    const fallout = facts.fallouts.find((f) => f.id === id);
    if (!fallout) return refuse("NoSuchFallout").problem;
    if (how === "treat" && fallout.permanent) return refuse("PermanentTreat", { fallout: fallout.name }).problem;
  }
  const rests = Object.entries(plan.care).find(([, how]) => how === "rest");
  if (rests && plan.restUnits === 0) return refuse("NoRestTime", { fallout: facts.fallouts.find((f) => f.id === rests[0])?.name ?? "" }).problem;
  const seen = new Set<string>();
  for (const entry of plan.practice) {
    const type = entryType(entry, facts);
    if (type === null) return refuse("NoSuchSkill", { actor: facts.name }).problem;
    const name = entryName(entry, facts);
    if (entry.newSkill) {
      if (!entry.newSkill.name) return refuse("NewSkillName").problem;
      if (!Object.hasOwn(state.cycleUnits, type)) return refuse("UnknownType", { skill: name }).problem;
      const known = facts.skills.find((s) => s.name.toLocaleLowerCase() === name.toLocaleLowerCase());
      if (known) return refuse("AlreadyKnown", { skill: known.name }).problem;
      // SRD: Changes › Skill Learning: with no rating, one Passed Test learns it; a fail teaches nothing.
      if (entry.outcomes[0] === "failed") return refuse("UntrainedPass", { skill: name }).problem;
    }
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return refuse("DuplicateSkill", { skill: name }).problem;
    seen.add(key);
    const unitOfType = state.cycleUnits[type];
    if (!unitOfType) return refuse("UnknownType", { skill: name }).problem;
    const cycles = practiceCycles({ count: entry.units, unit }, type, state.cycleUnits);
    if (entry.units > 0 && cycles === 0) return refuse("TooShort", { skill: name, cycle: unitOfType }).problem;
    if (entry.outcomes.length !== cycles) return refuse("Cycles", { skill: name, cycles, logs: entry.outcomes.length }).problem;
  }
  const practises = plan.practice.some((e) => e.outcomes.length > 0);
  const interfering = facts.fallouts.filter((f) => participant.interfering.includes(f.id)).map((f) => ({ id: f.id, name: f.name }));
  return restFirstProblem(interfering, plan.care, practises);
}
