/**
 * The GM's side of the votes: every nomination, vote, change of participants and close, from any
 * client, arrives here through the GM channel. Each payload is read against its declared schema
 * (vote-schemas.ts) before anything else; the voter is the user Foundry's server named as the sender,
 * never one the payload claims; each request re-reads the stored vote and runs the pure transition,
 * which re-checks participant, single use and caps before anything is written. All run in one queue,
 * so two votes at once are applied in turn, each on what the other wrote.
 *
 * Closing is one transition with a checkpoint: the vote is stored closed (nothing can change it from
 * then on), its results are written (each write safe to repeat: a character already paid, a Trait already
 * added, a card already posted are skipped), then it is stored applied. A vote left closed but not
 * applied (the GM's client failed or went away between) is finished by the next close, reload, end of
 * session or Trait Vote, never replaced. Trait Votes called while one is under way wait in a queue
 * (a world setting) and open, in turn, once the one before is applied.
 */
import { type ChannelReply, type GMActionHandler, type GMActionHandlers, oneAtATime, readPayload, refusal, withSchema } from "../channel";
import type { Problem } from "../rules";
import { isRetired } from "../data/actor/character";
import { applyVoteResults } from "./vote-apply";
import { traitVotable, traitVoteOn } from "./vote-open";
import { NOMINATE_SCHEMAS, VOTE_SCHEMAS } from "./vote-schemas";
import { queuedTraitVotes, readVote, writeTraitQueue, writeVote } from "./vote-store";
import { SESSION_ACTIONS } from "./vote-settings";
import { castVote, closeVote, nominateReward, nominateTrait, setParticipant, type VoteKind, type Voter, type VoteState } from "./vote-state";

export { SESSION_ACTIONS } from "./vote-settings";

/** The votes' queue: every read-check-write of a stored vote runs in it, one at a time. */
export const VOTE_QUEUE = "goldhack.session.state";

const newId = (): string => foundry.utils.randomID();
const voterOf = (sender: User): Voter => ({ id: sender.id ?? "", isGM: sender.isGM });

/** Runs one change to the stored vote for `sender`: read, check, transition, write; in the votes' queue. */
async function change(
  sender: User,
  payload: { kind: VoteKind; voteId: string },
  step: (state: VoteState, voter: Voter) => ReturnType<typeof castVote>,
): Promise<ChannelReply> {
  return oneAtATime(VOTE_QUEUE, async () => {
    const state = readVote(payload.kind);
    if (!state || state.id !== payload.voteId) return refusal("GOLDHACK.Session.Error.NoVote");
    const next = step(state, voterOf(sender));
    if (!next.ok) return { ok: false, problem: next.problem };
    await writeVote(next.state);
    return { ok: true };
  });
}

/** A nomination's payload: read against the schema of the vote kind it names (an unknown kind is refused as one). */
/** The nominated character, if she retired since the vote opened (re-read now, never taken from the vote). */
const retiredSince = (actorUuid: string): ChannelReply | null => {
  const actor = fromUuidSync(actorUuid as Parameters<typeof fromUuidSync>[0]);
  // SRD: Changes › Aging Your Character ("You can retire your character at any point."): she takes no part in votes.
  return actor instanceof Actor && isRetired(actor as Actor.Implementation) ? refusal("GOLDHACK.Session.Error.Retired", { name: actor.name }) : null;
};

const nominate: GMActionHandler = (sender, payload) => {
  const kind = typeof payload === "object" && payload !== null && (payload as { kind?: unknown }).kind === "traits" ? "traits" : "rewards";
  if (kind === "traits") {
    const read = readPayload(NOMINATE_SCHEMAS.traits, payload);
    if (!read.ok) return { ok: false, problem: read.problem };
    const p = read.value;
    const traitChange = { kind: p.changeKind, itemId: p.itemId ?? "", name: p.traitName ?? "", description: p.traitDescription ?? "" };
    const gone = retiredSince(p.actorUuid);
    if (gone) return gone;
    return change(sender, p, (state, voter) =>
      state.kind === "traits" ? nominateTrait(state, voter, { id: newId(), actorUuid: p.actorUuid, reason: p.reason ?? "", change: traitChange }) : { ok: false, problem: { key: "GOLDHACK.Session.Error.NoVote" } },
    );
  }
  const read = readPayload(NOMINATE_SCHEMAS.rewards, payload);
  if (!read.ok) return { ok: false, problem: read.problem };
  const p = read.value;
  const gone = retiredSince(p.actorUuid);
  if (gone) return gone;
  return change(sender, p, (state, voter) =>
    state.kind === "rewards" ? nominateReward(state, voter, { id: newId(), actorUuid: p.actorUuid, reason: p.reason ?? "", award: p.award }) : { ok: false, problem: { key: "GOLDHACK.Session.Error.NoVote" } },
  );
};

const vote = withSchema(VOTE_SCHEMAS.vote, (sender, p) => change(sender, p, (state, voter) => castVote(state, voter, p.nominationId, p.approve)));

const participant = withSchema(VOTE_SCHEMAS.participant, (sender, p) =>
  change(sender, p, (state, voter) => {
    if (p.present && !game.users?.get(p.userId)) return { ok: false, problem: { key: "GOLDHACK.Session.Error.UnknownUser" } };
    return setParticipant(state, voter, p.userId, p.present);
  }),
);

/** In the queue: opens the first queued Trait Vote that can still be held, when no Trait Vote is under way. */
async function openNextQueuedNow(): Promise<void> {
  const current = readVote("traits");
  if (current && (current.status === "open" || !current.applied)) return;
  const queue = queuedTraitVotes();
  if (queue.length === 0) return;
  let rest = queue;
  while (rest.length > 0) {
    const [uuid, ...after] = rest;
    rest = after;
    const actor = fromUuidSync((uuid ?? "") as Parameters<typeof fromUuidSync>[0]);
    // A character deleted, retired or given away since is dropped from the queue: there is nobody to vote on.
    if (!traitVotable(actor)) continue;
    const opened = traitVoteOn(actor);
    if (!opened.ok) continue;
    await writeTraitQueue(rest);
    await writeVote(opened.state);
    return;
  }
  await writeTraitQueue([]);
}

/**
 * In the queue: finishes a vote left closed but not applied (its results written, then stored applied),
 * and opens the next queued Trait Vote. False when writing the results failed again (logged): the vote
 * stays closed and unapplied, for the next try.
 */
async function finishNow(kind: VoteKind): Promise<boolean> {
  const state = readVote(kind);
  try {
    if (state && state.status === "closed" && !state.applied) {
      await applyVoteResults(state);
      // The campaign (another floor-7 folder, which reads the votes) writes the session's log page.
      if (state.kind === "rewards") Hooks.callAll("goldhack.rewardVoteApplied", state);
    }
    if (kind === "traits") await openNextQueuedNow();
    return true;
  } catch (error) {
    console.error(`goldhack | the ${kind} vote's results could not all be written; they will be written on the next try`, error);
    return false;
  }
}

const APPLY_FAILED: Problem = { key: "GOLDHACK.Session.Error.ApplyFailed" };

/**
 * GM: closes the vote and applies its results: stored closed, results written, stored applied. A close
 * of a vote already closed but not applied finishes applying it; of one applied, is refused.
 */
const close = withSchema(VOTE_SCHEMAS.close, (sender, p) =>
  oneAtATime(VOTE_QUEUE, async (): Promise<ChannelReply> => {
    const state = readVote(p.kind);
    if (!state || state.id !== p.voteId) return refusal("GOLDHACK.Session.Error.NoVote");
    if (!sender.isGM) return refusal("GOLDHACK.Session.Error.NotGM");
    if (state.status === "open") {
      const closed = closeVote(state, voterOf(sender), Date.now());
      if (!closed.ok) return { ok: false, problem: closed.problem };
      await writeVote(closed.state);
    } else if (state.applied) return refusal("GOLDHACK.Session.Error.AlreadyClosed");
    return (await finishNow(p.kind)) ? { ok: true } : { ok: false, problem: APPLY_FAILED };
  }),
);

/** The GM's handler of each vote action, by name (registered at init by ./register, loaded on the first action). */
export const SESSION_HANDLERS: GMActionHandlers<(typeof SESSION_ACTIONS)[keyof typeof SESSION_ACTIONS]> = {
  [SESSION_ACTIONS.nominate]: nominate,
  [SESSION_ACTIONS.vote]: vote,
  [SESSION_ACTIONS.participant]: participant,
  [SESSION_ACTIONS.close]: close,
};

/** GM, on load: finishes applying a vote that closed before the GM's client could write its results, and opens a queued Trait Vote. */
export async function resumeApplying(): Promise<void> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  await oneAtATime(VOTE_QUEUE, async () => {
    for (const kind of ["rewards", "traits"] as const) await finishNow(kind);
  });
}

/**
 * GM, in the queue: before a new reward vote replaces the last one, that one's results must be written.
 * A problem when they still cannot be (the new vote is not opened).
 */
export async function readyForRewardVote(): Promise<Problem | null> {
  const current = readVote("rewards");
  if (current?.status === "open") return { key: "GOLDHACK.Session.Error.VoteRunning" };
  if (current && !current.applied && !(await finishNow("rewards"))) return { key: "GOLDHACK.Session.Error.Unapplied" };
  return null;
}

/**
 * GM, in the queue: calls a Trait Vote on `actor`: opens it when no Trait Vote is under way (the last
 * one's results written first), or queues it behind the one under way. None is dropped.
 */
export async function callTraitVoteNow(actor: Actor.Implementation): Promise<{ called: "opened" | "queued" } | { problem: Problem }> {
  await finishNow("traits");
  const current = readVote("traits");
  const busy = current !== null && (current.status === "open" || !current.applied);
  const queue = queuedTraitVotes();
  if (busy || queue.length > 0) {
    if (current?.status === "open" && current.characters[0]?.uuid === actor.uuid) return { problem: { key: "GOLDHACK.Session.Error.VoteRunning" } };
    if (!queue.includes(actor.uuid)) await writeTraitQueue([...queue, actor.uuid]);
    if (!busy) await openNextQueuedNow();
    return { called: readVote("traits")?.status === "open" && readVote("traits")?.characters[0]?.uuid === actor.uuid ? "opened" : "queued" };
  }
  const opened = traitVoteOn(actor);
  if (!opened.ok) return { problem: opened.problem };
  await writeVote(opened.state);
  return { called: "opened" };
}

