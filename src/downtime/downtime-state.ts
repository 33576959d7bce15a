/**
 * A downtime's state and its transitions: each takes a state and an action and returns the next state or
 * a refusal naming the problem. Pure: the GM's client reads the characters into facts, calls these, and
 * writes what they return. SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import { isTimeUnit, ruleFailedRecovery, type FalloutRecoveryFailure, type FalloutState, type Problem, type TimeSpan, type TimeUnit } from "../rules";
import { planProblem } from "./downtime-plan";
import { type CharacterFacts, type DowntimePlan, type DowntimeState, type Participant, refuse, type Transition } from "./downtime-types";

export * from "./downtime-types";

/** Longest downtime the form accepts, in any unit. */
export const MAX_SPAN_COUNT = 99;

/** A new downtime started at `startedAt` (ms), or the problem with what the GM set. */
export function createDowntime(
  id: string,
  span: TimeSpan,
  cycleUnits: Readonly<Record<string, TimeUnit>>,
  characters: readonly { uuid: string; name: string }[],
  types: readonly string[],
  startedAt = 0,
): Transition {
  if (!Number.isSafeInteger(span.count) || span.count < 1 || span.count > MAX_SPAN_COUNT || !isTimeUnit(span.unit)) {
    return refuse("Length", { max: MAX_SPAN_COUNT });
  }
  if (characters.length === 0) return refuse("NoCharacters");
  const units: Record<string, TimeUnit> = {};
  for (const type of types) {
    const unit = cycleUnits[type];
    if (!isTimeUnit(unit)) return refuse("CycleUnit", { type });
    units[type] = unit;
  }
  const participants: Participant[] = characters.map((c) => ({
    actorUuid: c.uuid,
    name: c.name,
    interfering: [],
    healed: [],
    warned: [],
    ages: false,
    plan: null,
    planStatus: "open",
    note: "",
    recoveries: [],
  }));
  return { ok: true, state: { id, status: "planning", span: { count: span.count, unit: span.unit }, cycleUnits: units, participants, result: null, summaryMessageId: null, startedAt } };
}

/** The participant playing this actor, or null. */
export const participantOf = (state: DowntimeState, actorUuid: string): Participant | null => state.participants.find((p) => p.actorUuid === actorUuid) ?? null;

function withParticipant(state: DowntimeState, actorUuid: string, change: (p: Participant) => Participant | { ok: false; problem: Problem }): Transition {
  if (state.status !== "planning") return refuse("Applied");
  const participant = participantOf(state, actorUuid);
  if (!participant) return refuse("NotTakingPart");
  const next = change(participant);
  if ("ok" in next) return next;
  return { ok: true, state: { ...state, participants: state.participants.map((p) => (p.actorUuid === actorUuid ? next : p)) } };
}

/** A player submits (or resubmits) her character's plan; only an owner may, and only a plan that checks out. */
export function submitPlan(state: DowntimeState, actorUuid: string, plan: DowntimePlan, facts: CharacterFacts, senderOwns: boolean): Transition {
  if (!senderOwns) return refuse("NotOwner", { actor: facts.name });
  return withParticipant(state, actorUuid, (p) => {
    const problem = planProblem(state, p, facts, plan);
    return problem ? { ok: false, problem } : { ...p, plan, planStatus: "submitted", note: "" };
  });
}

/** The GM sends a plan back to its player, with a note; the plan stays for her to edit. */
export function returnPlan(state: DowntimeState, actorUuid: string, note: string): Transition {
  return withParticipant(state, actorUuid, (p) => (p.planStatus !== "submitted" ? refuse("NothingToReturn", { actor: p.name }) : { ...p, planStatus: "returned", note: note.slice(0, 500) }));
}

/** What the GM marks per character. */
export interface GMMarks {
  interfering: string[];
  healed: string[];
  warned: string[];
  ages: boolean;
}

/** The GM's marks for one character; Fallout ids the character does not have are dropped. */
export function setMarks(state: DowntimeState, actorUuid: string, marks: GMMarks, facts: CharacterFacts): Transition {
  const ids = new Set(facts.fallouts.map((f) => f.id));
  const keep = (list: string[]) => [...new Set(list.filter((id) => ids.has(id)))];
  return withParticipant(state, actorUuid, (p) => ({ ...p, interfering: keep(marks.interfering), healed: keep(marks.healed), warned: keep(marks.warned), ages: marks.ages }));
}

/**
 * A player starts an early recovery Test: the GM's warning is frozen as it stands now, so a warning given
 * after the roll cannot make the Fallout permanent. One Test per Fallout per downtime. SRD: Permanent Fallout
 */
export function startRecovery(state: DowntimeState, actorUuid: string, falloutId: string, facts: CharacterFacts, senderOwns: boolean): Transition {
  if (!senderOwns) return refuse("NotOwner", { actor: facts.name });
  const fallout = facts.fallouts.find((f) => f.id === falloutId);
  if (!fallout) return refuse("NoSuchFallout");
  if (fallout.permanent) return refuse("PermanentTreat", { fallout: fallout.name });
  return withParticipant(state, actorUuid, (p) => {
    if (p.plan?.care[falloutId] !== "treat") return refuse("NotTreated", { fallout: fallout.name });
    const earlier = p.recoveries.find((r) => r.falloutId === falloutId);
    if (earlier && earlier.status !== "rolling") return refuse("RecoveryDone", { fallout: fallout.name });
    const recovery = { falloutId, falloutName: fallout.name, warned: p.warned.includes(falloutId), status: "rolling" as const, ratingBefore: null, messageId: null, ruling: null };
    return { ...p, recoveries: [...p.recoveries.filter((r) => r.falloutId !== falloutId), recovery] };
  });
}

/** The recovery Test was rolled: its card, its Ob (the rating when rolled) and whether it passed. */
export function recordRecovery(state: DowntimeState, actorUuid: string, falloutId: string, roll: { messageId: string; ob: number; passed: boolean }): Transition {
  return withParticipant(state, actorUuid, (p) => {
    const recovery = p.recoveries.find((r) => r.falloutId === falloutId);
    if (!recovery || recovery.status !== "rolling") return refuse("NoRecovery");
    const done = { ...recovery, status: roll.passed ? ("passed" as const) : ("failed" as const), ratingBefore: roll.ob, messageId: roll.messageId };
    return { ...p, recoveries: p.recoveries.map((r) => (r.falloutId === falloutId ? done : r)) };
  });
}

/**
 * The GM rules on a failed recovery: worse, longer or (only if warned before the roll) permanent. Once.
 * Returns the Fallout as it must now stand, for the caller to write.
 */
export function ruleRecovery(
  state: DowntimeState,
  actorUuid: string,
  falloutId: string,
  ruling: FalloutRecoveryFailure,
): { ok: true; state: DowntimeState; fallout: FalloutState } | { ok: false; problem: Problem } {
  let fallout: FalloutState | null = null;
  const next = withParticipant(state, actorUuid, (p) => {
    const recovery = p.recoveries.find((r) => r.falloutId === falloutId);
    if (!recovery || recovery.status !== "failed" || recovery.ratingBefore === null) return refuse("NoRecovery");
    if (recovery.ruling !== null) return refuse("AlreadyRuled", { fallout: recovery.falloutName });
    const ruled = ruleFailedRecovery({ rating: recovery.ratingBefore, permanent: false }, ruling, recovery.warned);
    if (!ruled.ok) return ruled;
    fallout = ruled.fallout;
    return { ...p, recoveries: p.recoveries.map((r) => (r.falloutId === falloutId ? { ...r, ruling } : r)) };
  });
  if (!next.ok) return next;
  if (!fallout) return refuse("NoRecovery");
  return { ok: true, state: next.state, fallout };
}

/** Reads a stored downtime back; null when the value is not one (nothing started yet, or damaged). */
export function parseDowntime(value: unknown): DowntimeState | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<DowntimeState>;
  if (typeof v.id !== "string" || (v.status !== "planning" && v.status !== "applied") || !Array.isArray(v.participants)) return null;
  if (typeof v.span !== "object" || v.span === null || !isTimeUnit(v.span.unit) || typeof v.cycleUnits !== "object" || v.cycleUnits === null) return null;
  return value as DowntimeState;
}
