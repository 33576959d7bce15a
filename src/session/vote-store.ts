/**
 * Where a vote lives while it runs: a hidden world setting per kind of vote. Why a setting and not a
 * chat card: only a GM may write a world setting (the server refuses players), Foundry calls its
 * `onChange` on every connected client (so each window redraws), it survives any reload, and it is not
 * in the chat log, where "clear chat" at the end of a session would delete a vote in progress. Only the
 * GM's client writes it, through the handlers in vote-actions.ts.
 */
import { SYSTEM_ID } from "../constants";
import { parseVoteState, type VoteKind, type VoteState } from "./vote-state";

import { LAST_SESSION_SETTING, TRAIT_QUEUE_SETTING, VOTE_SETTINGS } from "./vote-settings";

export { LAST_SESSION_SETTING, queuedTraitVotes, registerVoteSettings, VOTE_SETTINGS } from "./vote-settings";

/** The vote of this kind, open or last closed; null when there is none. */
export function readVote(kind: VoteKind): VoteState | null {
  const state = parseVoteState(game.settings?.get(SYSTEM_ID, VOTE_SETTINGS[kind]));
  return state?.kind === kind ? state : null;
}

/** GM only: stores the vote (every client's onChange then redraws). */
export async function writeVote(state: VoteState): Promise<void> {
  await game.settings?.set(SYSTEM_ID, VOTE_SETTINGS[state.kind], JSON.parse(JSON.stringify(state)) as Record<string, unknown>);
}

/** When the last session ended (0: never). */
export function lastSessionEnd(): number {
  const value: unknown = game.settings?.get(SYSTEM_ID, LAST_SESSION_SETTING as "lastSessionEnd");
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

export async function setLastSessionEnd(time: number): Promise<void> {
  await game.settings?.set(SYSTEM_ID, LAST_SESSION_SETTING as "lastSessionEnd", time);
}

/** GM only: stores the queue of Trait Votes waiting for the one under way. */
export async function writeTraitQueue(uuids: readonly string[]): Promise<void> {
  await game.settings?.set(SYSTEM_ID, TRAIT_QUEUE_SETTING as "traitVoteQueue", { actors: [...uuids] });
}
