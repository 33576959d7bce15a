/**
 * The GM's side of the votes: every nomination, vote, change of participants and close, from any
 * client, arrives here through the GM channel. The voter is the user Foundry's server named as the
 * sender, never one the payload claims; each request re-reads the stored vote and runs the pure
 * transition, which re-checks participant, single use and caps before anything is written. All run in
 * one queue, so two votes at once are applied in turn, each on what the other wrote.
 */
import { type GMActionHandlers, oneAtATime, refusal, type ChannelReply } from "../channel";
import { applyVoteResults } from "./vote-apply";
import { readVote, writeVote } from "./vote-store";
import { SESSION_ACTIONS } from "./vote-settings";
import { castVote, closeVote, nominateReward, nominateTrait, setParticipant, type VoteKind, type Voter, type VoteState } from "./vote-state";

export { SESSION_ACTIONS } from "./vote-settings";

const QUEUE = "goldhack.session.state";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const kindOf = (payload: Record<string, unknown>): VoteKind | null => (payload.kind === "rewards" || payload.kind === "traits" ? payload.kind : null);

const newId = (): string => foundry.utils.randomID();

/** Runs one change to the stored vote for `sender`: read, check, transition, write; in the votes' queue. */
async function change(sender: User, payload: unknown, step: (state: VoteState, voter: Voter, data: Record<string, unknown>) => ReturnType<typeof castVote>): Promise<ChannelReply> {
  if (!isRecord(payload)) return refusal("GOLDHACK.Session.Error.NoVote");
  const kind = kindOf(payload);
  return oneAtATime(QUEUE, async () => {
    const state = kind ? readVote(kind) : null;
    if (!state || state.id !== payload.voteId) return refusal("GOLDHACK.Session.Error.NoVote");
    const voter: Voter = { id: sender.id ?? "", isGM: sender.isGM };
    const next = step(state, voter, payload);
    if (!next.ok) return { ok: false, problem: next.problem };
    await writeVote(next.state);
    return { ok: true };
  });
}

async function nominate(sender: User, payload: unknown): Promise<ChannelReply> {
  return change(sender, payload, (state, voter, data) => {
    const base = { id: newId(), actorUuid: text(data.actorUuid), reason: text(data.reason) };
    return state.kind === "rewards" ? nominateReward(state, voter, { ...base, award: text(data.award) }) : nominateTrait(state, voter, { ...base, change: data.change });
  });
}

async function vote(sender: User, payload: unknown): Promise<ChannelReply> {
  return change(sender, payload, (state, voter, data) => castVote(state, voter, text(data.nominationId), data.approve));
}

async function participant(sender: User, payload: unknown): Promise<ChannelReply> {
  return change(sender, payload, (state, voter, data) => {
    const userId = text(data.userId);
    if (data.present === true && !game.users?.get(userId)) return { ok: false, problem: { key: "GOLDHACK.Session.Error.UnknownUser" } };
    return setParticipant(state, voter, userId, data.present === true);
  });
}

/** GM: closes the vote and applies its results, once: a second close is refused and applies nothing. */
async function close(sender: User, payload: unknown): Promise<ChannelReply> {
  const closed = await change(sender, payload, (state, voter) => closeVote(state, voter, Date.now()));
  if (!closed.ok || !isRecord(payload)) return closed;
  const kind = kindOf(payload);
  await oneAtATime(QUEUE, async () => {
    const state = kind ? readVote(kind) : null;
    if (state) await applyVoteResults(state);
  });
  return closed;
}

/** The GM's handler of each vote action, by name (registered at init by ./register, loaded on the first action). */
export const SESSION_HANDLERS: GMActionHandlers<(typeof SESSION_ACTIONS)[keyof typeof SESSION_ACTIONS]> = {
  [SESSION_ACTIONS.nominate]: nominate,
  [SESSION_ACTIONS.vote]: vote,
  [SESSION_ACTIONS.participant]: participant,
  [SESSION_ACTIONS.close]: close,
};

/** GM, on load: finishes applying a vote that closed before the GM's client could write its results. */
export async function resumeApplying(): Promise<void> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  await oneAtATime(QUEUE, async () => {
    for (const kind of ["rewards", "traits"] as const) {
      const state = readVote(kind);
      if (state && state.status === "closed" && !state.applied) await applyVoteResults(state);
    }
  });
}
