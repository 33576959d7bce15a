/**
 * The votes' names, registered at init apart from their code (loaded on first use): a hidden world
 * setting per kind of vote (see vote-store.ts for why a setting), the last session's end, and the GM
 * actions. Only names and the raw setting's status live here.
 */
import { SYSTEM_ID } from "../constants";
import type { VoteKind } from "./vote-state";

export const VOTE_SETTINGS: Readonly<Record<VoteKind, "sessionVote" | "traitVote">> = Object.freeze({ rewards: "sessionVote", traits: "traitVote" });
/** When the last reward vote closed (ms): the next session's Tests are those after it. */
export const LAST_SESSION_SETTING = "lastSessionEnd";
/** The Trait Votes called while one was under way (character uuids, oldest first): each opens when the one before is applied. */
export const TRAIT_QUEUE_SETTING = "traitVoteQueue";

export const SESSION_ACTIONS = Object.freeze({
  nominate: "goldhack.session.nominate",
  vote: "goldhack.session.vote",
  close: "goldhack.session.close",
  participant: "goldhack.session.participant",
});

type Listener = (kind: VoteKind) => void;
let listener: Listener = () => undefined;

/** Registers the settings; `onChange` runs on every client when the GM writes a vote. Call at init. */
export function registerVoteSettings(onChange: Listener): void {
  listener = onChange;
  for (const [kind, key] of Object.entries(VOTE_SETTINGS) as [VoteKind, string][]) {
    game.settings?.register(SYSTEM_ID, key as "sessionVote", { scope: "world", config: false, type: Object, default: {}, onChange: () => listener(kind) });
  }
  game.settings?.register(SYSTEM_ID, LAST_SESSION_SETTING as "lastSessionEnd", { scope: "world", config: false, type: Number, default: 0 });
  game.settings?.register(SYSTEM_ID, TRAIT_QUEUE_SETTING as "traitVoteQueue", { scope: "world", config: false, type: Object, default: {} });
}

/**
 * Whether a stored vote needs this client on load: one open, or one closed and not yet applied. Read from
 * the raw settings, without the votes' code; a false "yes" only loads that code.
 */
export function voteNeedsAttention(): boolean {
  return Object.values(VOTE_SETTINGS).some((key) => {
    const raw: unknown = game.settings?.get(SYSTEM_ID, key);
    if (typeof raw !== "object" || raw === null) return false;
    const { status, applied } = raw as { status?: unknown; applied?: unknown };
    return status === "open" || (status === "closed" && applied !== true);
  }) || queuedTraitVotes().length > 0;
}

/** The queued Trait Votes' character uuids, read from the raw setting (only the GM writes it). */
export function queuedTraitVotes(): string[] {
  const raw: unknown = game.settings?.get(SYSTEM_ID, TRAIT_QUEUE_SETTING as "traitVoteQueue");
  const list: unknown = typeof raw === "object" && raw !== null ? (raw as { actors?: unknown }).actors : null;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string" && v !== "") : [];
}
