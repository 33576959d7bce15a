import type { LearningOutcome } from "./learning";
import type { Problem } from "./types";
import { assertInteger, assertResolvedTest, type ResolvedTestShape } from "./validate";

/** One character's resolved roll in a shared Test. */
export interface AssistParticipant {
  readonly id: string;
  readonly result: Readonly<ResolvedTestShape>;
}

/** One character's roll in the alternative rules, which compare hits only. */
export interface AssistHitsParticipant {
  readonly id: string;
  readonly hits: number;
}

/** Who logs which outcome toward Skill Learning. */
export interface AssistLogEntry {
  readonly id: string;
  readonly outcome: LearningOutcome;
}

/** The roll that counts for everyone, and every roller's own log. */
export interface AssistCountedRoll {
  readonly countedId: string;
  readonly result: ResolvedTestShape;
  readonly logs: readonly AssistLogEntry[];
}

/** Equal contests are for the table to break with Instincts or Traits; the core only marks them. */
export interface AssistTie {
  readonly tie: true;
  readonly tiedIds: readonly string[];
  readonly notice: Problem;
}

/** A hindered roll: its reduced result, or a tie when the reduction exactly cancels its extra hits. */
export type HinderingOutcome =
  | { readonly tie: false; readonly targetId: string; readonly reducedBy: number; readonly result: ResolvedTestShape }
  | (AssistTie & { readonly targetId: string; readonly reducedBy: number });

/** The alternative hindering: one winner (who passes; everyone else fails), or a tie. */
export type HinderingAlternativeOutcome =
  | { readonly tie: false; readonly winnerId: string; readonly logs: readonly AssistLogEntry[] }
  | AssistTie;

const TIE_NOTICE_KEY = "GOLDHACK.Assist.Tie";

function assertIds(name: string, ids: readonly unknown[]): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (typeof id !== "string" || id === "") throw new RangeError(`${name}[${i}].id must be a non-empty string, got ${String(id)}`);
    if (seen.has(id)) throw new RangeError(`${name}[${i}].id repeats "${id}"`);
    seen.add(id);
  });
}

function assertParticipant(name: string, value: unknown): asserts value is AssistParticipant {
  if (typeof value !== "object" || value === null) throw new RangeError(`${name} must be a participant, got ${String(value)}`);
  const { id, result } = value as Record<string, unknown>;
  if (typeof id !== "string" || id === "") throw new RangeError(`${name}.id must be a non-empty string, got ${String(id)}`);
  assertResolvedTest(`${name}.result`, result);
}

function assertParticipants(name: string, value: unknown, min = 1): asserts value is readonly AssistParticipant[] {
  if (!Array.isArray(value)) throw new RangeError(`${name} must be a list, got ${String(value)}`);
  if (value.length < min) throw new RangeError(`${name} must hold at least ${min} roll(s), got ${value.length}`);
  value.forEach((p: unknown, i) => assertParticipant(`${name}[${i}]`, p));
  assertIds(name, value.map((p: { id?: unknown }) => p.id));
}

function assertHitsParticipants(name: string, value: unknown, min: number): asserts value is readonly AssistHitsParticipant[] {
  if (!Array.isArray(value)) throw new RangeError(`${name} must be a list, got ${String(value)}`);
  if (value.length < min) throw new RangeError(`${name} must hold at least ${min} roll(s), got ${value.length}`);
  value.forEach((p: unknown, i) => {
    if (typeof p !== "object" || p === null) throw new RangeError(`${name}[${i}] must be a participant, got ${String(p)}`);
    assertInteger(`${name}[${i}].hits`, (p as Record<string, unknown>).hits);
  });
  assertIds(name, value.map((p: { id?: unknown }) => p.id));
}

/** How far past (positive) or short of (negative) its Ob a roll ended: orders "best" and "worst". */
const margin = (r: ResolvedTestShape): number => r.extraHits - r.remainingOb;

const copy = (r: ResolvedTestShape): ResolvedTestShape => ({
  hits: r.hits,
  passed: r.passed,
  extraHits: r.extraHits,
  remainingOb: r.remainingOb,
});

/** Every player who rolled logs her own Test's outcome. SRD: Alterations › Assisting & Hindering Other's Intents */
export function assistLogs(participants: readonly AssistParticipant[]): AssistLogEntry[] {
  assertParticipants("participants", participants);
  return participants.map((p) => ({ id: p.id, outcome: p.result.passed ? "passed" : "failed" }));
}

function pick(participants: readonly AssistParticipant[], better: (a: number, b: number) => boolean): AssistCountedRoll {
  let chosen = participants[0] as AssistParticipant;
  for (const p of participants) if (better(margin(p.result), margin(chosen.result))) chosen = p;
  return { countedId: chosen.id, result: copy(chosen.result), logs: assistLogs(participants) };
}

/**
 * A Task needed for another's Intent: only the worst roll (most Ob remaining; among passes, fewest
 * extra hits) counts. Equal rolls count alike: the first listed is named. SRD: Alterations › Assisting & Hindering Other's Intents
 */
export function resolveNeededTask(participants: readonly AssistParticipant[]): AssistCountedRoll {
  assertParticipants("participants", participants);
  return pick(participants, (a, b) => a < b);
}

/**
 * A Task helpful to another's Intent: only the best roll (most extra hits; if none passed, least Ob
 * remaining) counts. Equal rolls count alike: the first listed is named. SRD: Alterations › Assisting & Hindering Other's Intents
 */
export function resolveHelpfulTask(participants: readonly AssistParticipant[]): AssistCountedRoll {
  assertParticipants("participants", participants);
  return pick(participants, (a, b) => a > b);
}

/**
 * A Task detrimental to another's Intent: the hinderers' extra hits (summed) reduce the target's hits.
 * Cancelling its extra hits exactly is a tie for Instincts or Traits. SRD: Alterations › Assisting & Hindering Other's Intents
 */
// Ruling: ruling-hindering (rules journal): this is the English SRD reading, the default; the Spanish reading (all hits added to the target's Ob) comes with the "Hindering uses" setting (issue 11).
export function resolveHindering(target: AssistParticipant, hinderers: readonly AssistParticipant[]): HinderingOutcome {
  assertParticipant("target", target);
  assertParticipants("hinderers", hinderers);
  if (hinderers.some((h) => h.id === target.id)) throw new RangeError(`hinderers must not include the target "${target.id}"`);
  const reducedBy = hinderers.reduce((sum, h) => sum + h.result.extraHits, 0);
  assertInteger("hinderers' extra hits", reducedBy);
  const r = target.result;
  if (reducedBy > 0 && reducedBy === r.extraHits) {
    const tiedIds = [target.id, ...hinderers.filter((h) => h.result.extraHits > 0).map((h) => h.id)];
    return { tie: true, targetId: target.id, reducedBy, tiedIds, notice: { key: TIE_NOTICE_KEY } };
  }
  const ob = r.hits - r.extraHits + r.remainingOb;
  const hits = Math.max(0, r.hits - reducedBy);
  const result: ResolvedTestShape = {
    hits,
    passed: hits >= ob,
    extraHits: Math.max(0, hits - ob),
    remainingOb: Math.max(0, ob - hits),
  };
  return { tie: false, targetId: target.id, reducedBy, result };
}

/**
 * The simpler helping rule: only the roll with most hits counts against the main Ob; each roller logs
 * her own hits against that Ob. SRD: Alterations › Alternative: Helping & Hindering
 */
export function resolveHelpingAlternative(participants: readonly AssistHitsParticipant[], ob: number): AssistCountedRoll {
  assertHitsParticipants("participants", participants, 1);
  assertInteger("ob", ob, 1);
  let chosen = participants[0] as AssistHitsParticipant;
  for (const p of participants) if (p.hits > chosen.hits) chosen = p;
  const against = (hits: number): ResolvedTestShape => ({
    hits,
    passed: hits >= ob,
    extraHits: Math.max(0, hits - ob),
    remainingOb: Math.max(0, ob - hits),
  });
  const logs = participants.map((p): AssistLogEntry => ({ id: p.id, outcome: p.hits >= ob ? "passed" : "failed" }));
  return { countedId: chosen.id, result: against(chosen.hits), logs };
}

/**
 * The simpler hindering rule: only the roll with most hits succeeds; a shared top is a tie for
 * Instincts or Traits. SRD: Alterations › Alternative: Helping & Hindering
 */
export function resolveHinderingAlternative(participants: readonly AssistHitsParticipant[]): HinderingAlternativeOutcome {
  assertHitsParticipants("participants", participants, 2);
  const top = Math.max(...participants.map((p) => p.hits));
  const tiedIds = participants.filter((p) => p.hits === top).map((p) => p.id);
  if (tiedIds.length > 1) return { tie: true, tiedIds, notice: { key: TIE_NOTICE_KEY } };
  return settleHinderingAlternative(participants, tiedIds[0] as string);
}

/**
 * The alternative hindering once the table has named the winner (after a tie broken by Instincts or
 * Traits): the winner logs a pass, everyone else a fail. SRD: Alterations › Alternative: Helping & Hindering
 */
export function settleHinderingAlternative(
  participants: readonly AssistHitsParticipant[],
  winnerId: string,
): { readonly tie: false; readonly winnerId: string; readonly logs: readonly AssistLogEntry[] } {
  assertHitsParticipants("participants", participants, 2);
  const top = Math.max(...participants.map((p) => p.hits));
  const winner = participants.find((p) => p.id === winnerId);
  if (winner === undefined) throw new RangeError(`winnerId "${String(winnerId)}" is not among the participants`);
  if (winner.hits !== top) throw new RangeError(`winnerId "${winnerId}" does not have the most hits, so cannot win`);
  const logs = participants.map((p): AssistLogEntry => ({ id: p.id, outcome: p.id === winnerId ? "passed" : "failed" }));
  return { tie: false, winnerId, logs };
}
