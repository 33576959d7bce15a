/**
 * The planner's draft as a player edits it: read from the form, with one log per cycle kept in step with
 * the time given (logs already chosen stay, new cycles start at the suggestion). Pure.
 * SRD: Changes › Downtime & Practice
 */
import { type FalloutCare, type LearningOutcome, type LearningState, practiceCycles, replayLearningLogs, suggestOutcome, UNTRAINED_LEARNING } from "../rules";
import type { CharacterFacts, DowntimePlan, DowntimeState, PracticeEntry } from "./downtime-types";

/** The new Skill row of the form: blank name means none. */
export interface NewSkillDraft {
  name: string;
  type: string;
  units: number;
  outcomes: LearningOutcome[];
}

/** What the planner holds: a plan for the Skills held, and the new-Skill row. */
export interface PlannerDraft {
  restUnits: number;
  care: Record<string, FalloutCare>;
  /** By Skill id: time given and logs. */
  skills: Record<string, { units: number; outcomes: LearningOutcome[] }>;
  newSkill: NewSkillDraft;
}

const count = (value: unknown): number => {
  const n = Number(typeof value === "string" ? value.trim() : value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

/** The logs for `cycles` cycles: the chosen ones first, then each new cycle at the suggestion from where they leave the Skill. */
export function fitOutcomes(start: LearningState, chosen: readonly LearningOutcome[], cycles: number): LearningOutcome[] {
  const kept = chosen.slice(0, cycles);
  let state = replayLearningLogs(start, kept).state;
  while (kept.length < cycles) {
    const next = suggestOutcome(state);
    kept.push(next);
    state = replayLearningLogs(state, [next]).state;
  }
  return kept;
}

/** Logs from the form for one row (`outcome.<row>.<i>`), in cycle order. */
function outcomesOf(values: ReadonlyMap<string, string>, row: string): LearningOutcome[] {
  const found: LearningOutcome[] = [];
  for (let i = 0; values.has(`outcome.${row}.${i}`); i += 1) found.push(values.get(`outcome.${row}.${i}`) === "failed" ? "failed" : "passed");
  return found;
}

/** An empty draft, or the draft of a plan already submitted. */
export function draftFromPlan(plan: DowntimePlan | null, facts: CharacterFacts, firstType: string): PlannerDraft {
  const skills: PlannerDraft["skills"] = {};
  for (const s of facts.skills) skills[s.id] = { units: 0, outcomes: [] };
  const newSkill: NewSkillDraft = { name: "", type: firstType, units: 0, outcomes: [] };
  for (const entry of plan?.practice ?? []) {
    if (entry.skillId && skills[entry.skillId]) skills[entry.skillId] = { units: entry.units, outcomes: [...entry.outcomes] };
    else if (entry.newSkill) Object.assign(newSkill, { name: entry.newSkill.name, type: entry.newSkill.type, units: entry.units, outcomes: [...entry.outcomes] });
  }
  return { restUnits: plan?.restUnits ?? 0, care: { ...(plan?.care ?? {}) }, skills, newSkill };
}

/** The draft from the form's fields (name → value), its logs fitted to the cycles the time now gives. */
export function draftFromForm(entries: Iterable<[string, string]>, facts: CharacterFacts, state: DowntimeState, firstType: string): PlannerDraft {
  const values = new Map(entries);
  const care: Record<string, FalloutCare> = {};
  for (const f of facts.fallouts) {
    const how = values.get(`care.${f.id}`);
    if (how === "rest" || how === "treat") care[f.id] = how;
  }
  const span = (units: number) => ({ count: units, unit: state.span.unit });
  const skills: PlannerDraft["skills"] = {};
  for (const s of facts.skills) {
    const units = count(values.get(`units.${s.id}`));
    const cycles = Object.hasOwn(state.cycleUnits, s.type) ? practiceCycles(span(units), s.type, state.cycleUnits) : 0;
    skills[s.id] = { units, outcomes: fitOutcomes(s.learning, outcomesOf(values, s.id), cycles) };
  }
  const name = (values.get("newSkill.name") ?? "").trim();
  const typeValue = values.get("newSkill.type") ?? firstType;
  const type = Object.hasOwn(state.cycleUnits, typeValue) ? typeValue : firstType;
  const units = count(values.get("newSkill.units"));
  const cycles = name && Object.hasOwn(state.cycleUnits, type) ? practiceCycles(span(units), type, state.cycleUnits) : 0;
  return { restUnits: count(values.get("restUnits")), care, skills, newSkill: { name, type, units, outcomes: fitOutcomes(UNTRAINED_LEARNING, outcomesOf(values, "new"), cycles) } };
}

/** Every log back to the suggestion. */
export function suggestAll(draft: PlannerDraft, facts: CharacterFacts): PlannerDraft {
  const skills: PlannerDraft["skills"] = {};
  for (const s of facts.skills) {
    const row = draft.skills[s.id] ?? { units: 0, outcomes: [] };
    skills[s.id] = { units: row.units, outcomes: fitOutcomes(s.learning, [], row.outcomes.length) };
  }
  return { ...draft, skills, newSkill: { ...draft.newSkill, outcomes: fitOutcomes(UNTRAINED_LEARNING, [], draft.newSkill.outcomes.length) } };
}

/** The plan a draft submits: only the Skills given time, and the new Skill if named. */
export function planFromDraft(draft: PlannerDraft): DowntimePlan {
  const practice: PracticeEntry[] = [];
  for (const [skillId, row] of Object.entries(draft.skills)) if (row.units > 0) practice.push({ skillId, newSkill: null, units: row.units, outcomes: [...row.outcomes] });
  const n = draft.newSkill;
  if (n.name && n.units > 0) practice.push({ skillId: null, newSkill: { name: n.name, type: n.type }, units: n.units, outcomes: [...n.outcomes] });
  return { restUnits: draft.restUnits, care: { ...draft.care }, practice };
}
