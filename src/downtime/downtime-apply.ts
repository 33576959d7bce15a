/**
 * Applying a downtime, as pure data: from each character as she stands now and her plan, the writes to
 * make (Skills logged and learned, Fallouts healed, aging) and the result the summary card shows. The
 * state comes back marked applied, so a second apply is refused and changes nothing.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import { agingSummary, type AgingSummary, type Chart, practiceSkill, UNTRAINED_LEARNING, type LearningState, type Problem } from "../rules";
import { entryName } from "./downtime-plan";
import { type CharacterFacts, type DowntimeState, type ParticipantResult, refuse } from "./downtime-types";

/** The writes one character needs. */
export interface CharacterChanges {
  actorUuid: string;
  skillUpdates: { skillId: string; learning: LearningState }[];
  newSkills: { name: string; type: string; learning: LearningState }[];
  deleteFallouts: string[];
  /** Age, Fate and Persona to write; null when the character does not age (or leaves play, which changes no data). */
  aging: { age: string; fate: number; persona: number } | null;
}

export interface DowntimeApplication {
  state: DowntimeState;
  changes: CharacterChanges[];
}

const sameLearning = (a: LearningState, b: LearningState) => a.rating === b.rating && a.passed === b.passed && a.failed === b.failed;

/** One character's changes and result. Practice is blocked while an interfering Fallout is still there after healing. */
function applyOne(state: DowntimeState, index: number, facts: CharacterFacts, chart: Chart, ages: readonly string[]): { changes: CharacterChanges; result: ParticipantResult } {
  const p = state.participants[index];
  if (!p) throw new RangeError(`no participant ${index}`);
  const plan = p.plan && p.planStatus === "submitted" ? p.plan : null;
  const present = new Set(facts.fallouts.map((f) => f.id));
  const healed = p.healed.filter((id) => present.has(id));
  const remaining = facts.fallouts.filter((f) => !healed.includes(f.id));
  const blocking = remaining.find((f) => p.interfering.includes(f.id)) ?? null;
  const changes: CharacterChanges = { actorUuid: p.actorUuid, skillUpdates: [], newSkills: [], deleteFallouts: healed, aging: null };
  const result: ParticipantResult = {
    name: facts.name,
    restUnits: plan?.restUnits ?? 0,
    noPlan: plan === null,
    practice: [],
    blockedBy: null,
    healed: facts.fallouts.filter((f) => healed.includes(f.id)).map((f) => f.name),
    recoveries: p.recoveries.filter((r) => r.status !== "rolling").map((r) => ({ fallout: r.falloutName, passed: r.status === "passed", ruling: r.ruling })),
    aging: null,
  };
  for (const entry of plan?.practice ?? []) {
    if (entry.outcomes.length === 0) continue;
    const skill = entry.skillId ? facts.skills.find((s) => s.id === entry.skillId) : undefined;
    // A Skill deleted since the plan was checked is skipped rather than recreated.
    if (entry.skillId && !skill) continue;
    const start = skill?.learning ?? UNTRAINED_LEARNING;
    const practised = practiceSkill(start, entry.outcomes, blocking !== null);
    if (!practised.ok) {
      result.blockedBy = blocking?.name ?? null;
      break;
    }
    const passed = entry.outcomes.filter((o) => o === "passed").length;
    result.practice.push({ skill: entryName(entry, facts), cycles: entry.outcomes.length, passed, failed: entry.outcomes.length - passed, from: start.rating, to: practised.state.rating, learned: !skill && practised.state.rating > 0 });
    if (skill && !sameLearning(skill.learning, practised.state)) changes.skillUpdates.push({ skillId: skill.id, learning: practised.state });
    if (!skill && entry.newSkill && practised.state.rating > 0) changes.newSkills.push({ name: entry.newSkill.name, type: entry.newSkill.type, learning: practised.state });
  }
  if (p.ages) {
    const aging: AgingSummary = agingSummary({ age: facts.age, fate: facts.fate, persona: facts.persona }, chart, ages);
    result.aging = aging;
    if (aging.to !== null) changes.aging = { age: aging.to, fate: aging.fate, persona: aging.persona };
  }
  return { changes, result };
}

/**
 * Applies every plan together. `facts` holds each participant's character as she stands now (missing:
 * the actor is gone, and is skipped). Refused once applied.
 */
export function applyDowntime(
  state: DowntimeState,
  facts: ReadonlyMap<string, CharacterFacts>,
  now: number,
  chart: Chart,
  ages: readonly string[],
): { ok: true; value: DowntimeApplication } | { ok: false; problem: Problem } {
  if (state.status !== "planning") return refuse("Applied");
  const changes: CharacterChanges[] = [];
  const results: ParticipantResult[] = [];
  state.participants.forEach((p, i) => {
    const f = facts.get(p.actorUuid);
    if (!f) return;
    const one = applyOne(state, i, f, chart, ages);
    changes.push(one.changes);
    results.push(one.result);
  });
  return { ok: true, value: { state: { ...state, status: "applied", result: { appliedAt: now, participants: results } }, changes } };
}
