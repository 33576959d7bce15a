/**
 * The shapes of a downtime: what the GM set, each character's plan and recoveries, and the result. Pure
 * data, no Foundry: stored whole in a world setting only the GM writes.
 */
import type { AgingSummary, FalloutCare, FalloutRecoveryFailure, LearningOutcome, LearningState, Problem, TimeSpan, TimeUnit } from "../rules";

/** One Skill practised: an existing one by id, or a new one learned by the untrained rule. */
export interface PracticeEntry {
  skillId: string | null;
  newSkill: { name: string; type: string } | null;
  /** Time given to it, in the downtime's unit. */
  units: number;
  /** The Pass or Fail logged for each cycle, in order. */
  outcomes: LearningOutcome[];
}

/** A player's plan: time set aside to rest, how each Fallout is cared for, then practice. */
export interface DowntimePlan {
  restUnits: number;
  care: Record<string, FalloutCare>;
  practice: PracticeEntry[];
}

/** An early recovery Test: the warning as it stood when the player started it, then its outcome and the GM's ruling. */
export interface Recovery {
  falloutId: string;
  falloutName: string;
  warned: boolean;
  status: "rolling" | "passed" | "failed";
  /** The Fallout's rating when rolled (the Test's Ob). */
  ratingBefore: number | null;
  messageId: string | null;
  ruling: FalloutRecoveryFailure | null;
}

export type PlanStatus = "open" | "submitted" | "returned";

export interface Participant {
  actorUuid: string;
  name: string;
  /** GM: Fallouts that interfere with practice (must be rested or treated first). */
  interfering: string[];
  /** GM: Fallouts the time spent heals. */
  healed: string[];
  /** GM: Fallouts warned, before any recovery Test, that failing may make them permanent. */
  warned: string[];
  /** GM: the character ages one step. */
  ages: boolean;
  plan: DowntimePlan | null;
  planStatus: PlanStatus;
  /** The GM's note when sending a plan back. */
  note: string;
  recoveries: Recovery[];
}

/** What one character came out of the downtime with, for the summary card. */
export interface ParticipantResult {
  name: string;
  restUnits: number;
  noPlan: boolean;
  practice: { skill: string; cycles: number; passed: number; failed: number; from: number; to: number; learned: boolean }[];
  /** Practice did not happen: this interfering Fallout was still there. */
  blockedBy: string | null;
  healed: string[];
  recoveries: { fallout: string; passed: boolean; ruling: FalloutRecoveryFailure | null }[];
  aging: AgingSummary | null;
}

export interface DowntimeResult {
  appliedAt: number;
  participants: ParticipantResult[];
}

export interface DowntimeState {
  id: string;
  status: "planning" | "applied";
  span: TimeSpan;
  cycleUnits: Record<string, TimeUnit>;
  participants: Participant[];
  result: DowntimeResult | null;
  summaryMessageId: string | null;
  /** When the GM started it (ms): a recovery Test counts only if it is its Fallout's first card since then. Absent in a downtime stored before 0.3. */
  startedAt?: number;
}

/** What the GM's client reads from a character to check a plan or apply it. */
export interface CharacterFacts {
  uuid: string;
  name: string;
  age: string;
  fate: number;
  persona: number;
  skills: { id: string; name: string; type: string; learning: LearningState }[];
  fallouts: { id: string; name: string; rating: number; permanent: boolean }[];
}

export type Transition<T = DowntimeState> = { ok: true; state: T } | { ok: false; problem: Problem };

export const refuse = (key: string, data?: Record<string, string | number>): { ok: false; problem: Problem } => ({
  ok: false,
  problem: data ? { key: `GOLDHACK.Downtime.Error.${key}`, data } : { key: `GOLDHACK.Downtime.Error.${key}` },
});
