/**
 * A character's recent Tests as plain data: what was declared, against which Ob, how it came out and
 * where its card is. Pure: no Foundry globals, so the history (and what reads it: the repeated-test
 * guard, the sheet, rewards) is testable on its own. SRD: Tests › 1) Declaring The Intent & The Task
 */
import type { TestKind } from "./test-choice";

/** How many Tests an actor keeps. Enough for a session's scenes; older ones drop off. */
export const TEST_HISTORY_LIMIT = 20;

/** How a Test came out, in the words of the learning log. SRD: Tests › 3) Dice Roll */
export type HistoryOutcome = "passed" | "failed";

/** One remembered Test. */
export interface TestHistoryEntry {
  /** The chat card of the roll. */
  messageId: string;
  messageUuid: string;
  kind: TestKind;
  /** null for Potential. */
  skillId: string | null;
  skillName: string;
  /** The base Ob the GM set (before doubling or penalties): what the repeated-test guard compares. */
  ob: number;
  intent: string;
  task: string;
  outcome: HistoryOutcome;
  /** When it was rolled (the chat message's timestamp, ms). */
  timestamp: number;
  /** The scene it was rolled in; null when there was none. */
  sceneId: string | null;
  /** The scene's test memory generation when rolled: the GM's "clear" starts a new one. */
  memory: number;
  /** The request card it answered, if any. */
  requestId: string | null;
}

const KINDS: readonly TestKind[] = ["skill", "potential", "recovery"];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const whole = (value: unknown, min: number): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : null);

/** One stored entry, or null when it is not one (flags are data anyone with the actor could have edited). */
export function parseHistoryEntry(value: unknown): TestHistoryEntry | null {
  if (!isRecord(value)) return null;
  const messageId = text(value.messageId);
  const kind = KINDS.find((k) => k === value.kind);
  const ob = whole(value.ob, 0);
  const timestamp = whole(value.timestamp, 0);
  const outcome = value.outcome === "passed" || value.outcome === "failed" ? value.outcome : null;
  if (!messageId || !kind || ob === null || timestamp === null || !outcome) return null;
  return {
    messageId,
    messageUuid: text(value.messageUuid) ?? `ChatMessage.${messageId}`,
    kind,
    skillId: text(value.skillId),
    skillName: text(value.skillName) ?? "",
    ob,
    intent: text(value.intent) ?? "",
    task: text(value.task) ?? "",
    outcome,
    timestamp,
    sceneId: text(value.sceneId),
    memory: whole(value.memory, 0) ?? 0,
    requestId: text(value.requestId),
  };
}

/** The stored history, newest first, damaged entries dropped, at most `limit`. */
export function parseHistory(value: unknown, limit: number = TEST_HISTORY_LIMIT): TestHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const entries = value.map(parseHistoryEntry).filter((e): e is TestHistoryEntry => e !== null);
  return sortNewestFirst(entries).slice(0, limit);
}

/** Newest first; on the same timestamp the order given is kept. */
function sortNewestFirst(entries: readonly TestHistoryEntry[]): TestHistoryEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.timestamp - a.entry.timestamp || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * The history with `entry` added: newest first, at most `limit`, one entry per card (a card recorded
 * again replaces its old entry rather than counting twice).
 */
export function addHistoryEntry(history: readonly TestHistoryEntry[], entry: TestHistoryEntry, limit: number = TEST_HISTORY_LIMIT): TestHistoryEntry[] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1, got ${String(limit)}`);
  const others = history.filter((e) => e.messageId !== entry.messageId);
  return sortNewestFirst([entry, ...others]).slice(0, limit);
}

/** The history with one card's outcome changed (Fate can flip a Test after it was recorded); null when nothing changes. */
export function withOutcome(history: readonly TestHistoryEntry[], messageId: string, outcome: HistoryOutcome): TestHistoryEntry[] | null {
  const index = history.findIndex((e) => e.messageId === messageId);
  const entry = history[index];
  if (!entry || entry.outcome === outcome) return null;
  return history.map((e, i) => (i === index ? { ...e, outcome } : e));
}

/** The history without the entries of these cards (deleted chat messages); null when none was there. */
export function withoutMessages(history: readonly TestHistoryEntry[], messageIds: ReadonlySet<string>): TestHistoryEntry[] | null {
  const kept = history.filter((e) => !messageIds.has(e.messageId));
  return kept.length === history.length ? null : kept;
}
