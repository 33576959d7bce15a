/**
 * What a closed reward vote gives each character, and the reward history a character keeps. Pure: the
 * GM's client reads each character's Fate, Persona and Potential, and writes what this returns.
 * SRD: Rewards; Characters › Potential
 */
import { applyRewardAwards, type AppliedRewards, REWARD_AWARDS, type RewardAwardKey, type RewardPoints } from "../rules";
import type { RewardOutcome } from "./vote-state";

/** One character's share of a session's rewards. */
export interface CharacterReward extends AppliedRewards {
  uuid: string;
  name: string;
  awards: RewardAwardKey[];
}

/** One entry of a character's reward history (kept in the actor's flags). */
export interface RewardHistoryEntry {
  /** The vote that granted it: applying the same vote twice finds it here and does nothing. */
  voteId: string;
  /** When the vote closed (ms). */
  date: number;
  awards: RewardAwardKey[];
  fateGained: number;
  personaGained: number;
  fateLost: number;
  personaLost: number;
}

/** How many sessions a character's reward history keeps. */
export const REWARD_HISTORY_LIMIT = 30;

const clampPoints = (points: RewardPoints): RewardPoints => {
  const potential = Math.max(0, Math.trunc(points.potential));
  const clamp = (n: number): number => Math.min(potential, Math.max(0, Math.trunc(n)));
  return { potential, fate: clamp(points.fate), persona: clamp(points.persona) };
};

/**
 * Each character's awards applied to their points: never above Potential, what the cap swallowed
 * reported (rules core: `applyRewardAwards`). Points already above Potential (a hand edit) count as at it.
 */
export function characterRewards(outcome: RewardOutcome, characters: readonly { uuid: string; name: string; points: RewardPoints }[]): CharacterReward[] {
  return characters.map(({ uuid, name, points }) => {
    const awards = outcome.awards[uuid] ?? [];
    return { uuid, name, awards: [...awards], ...applyRewardAwards(clampPoints(points), awards) };
  });
}

/** The history entry a reward makes. */
export function rewardHistoryEntry(voteId: string, date: number, reward: CharacterReward): RewardHistoryEntry {
  const { awards, fateGained, personaGained, fateLost, personaLost } = reward;
  return { voteId, date, awards: [...awards], fateGained, personaGained, fateLost, personaLost };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown): number => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/** A stored reward history, newest first, damaged entries dropped. */
export function parseRewardHistory(value: unknown): RewardHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const entries = value.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.voteId !== "string" || typeof entry.date !== "number") return [];
    const awards = (Array.isArray(entry.awards) ? entry.awards : []).flatMap((key: unknown) => REWARD_AWARDS.filter((a) => a.key === key).map((a) => a.key));
    return [
      {
        voteId: entry.voteId,
        date: entry.date,
        awards,
        fateGained: count(entry.fateGained),
        personaGained: count(entry.personaGained),
        fateLost: count(entry.fateLost),
        personaLost: count(entry.personaLost),
      },
    ];
  });
  return entries.sort((a, b) => b.date - a.date);
}

/** The history with a session's entry added, once per vote, newest first. */
export function addRewardHistory(history: readonly RewardHistoryEntry[], entry: RewardHistoryEntry): RewardHistoryEntry[] {
  if (history.some((e) => e.voteId === entry.voteId)) return [...history];
  return [entry, ...history].sort((a, b) => b.date - a.date).slice(0, REWARD_HISTORY_LIMIT);
}

/** Belief, Goal and Instinct. SRD: Drives */
export interface Drives {
  belief: string;
  goal: string;
  instinct: string;
}

/** Drives a character had until a given moment (kept when they are rewritten). */
export interface DrivesHistoryEntry extends Drives {
  date: number;
}

/** How many earlier sets of Drives a character keeps. */
export const DRIVES_HISTORY_LIMIT = 30;

/** The stored Drives history, newest first, damaged entries dropped. */
export function parseDrivesHistory(value: unknown): DrivesHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  return value
    .flatMap((entry: unknown) =>
      isRecord(entry) && typeof entry.date === "number" ? [{ date: entry.date, belief: text(entry.belief), goal: text(entry.goal), instinct: text(entry.instinct) }] : [],
    )
    .sort((a, b) => b.date - a.date);
}

/**
 * Rewriting the Drives: the new ones, cleaned, and the history with the previous ones kept; null when
 * nothing changed. SRD: Drives (each player may rewrite them at the end of a session)
 */
export function rewriteDrives(
  previous: Drives,
  next: Drives,
  history: readonly DrivesHistoryEntry[],
  now: number,
): { drives: Drives; history: DrivesHistoryEntry[] } | null {
  const tidy = (text: string): string => (typeof text === "string" ? text.trim() : "");
  const drives = { belief: tidy(next.belief), goal: tidy(next.goal), instinct: tidy(next.instinct) };
  if (drives.belief === previous.belief && drives.goal === previous.goal && drives.instinct === previous.instinct) return null;
  const kept = { date: now, belief: previous.belief, goal: previous.goal, instinct: previous.instinct };
  return { drives, history: [kept, ...history].slice(0, DRIVES_HISTORY_LIMIT) };
}
