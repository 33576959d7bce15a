/**
 * A group Test's state and its transitions, pure (no Foundry globals): who takes part, what each rolls,
 * which roll counts, the tie the GM breaks and the Fallout the GM offers. Every transition returns the
 * next state or a refusal (a localisation key), and never changes the state it was given.
 * SRD: Alterations › Assisting & Hindering Other's Intents; Alternative: Helping & Hindering
 */
import {
  falloutRating,
  groupPassProbability,
  type GroupMode,
  helpingAlternativeProbability,
  hinderingAlternativeOdds,
  hinderingOdds,
  type HinderingReading,
  planTest,
  type Problem,
  resolveHelpfulTask,
  resolveHelpingAlternative,
  resolveHindering,
  resolveHinderingAlternative,
  resolveHinderingByOb,
  resolveNeededTask,
  type ResolvedTestShape,
  settleHinderingAlternative,
  type TestPlan,
  testExplodes,
} from "../rules";
import { COUNT_MAX } from "../data/limits";

/** A part's roll, copied from its Test card (which keeps the dice, the Fate and the log). */
export interface GroupRoll {
  /** The part's own Test card. */
  messageId: string;
  /** The user the GM's client rolled it for (the server named them). */
  userId: string;
  plan: TestPlan;
  faces: number[];
  result: ResolvedTestShape;
  /** Fate was spent on it (it changes nothing here but the card's buttons). */
  fate: boolean;
}

export type GroupPartStatus = "waiting" | "rolled" | "removed";

/**
 * The Skill a Potential part's pass teaches, as the single Test's "Potential, to learn X": its name, its Type, and
 * whether that Type's sixes explode (read from the config by the GM's client when the card was posted).
 * SRD: Alterations › Assisting & Hindering ("every player who rolled logs her Test to learn"); Changes › Skill
 * Learning ("If you have no rating, you need only one Passed Test to learn it at rating 1")
 */
export interface GroupLearn {
  name: string;
  type: string;
  explodes: boolean;
}

/** One participant: an actor, her Task and what she tests against which Ob. */
export interface GroupPart {
  id: string;
  actorUuid: string;
  actorName: string;
  /** null: Potential (untrained, double Ob). */
  skillId: string | null;
  skillName: string;
  /** The Skill's rating (0 for Potential), her Potential and Magic: enough for the odds before anyone rolls. */
  rating: number;
  potential: number;
  magic: boolean;
  /** Base Ob before doubling. */
  ob: number;
  task: string;
  /** A Potential part (no skillId): the Skill her pass teaches; absent or null when she learns nothing. */
  learn?: GroupLearn | null;
  /**
   * The alternative hindering: the outcome the group logged for this part (see alternativeLogs), and its Test
   * card's log as written; absent until the verdict is final. Opaque here: the GM's client writes it.
   */
  groupLog?: { outcome: "passed" | "failed"; log: unknown } | null;
  status: GroupPartStatus;
  roll: GroupRoll | null;
}

export interface GroupFallout {
  status: "offered" | "accepted" | "refused";
  rating: number;
}

export interface GroupState {
  mode: GroupMode;
  /** Hindering: which SRD's reading was in force when the card was posted. */
  reading: HinderingReading;
  /** The simpler helping and hindering rules were in force. */
  alternative: boolean;
  /** The part whose Intent it is (the hindered one when hindering). */
  ownerPartId: string;
  intent: string;
  consequence: string;
  status: "open" | "closed";
  parts: GroupPart[];
  /** The part the GM named as breaking a tie, if any. */
  tieBrokenBy: string | null;
  fallout: GroupFallout | null;
}

export type Transition = { ok: true; state: GroupState } | { ok: false; problem: Problem };

const KEY = "GOLDHACK.Group.Error";
const refuse = (name: string, data?: Record<string, string | number>): { ok: false; problem: Problem } => ({
  ok: false,
  problem: data ? { key: `${KEY}.${name}`, data } : { key: `${KEY}.${name}` },
});
const done = (state: GroupState): Transition => ({ ok: true, state });
const clone = (state: GroupState): GroupState => structuredClone(state);

export const MAX_PARTS = 12;
export const MAX_TEXT = 500;
/** A Skill to learn is a name, not a sentence. */
export const MAX_SKILL_NAME = 64;

/** What the start dialog gives for one participant. */
export type GroupPartInput = Omit<GroupPart, "status" | "roll">;

/** What the start dialog gives for the whole group: the state's declaration, before anyone rolls. */
export type GroupInput = Pick<GroupState, "mode" | "reading" | "alternative" | "ownerPartId" | "intent" | "consequence"> & { parts: GroupPartInput[] };

const isInt = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

/** A new open group, or why the input cannot be one. */
export function createGroup(input: GroupInput): Transition {
  if (!["needed", "helpful", "hindering"].includes(input.mode)) return refuse("BadMode");
  const min = input.mode === "hindering" ? 2 : 1;
  if (input.parts.length < min) return refuse("TooFew", { min });
  if (input.parts.length > MAX_PARTS) return refuse("TooMany", { max: MAX_PARTS });
  const ids = new Set<string>();
  for (const p of input.parts) {
    if (!p.id || ids.has(p.id)) return refuse("BadPart");
    ids.add(p.id);
    if (!p.actorUuid || !isInt(p.ob, 1) || !isInt(p.rating, 0) || !isInt(p.potential, 0)) return refuse("BadPart");
    if (p.ob > MAX_GROUP_OB) return refuse("ObTooHigh", { max: MAX_GROUP_OB });
    if (p.rating > COUNT_MAX || p.potential > COUNT_MAX) return refuse("BadPart");
    if (p.rating === 0 && p.potential < 1) return refuse("NoDice", { actor: p.actorName });
    if (p.learn && (p.skillId !== null || !p.learn.name.trim() || !p.learn.type)) return refuse("BadPart");
  }
  if (!ids.has(input.ownerPartId)) return refuse("NoOwner");
  if (input.intent.trim() === "") return refuse("NoIntent");
  const cut = (s: string) => s.trim().slice(0, MAX_TEXT);
  return done({
    mode: input.mode,
    reading: input.reading,
    alternative: input.alternative,
    ownerPartId: input.ownerPartId,
    intent: cut(input.intent),
    consequence: cut(input.consequence),
    status: "open",
    parts: input.parts.map((p) => ({ ...p, task: cut(p.task), ...(p.learn ? { learn: { ...p.learn, name: p.learn.name.trim().slice(0, MAX_SKILL_NAME) } } : {}), status: "waiting", roll: null })),
    tieBrokenBy: null,
    fallout: null,
  });
}

/** Who asks, as the GM's client sees them: the server-named user, and whether she owns the part's actor. */
export interface GroupAsker {
  isGM: boolean;
  ownsActor: boolean;
}

/** Whether `asker` may roll part `partId` now; null when she may. */
export function rollRefusal(state: GroupState, partId: string, asker: GroupAsker): Problem | null {
  const part = state.parts.find((p) => p.id === partId);
  if (!part || part.status === "removed") return refuse("NoPart").problem;
  if (state.status === "closed") return refuse("Closed").problem;
  if (part.status === "rolled") return refuse("AlreadyRolled", { actor: part.actorName }).problem;
  if (!asker.isGM && !asker.ownsActor) return refuse("NotOwner", { actor: part.actorName }).problem;
  return null;
}

/** What the rolled Test was, to compare with the part it claims to be. */
export interface RolledChoice {
  actorUuid: string;
  skillId: string | null;
  ob: number;
}

/** A roll lands on its part: refused unless it may be rolled and tests the part's Skill and Ob as set. */
export function landRoll(state: GroupState, partId: string, asker: GroupAsker, choice: RolledChoice, roll: GroupRoll): Transition {
  const refusal = rollRefusal(state, partId, asker);
  if (refusal) return { ok: false, problem: refusal };
  const part = state.parts.find((p) => p.id === partId) as GroupPart;
  if (choice.actorUuid !== part.actorUuid || choice.skillId !== part.skillId || choice.ob !== part.ob) return refuse("PartChanged", { actor: part.actorName });
  const next = clone(state);
  const target = next.parts.find((p) => p.id === partId) as GroupPart;
  target.status = "rolled";
  target.roll = structuredClone(roll);
  return done(next);
}

/** A part's roll after Fate changed it on its Test card; the verdict follows. */
export function reviseRoll(state: GroupState, partId: string, roll: Pick<GroupRoll, "faces" | "result" | "fate">): Transition {
  const part = state.parts.find((p) => p.id === partId);
  if (!part?.roll) return refuse("NoPart");
  const next = clone(state);
  const target = next.parts.find((p) => p.id === partId) as GroupPart & { roll: GroupRoll };
  target.roll = { ...target.roll, faces: [...roll.faces], result: { ...roll.result }, fate: roll.fate };
  // A tie broken, or Fallout offered, on the old dice no longer fits the new ones.
  next.tieBrokenBy = null;
  if (next.fallout?.status === "offered") next.fallout = null;
  return done(next);
}

/** The GM changes a part's Skill or Ob before it is rolled. */
export function editPart(state: GroupState, partId: string, change: Pick<GroupPart, "skillId" | "skillName" | "rating" | "magic" | "ob">): Transition {
  const part = state.parts.find((p) => p.id === partId);
  if (!part || part.status === "removed") return refuse("NoPart");
  if (state.status === "closed") return refuse("Closed");
  if (part.status === "rolled") return refuse("PartChanged", { actor: part.actorName });
  if (!isInt(change.ob, 1) || !isInt(change.rating, 0)) return refuse("BadPart");
  const next = clone(state);
  Object.assign(next.parts.find((p) => p.id === partId) as GroupPart, change);
  return done(next);
}

/** The GM takes a participant out: her roll, if any, no longer counts. The Intent's owner stays. */
export function removePart(state: GroupState, partId: string): Transition {
  const part = state.parts.find((p) => p.id === partId);
  if (!part || part.status === "removed") return refuse("NoPart");
  if (partId === state.ownerPartId) return refuse("RemoveOwner");
  if (state.fallout) return refuse("Settled");
  const next = clone(state);
  (next.parts.find((p) => p.id === partId) as GroupPart).status = "removed";
  next.tieBrokenBy = null;
  return done(next);
}

/** The GM closes the group: parts not rolled stay "not rolled" and no one may join. */
export function closeGroup(state: GroupState): Transition {
  if (state.status === "closed") return refuse("Closed");
  const next = clone(state);
  next.status = "closed";
  return done(next);
}

/** Parts whose roll counts: rolled, not removed, actor still there. */
export function countedParts(state: GroupState, gone: ReadonlySet<string> = new Set()): (GroupPart & { roll: GroupRoll })[] {
  return state.parts.filter((p): p is GroupPart & { roll: GroupRoll } => p.status === "rolled" && p.roll !== null && !gone.has(p.id));
}

/** Parts still expected to roll. */
export function waitingParts(state: GroupState, gone: ReadonlySet<string> = new Set()): GroupPart[] {
  return state.parts.filter((p) => p.status === "waiting" && !gone.has(p.id));
}

/** How the group stands: nothing yet, a result (which roll counts), or a tie for the GM to break. */
export type GroupVerdict =
  | { kind: "none"; final: boolean }
  | {
      kind: "result";
      /** The roll that counts (the winner's, in the alternative hindering). */
      countedPartId: string;
      passed: boolean;
      hits: number;
      extraHits: number;
      remainingOb: number;
      /** Hindering: how much the hinderers took off (extra hits) or added to the Ob (hits). */
      shift: number;
      /** The GM broke a tie to get here. */
      broken: boolean;
      final: boolean;
    }
  | { kind: "tie"; tiedPartIds: string[]; final: boolean };

const shape = (r: ResolvedTestShape) => ({ hits: r.hits, passed: r.passed, extraHits: r.extraHits, remainingOb: r.remainingOb });

/**
 * The verdict from the rolls that count so far. `final` once the group is closed or every remaining part
 * has rolled. A tie the GM broke becomes a result: the owner passing if she broke it, failing by 1 Ob if
 * another did (ruling: a hindered roll tied with its hinderers is one hit short when it loses the tie).
 */
// Ruling: ruling-hindering-tie (rules journal): what a tie is, and the loser's Fallout (1; the alternative: her Ob left, at least 1).
export function groupVerdict(state: GroupState, gone: ReadonlySet<string> = new Set()): GroupVerdict {
  const rolled = countedParts(state, gone);
  const final = state.status === "closed" || waitingParts(state, gone).length === 0;
  const participants = rolled.map((p) => ({ id: p.id, result: p.roll.result }));
  const owner = rolled.find((p) => p.id === state.ownerPartId);
  if (participants.length === 0) return { kind: "none", final };
  const result = (id: string, r: ResolvedTestShape, shift = 0, broken = false): GroupVerdict => ({ kind: "result", countedPartId: id, ...shape(r), shift, broken, final });

  if (state.mode === "needed") {
    const counted = resolveNeededTask(participants);
    return result(counted.countedId, counted.result);
  }
  if (state.mode === "helpful") {
    if (state.alternative) {
      const ob = mainOb(state);
      const counted = resolveHelpingAlternative(rolled.map((p) => ({ id: p.id, hits: p.roll.result.hits })), ob);
      return result(counted.countedId, counted.result);
    }
    const counted = resolveHelpfulTask(participants);
    return result(counted.countedId, counted.result);
  }
  // Hindering: nothing to say before the hindered roll is down (or if she is gone).
  if (!owner) return { kind: "none", final };
  const others = participants.filter((p) => p.id !== owner.id);
  if (state.alternative) {
    if (others.length === 0) return result(owner.id, owner.roll.result);
    const outcome = resolveHinderingAlternative(rolled.map((p) => ({ id: p.id, hits: p.roll.result.hits })));
    const winner = outcome.tie ? (state.tieBrokenBy && outcome.tiedIds.includes(state.tieBrokenBy) ? state.tieBrokenBy : null) : outcome.winnerId;
    if (winner === null) return { kind: "tie", tiedPartIds: outcome.tie ? [...outcome.tiedIds] : [], final };
    const r = owner.roll.result;
    const passed = winner === owner.id;
    return { kind: "result", countedPartId: winner, passed, hits: r.hits, extraHits: passed ? r.extraHits : 0, remainingOb: passed ? 0 : Math.max(1, r.remainingOb), shift: 0, broken: outcome.tie, final };
  }
  if (others.length === 0) return result(owner.id, owner.roll.result);
  const target = { id: owner.id, result: owner.roll.result };
  const outcome = state.reading === "addToOb" ? resolveHinderingByOb(target, others) : resolveHindering(target, others);
  if (!outcome.tie) return result(owner.id, outcome.result, outcome.reducedBy);
  const breaker = state.tieBrokenBy && outcome.tiedIds.includes(state.tieBrokenBy) ? state.tieBrokenBy : null;
  if (breaker === null) return { kind: "tie", tiedPartIds: [...outcome.tiedIds], final };
  const hits = owner.roll.result.hits - (state.reading === "addToOb" ? 0 : outcome.reducedBy);
  const passed = breaker === owner.id;
  return { kind: "result", countedPartId: owner.id, passed, hits, extraHits: 0, remainingOb: passed ? 0 : 1, shift: outcome.reducedBy, broken: true, final };
}

/**
 * The alternative hindering's one verdict, as each part logs it: "Only the roll with the most hits succeeds", so
 * the winner logs a pass and every other roller a fail, whatever her own Ob (settleHinderingAlternative). Null
 * while the verdict is not a final result, or for any other kind of group (each part logs her own roll there).
 * SRD: Alterations › Alternative: Helping & Hindering
 */
export function alternativeLogs(state: GroupState, gone: ReadonlySet<string> = new Set()): { partId: string; outcome: "passed" | "failed" }[] | null {
  if (state.mode !== "hindering" || !state.alternative) return null;
  const verdict = groupVerdict(state, gone);
  if (verdict.kind !== "result" || !verdict.final) return null;
  const rolled = countedParts(state, gone);
  if (rolled.length < 2) return rolled.map((p) => ({ partId: p.id, outcome: p.roll.result.passed ? "passed" : "failed" }));
  const settled = settleHinderingAlternative(
    rolled.map((p) => ({ id: p.id, hits: p.roll.result.hits })),
    verdict.countedPartId,
  );
  return settled.logs.map((l) => ({ partId: l.id, outcome: l.outcome }));
}

/** The alternative helping rule's main Ob: the Intent owner's Ob (doubled if she rolls Potential). */
export function mainOb(state: GroupState): number {
  const owner = state.parts.find((p) => p.id === state.ownerPartId) as GroupPart;
  return planOf(owner).ob;
}

/** The GM names who breaks a tie (a part among the tied). */
export function breakTie(state: GroupState, partId: string, gone: ReadonlySet<string> = new Set()): Transition {
  const verdict = groupVerdict({ ...state, tieBrokenBy: null }, gone);
  if (verdict.kind !== "tie") return refuse("NoTie");
  if (!verdict.tiedPartIds.includes(partId)) return refuse("NotTied");
  const next = clone(state);
  next.tieBrokenBy = partId;
  return done(next);
}

/** The GM offers the Intent's owner her Intent at the cost of Fallout rated by the counted Ob left. */
export function offerGroupFallout(state: GroupState, gone: ReadonlySet<string> = new Set()): Transition {
  const verdict = groupVerdict(state, gone);
  if (verdict.kind !== "result" || !verdict.final) return refuse("NotFinal");
  if (state.fallout) return refuse("Settled");
  const rating = falloutRating(verdict);
  if (rating === null) return refuse("NotFailed");
  const next = clone(state);
  next.fallout = { status: "offered", rating };
  return done(next);
}

/** The owner's answer to the offered Fallout. */
export function answerGroupFallout(state: GroupState, accept: boolean): Transition {
  if (state.fallout?.status !== "offered") return refuse("NoOffer");
  const next = clone(state);
  next.fallout = { status: accept ? "accepted" : "refused", rating: state.fallout.rating };
  return done(next);
}

/**
 * Whether a part's sixes explode, by the rules core's one rule (testExplodes): her Skill's Magic when she tests a
 * Skill (even at rating 0), else the Magic of the Skill her Potential would teach. Ruling: ruling-untrained-magic
 */
export function partExplodes(part: Pick<GroupPart, "skillId" | "magic" | "learn">): boolean {
  return testExplodes({ skill: part.skillId !== null ? { explodes: part.magic } : null, learning: part.learn ? { explodes: part.learn.explodes } : null });
}

/** The plan a part rolls before Persona, Traits and Fallout: its Skill (or Potential at double Ob) against its Ob. */
export function planOf(part: Pick<GroupPart, "rating" | "potential" | "ob" | "magic" | "skillId" | "learn">): TestPlan {
  return planTest({ rating: part.rating, potential: part.potential, ob: part.ob, magic: partExplodes(part) });
}

export interface GroupOddsView {
  /**
   * The chance the Intent's owner gets her Intent, without and with Fate spent on failing rolls; `passWithFate` is
   * null where it is not computed (the alternative hindering, a contest of raw hits where every roller may spend
   * Fate): the card then shows no "with Fate" figure rather than the one without under that label.
   */
  pass: number;
  passWithFate: number | null;
  /** Hindering: the chance of a tie (without Fate); null otherwise. */
  tie: number | null;
}

/** The exact odds before anyone rolls, from the parts as set (removed parts left out); null when they cannot be had. */
export function groupOdds(state: GroupState): GroupOddsView | null {
  const parts = state.parts.filter((p) => p.status !== "removed");
  const owner = parts.find((p) => p.id === state.ownerPartId);
  if (!owner || parts.length === 0) return null;
  const plans = parts.map(planOf);
  if (plans.some((p) => p.dice < 1)) return null;
  if (state.mode === "needed") return { pass: groupPassProbability("needed", plans), passWithFate: groupPassProbability("needed", plans, { fate: true }), tie: null };
  if (state.mode === "helpful") {
    if (state.alternative) {
      const ob = planOf(owner).ob;
      return { pass: helpingAlternativeProbability(plans, ob), passWithFate: helpingAlternativeProbability(plans, ob, { fate: true }), tie: null };
    }
    return { pass: groupPassProbability("helpful", plans), passWithFate: groupPassProbability("helpful", plans, { fate: true }), tie: null };
  }
  const target = planOf(owner);
  const others = parts.filter((p) => p.id !== owner.id).map(planOf);
  if (others.length === 0) return null;
  if (state.alternative) {
    const odds = hinderingAlternativeOdds(target, others);
    // The alternative compares raw hits and any roller may spend Fate on hers: that contest is not computed.
    return { pass: odds.pass, passWithFate: null, tie: odds.tie };
  }
  const odds = hinderingOdds(target, others, state.reading);
  return { pass: odds.pass, passWithFate: hinderingOdds(target, others, state.reading, { fate: true }).pass, tie: odds.tie };
}

/** Reads a group state back from stored data, or null when it is not one (a damaged card). */
export function readGroupState(data: unknown): GroupState | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as Partial<GroupState>;
  if (!d.mode || !["needed", "helpful", "hindering"].includes(d.mode)) return null;
  if (d.reading !== "extraHits" && d.reading !== "addToOb") return null;
  if (!Array.isArray(d.parts) || d.parts.length > MAX_PARTS || typeof d.ownerPartId !== "string") return null;
  if (d.status !== "open" && d.status !== "closed") return null;
  // Every count within its bound: a card with Ob 1e20 or a 203-die roll draws as damaged, never throws.
  if (!d.parts.every(validPart)) return null;
  if (d.fallout != null && !(isRecord(d.fallout) && inRange(d.fallout.rating, 0, MAX_GROUP_OB))) return null;
  return structuredClone(d as GroupState);
}

/** The highest base Ob a group part may have: the 99 every count stops at (rules journal: ruling-rating-cap). */
export const MAX_GROUP_OB = COUNT_MAX;
/** The most dice a stored roll may show (99 rating + Traits + Persona, and Magic's extra dice). */
export const MAX_STORED_FACES = 1000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const inRange = (v: unknown, min: number, max: number): boolean => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

function validRoll(r: unknown): boolean {
  if (!isRecord(r) || typeof r.messageId !== "string" || !isRecord(r.plan) || !isRecord(r.result) || !Array.isArray(r.faces)) return false;
  const { plan, result, faces } = r;
  if (!inRange(plan.dice, 0, MAX_STORED_FACES) || !inRange(plan.ob, 0, 2 * MAX_GROUP_OB + MAX_STORED_FACES)) return false;
  if (faces.length > MAX_STORED_FACES || !faces.every((f) => inRange(f, 1, 6))) return false;
  return inRange(result.hits, 0, MAX_STORED_FACES) && inRange(result.extraHits, 0, MAX_STORED_FACES) && inRange(result.remainingOb, 0, 2 * MAX_GROUP_OB + MAX_STORED_FACES);
}

function validPart(p: unknown): boolean {
  if (!isRecord(p) || typeof p.id !== "string" || typeof p.actorUuid !== "string" || typeof p.actorName !== "string" || typeof p.skillName !== "string") return false;
  if ((p.skillId !== null && typeof p.skillId !== "string") || typeof p.task !== "string" || typeof p.magic !== "boolean") return false;
  if (!inRange(p.ob, 1, MAX_GROUP_OB) || !inRange(p.rating, 0, COUNT_MAX) || !inRange(p.potential, 0, COUNT_MAX)) return false;
  if (p.status !== "waiting" && p.status !== "rolled" && p.status !== "removed") return false;
  return p.roll === null || validRoll(p.roll);
}
