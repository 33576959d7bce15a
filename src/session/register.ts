import { lazyModule, registerLazyGMActions } from "../channel";
import { registerVoteSettings, SESSION_ACTIONS, voteNeedsAttention } from "./vote-settings";
import type { TraitVoteCall } from "./declarations";
import type { VoteKind } from "./vote-state";
import { reported } from "../safe-hook";

/** What users do with the votes (session-api.ts): loaded on first use, with the vote's state and transitions. */
const sessionApi = lazyModule(() => import("./session-api"));

/** GM: ends the session (the reward vote); see session-api.ts. */
export const endSession = async (): Promise<boolean> => (await sessionApi()).endSession();
/** GM: opens a Trait Vote on a player character; see session-api.ts. */
export const traitVote = async (actor: Actor.Implementation): Promise<TraitVoteCall> => (await sessionApi()).traitVote(actor);
const rewriteDrives = async (actor: Actor.Implementation): Promise<void> => (await sessionApi()).rewriteDrivesOf(actor);

/** The session API, as `game.goldhack`: the aging code offers `traitVote` after an aging. */
export const SESSION_API = { endSession, traitVote, rewriteDrives };

const logged = reported("the vote");

/**
 * The ready step (also a reconnect): when a stored vote is open or closed but unapplied, loads the votes'
 * code so the GM finishes applying it and a participant gets the window back; otherwise loads nothing.
 */
export async function sessionReady(): Promise<void> {
  if (voteNeedsAttention()) await (await sessionApi()).onSessionReady();
}

/**
 * Registers the votes at init: their world settings (whose onChange makes every client follow the
 * vote), the GM's handlers on the channel, `game.goldhack.endSession/traitVote/rewriteDrives`, and the
 * ready step that brings an open vote back after a reload. The votes' code loads on first use: a call,
 * a vote's change, the first action the GM receives, or a vote found open (or unapplied) at ready.
 */
export function registerSession(): void {
  registerVoteSettings((kind: VoteKind) => void sessionApi().then((m) => m.onVoteChanged(kind)).catch(logged));
  registerLazyGMActions(Object.values(SESSION_ACTIONS), async () => (await import("./vote-actions")).SESSION_HANDLERS);
  Hooks.once("ready", () => void sessionReady().catch(logged));
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, SESSION_API) as GoldHackApi;
}
