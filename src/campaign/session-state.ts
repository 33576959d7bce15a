/**
 * A session of play, as the GM's client keeps it: when it started and ended, who was there, and the
 * records it collected between the two (every Test with its Fate, Persona, Fallout and learning, the group
 * Tests, the requests, Drives rewritten, new Traits, retirements). Pure: no Foundry. The adapters
 * (session-sources.ts) read the records off documents the server vouches for; only the GM's client writes
 * the state, into a world setting (session-store.ts), so a reload, a GM who drops out or a cleared chat
 * loses nothing already collected. Every transition is safe to repeat: a record is keyed (a card by its
 * message id) and a record seen again replaces the one kept, never counts twice.
 * SRD: Rewards (the end of the session); Changes (what a session changes)
 */
import type { TestHistoryEntry } from "../data/test-history";
import type { Problem } from "../rules";

export type SessionStatus = "running" | "ending" | "ended";

/** One Test card, as it stands now (Fate can flip it after the roll; the record follows the card). */
export interface TestRecord {
  kind: "test";
  key: string;
  at: number;
  messageId: string;
  actorUuid: string;
  actorName: string;
  testKind: "skill" | "potential" | "recovery";
  /** The Skill's name ("" for plain Potential). */
  skill: string;
  intent: string;
  task: string;
  ob: number;
  passed: boolean;
  fate: number;
  persona: number;
  /** Fallout taken on this Test (accepted). */
  fallout: { name: string; rating: number } | null;
  /** Recovery: the Fallout tested, and whether it was recovered. */
  recovery: { name: string; passed: boolean } | null;
  /** A Skill this Test taught (untrained pass), by name. */
  learned: string | null;
  /** The Skill this Test's log advanced, and its new rating. */
  advanced: { skill: string; rating: number } | null;
  groupId: string | null;
  requestId: string | null;
}

/** A group Test's card: its Intent, its parts and, once final, its verdict. */
export interface GroupRecord {
  kind: "group";
  key: string;
  at: number;
  messageId: string;
  mode: string;
  intent: string;
  parts: { actorUuid: string; actorName: string; skill: string }[];
  /** null until the verdict is final (or when there is none). */
  passed: boolean | null;
}

/** A GM's request (or a proposal the GM answered). */
export interface RequestRecord {
  kind: "request";
  key: string;
  at: number;
  messageId: string;
  actorUuid: string;
  actorName: string;
  skill: string;
  intent: string;
  /** How the answering Test came out; null while unanswered. */
  passed: boolean | null;
}

export type DriveKey = "belief" | "goal" | "instinct";

/** A change to a character: a Drive rewritten (the latest text per Drive), a new Trait, a retirement, an aging. */
export interface ChangeRecord {
  kind: "drive" | "trait" | "retired" | "aging";
  key: string;
  at: number;
  actorUuid: string;
  actorName: string;
  /** drive: which one. */
  drive?: DriveKey;
  /** drive: the new text; trait: the Trait's name; aging: the age now. */
  text: string;
}

export type SessionRecord = TestRecord | GroupRecord | RequestRecord | ChangeRecord;

export interface SessionState {
  id: string;
  /** Which session of the campaign (1, 2, …), counted by the GM's client at the start. */
  number: number;
  status: SessionStatus;
  startedAt: number;
  endedAt: number | null;
  /** The users who took part (names as they were, by id): everyone connected at the start or who joined later. */
  participants: { id: string; name: string }[];
  /** The reward vote that ends it, once the GM called it. */
  voteId: string | null;
  records: SessionRecord[];
  /** The campaign log's page for it, once written (its uuid); null before (or with the log off). */
  logPage: string | null;
}

export type Transition = { ok: true; state: SessionState } | { ok: false; problem: Problem };

/** The most records a session keeps: far beyond a night's play (300 Tests is a long one); older ones are never dropped silently. */
export const MAX_RECORDS = 2000;
/** A declared text kept in a record: a line, as the cards keep it. */
export const MAX_TEXT = 500;

const refuse = (name: string): { ok: false; problem: Problem } => ({ ok: false, problem: { key: `GOLDHACK.Campaign.Error.${name}` } });

/** A new session, started now by the GM with the users connected. */
export function startSession(input: { id: string; now: number; number: number; participants: { id: string; name: string }[] }, current: SessionState | null): Transition {
  if (current && current.status !== "ended") return refuse("Running");
  if (!input.id || !Number.isSafeInteger(input.now) || input.now < 0) throw new RangeError("startSession: id and now are required");
  if (!Number.isSafeInteger(input.number) || input.number < 1) throw new RangeError(`startSession: number must be a whole number of at least 1, got ${String(input.number)}`);
  return {
    ok: true,
    state: { id: input.id, number: input.number, status: "running", startedAt: input.now, endedAt: null, participants: dedupeUsers(input.participants), voteId: null, records: [], logPage: null },
  };
}

function dedupeUsers(users: readonly { id: string; name: string }[]): { id: string; name: string }[] {
  const seen = new Map<string, { id: string; name: string }>();
  for (const u of users) if (u.id && !seen.has(u.id)) seen.set(u.id, { id: u.id, name: u.name });
  return [...seen.values()];
}

/** Whether the session still collects records (running, or its reward vote not yet applied). */
export const collecting = (state: SessionState | null): state is SessionState => state !== null && state.status !== "ended";

/**
 * The session with `record` kept: a record of a key already kept replaces it (the card as it now stands),
 * others are added in time order. Null when nothing changes (not collecting, the same record again, or full).
 */
export function withRecord(state: SessionState, record: SessionRecord): SessionState | null {
  if (!collecting(state)) return null;
  if (record.at < state.startedAt) return null;
  const index = state.records.findIndex((r) => r.key === record.key);
  if (index >= 0) {
    if (JSON.stringify(state.records[index]) === JSON.stringify(record)) return null;
    // The time first seen stays: a card updated later is still where it was rolled.
    const kept = { ...record, at: state.records[index]?.at ?? record.at } as SessionRecord;
    return { ...state, records: state.records.map((r, i) => (i === index ? kept : r)) };
  }
  if (state.records.length >= MAX_RECORDS) return null;
  const records = [...state.records, record].sort((a, b) => a.at - b.at);
  return { ...state, records };
}

/** Several records at once (the catch-up after a GM reload); null when none changed anything. */
export function withRecords(state: SessionState, records: readonly SessionRecord[]): SessionState | null {
  let next = state;
  let changed = false;
  for (const record of records) {
    const after = withRecord(next, record);
    if (after) {
      next = after;
      changed = true;
    }
  }
  return changed ? next : null;
}

/** A user who joined after the start; null when already there. */
export function withParticipant(state: SessionState, user: { id: string; name: string }): SessionState | null {
  if (!collecting(state) || !user.id || state.participants.some((p) => p.id === user.id)) return null;
  return { ...state, participants: [...state.participants, { id: user.id, name: user.name }] };
}

/** The GM called the reward vote that ends it: it keeps collecting until the vote is applied. */
export function ending(state: SessionState, voteId: string): Transition {
  if (state.status === "ended") return refuse("NotRunning");
  if (!voteId) throw new RangeError("ending: voteId is required");
  return { ok: true, state: { ...state, status: "ending", voteId } };
}

/** The session is over: its reward vote applied (or the GM ended it without one). Safe to repeat. */
export function ended(state: SessionState, now: number): SessionState {
  if (state.status === "ended") return state;
  return { ...state, status: "ended", endedAt: now };
}

/** The log page was written. */
export const logged = (state: SessionState, pageUuid: string): SessionState => ({ ...state, logPage: pageUuid });

export const testsOf = (state: SessionState): TestRecord[] => state.records.filter((r): r is TestRecord => r.kind === "test");
export const groupsOf = (state: SessionState): GroupRecord[] => state.records.filter((r): r is GroupRecord => r.kind === "group");
export const requestsOf = (state: SessionState): RequestRecord[] => state.records.filter((r): r is RequestRecord => r.kind === "request");
export const changesOf = (state: SessionState): ChangeRecord[] => state.records.filter((r): r is ChangeRecord => r.kind === "drive" || r.kind === "trait" || r.kind === "retired" || r.kind === "aging");

/** A character's Tests of this session as the vote's evidence shows them (newest first): the same records the log reads. */
export function evidenceTests(state: SessionState, actorUuid: string): TestHistoryEntry[] {
  return testsOf(state)
    .filter((t) => t.actorUuid === actorUuid)
    .map(
      (t): TestHistoryEntry => ({
        messageId: t.messageId,
        messageUuid: `ChatMessage.${t.messageId}`,
        kind: t.testKind,
        skillId: null,
        skillName: t.skill,
        ob: t.ob,
        intent: t.intent,
        task: t.task,
        outcome: t.passed ? "passed" : "failed",
        timestamp: t.at,
        sceneId: null,
        memory: 0,
        requestId: t.requestId,
      }),
    )
    .sort((a, b) => b.timestamp - a.timestamp);
}

// Reading the stored state back: a world setting only a GM writes, but read defensively (a damaged or
// older value is no session rather than a crash).

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v.slice(0, MAX_TEXT) : fallback);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean => v === true;
const boolOrNull = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v.slice(0, MAX_TEXT) : null);
const DRIVES: readonly DriveKey[] = ["belief", "goal", "instinct"];

function parseRecord(v: unknown): SessionRecord | null {
  if (!isRecord(v)) return null;
  const key = str(v.key);
  const at = num(v.at);
  if (!key || at === null) return null;
  const base = { key, at };
  switch (v.kind) {
    case "test": {
      const testKind = v.testKind === "potential" || v.testKind === "recovery" ? v.testKind : "skill";
      const fallout = isRecord(v.fallout) ? { name: str(v.fallout.name), rating: num(v.fallout.rating) ?? 0 } : null;
      const recovery = isRecord(v.recovery) ? { name: str(v.recovery.name), passed: bool(v.recovery.passed) } : null;
      const advanced = isRecord(v.advanced) ? { skill: str(v.advanced.skill), rating: num(v.advanced.rating) ?? 0 } : null;
      return {
        kind: "test",
        ...base,
        messageId: str(v.messageId),
        actorUuid: str(v.actorUuid),
        actorName: str(v.actorName),
        testKind,
        skill: str(v.skill),
        intent: str(v.intent),
        task: str(v.task),
        ob: num(v.ob) ?? 0,
        passed: bool(v.passed),
        fate: num(v.fate) ?? 0,
        persona: num(v.persona) ?? 0,
        fallout,
        recovery,
        learned: strOrNull(v.learned),
        advanced,
        groupId: strOrNull(v.groupId),
        requestId: strOrNull(v.requestId),
      };
    }
    case "group":
      return {
        kind: "group",
        ...base,
        messageId: str(v.messageId),
        mode: str(v.mode),
        intent: str(v.intent),
        parts: Array.isArray(v.parts) ? v.parts.filter(isRecord).map((p) => ({ actorUuid: str(p.actorUuid), actorName: str(p.actorName), skill: str(p.skill) })) : [],
        passed: boolOrNull(v.passed),
      };
    case "request":
      return { kind: "request", ...base, messageId: str(v.messageId), actorUuid: str(v.actorUuid), actorName: str(v.actorName), skill: str(v.skill), intent: str(v.intent), passed: boolOrNull(v.passed) };
    case "drive":
    case "trait":
    case "retired":
    case "aging": {
      const drive = DRIVES.find((d) => d === v.drive);
      return { kind: v.kind, ...base, actorUuid: str(v.actorUuid), actorName: str(v.actorName), ...(drive ? { drive } : {}), text: str(v.text) };
    }
    default:
      return null;
  }
}

/** The stored session, or null when there is none (or it cannot be read). */
export function parseSession(value: unknown): SessionState | null {
  if (!isRecord(value)) return null;
  const id = str(value.id);
  const startedAt = num(value.startedAt);
  const status = value.status === "running" || value.status === "ending" || value.status === "ended" ? value.status : null;
  if (!id || startedAt === null || !status) return null;
  const number = num(value.number);
  return {
    id,
    number: number !== null && number >= 1 ? Math.floor(number) : 1,
    status,
    startedAt,
    endedAt: num(value.endedAt),
    participants: Array.isArray(value.participants) ? dedupeUsers(value.participants.filter(isRecord).map((p) => ({ id: str(p.id), name: str(p.name) }))) : [],
    voteId: strOrNull(value.voteId),
    records: Array.isArray(value.records) ? value.records.slice(0, MAX_RECORDS).map(parseRecord).filter((r): r is SessionRecord => r !== null) : [],
    logPage: strOrNull(value.logPage),
  };
}
