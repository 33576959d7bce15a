/** Tells fvtt-types about the session votes' settings, flags and API. */
import type { DrivesHistoryEntry, RewardHistoryEntry } from "./reward-results";
import type { RewardVoteState } from "./vote-state";

/** What calling a Trait Vote did: opened it now, queued it behind the one under way, or nothing (refused, with a warning). */
export type TraitVoteCall = "opened" | "queued" | false;

declare global {
  interface GoldHackActorFlags {
    rewardHistory?: RewardHistoryEntry[];
    drivesHistory?: DrivesHistoryEntry[];
  }

  interface GoldHackChatMessageFlags {
    /** The vote a result card reports (so a resumed close posts it once). */
    sessionVote?: string;
  }

  interface GoldHackApi {
    /** GM: ends the session: opens the reward vote for the users connected now. */
    endSession?(): Promise<boolean>;
    /** GM: opens a Trait Vote on a character, or queues it behind the one under way. */
    traitVote?(actor: Actor.Implementation): Promise<TraitVoteCall>;
    /** Opens the Rewrite your Drives dialog for a character this user owns. */
    rewriteDrives?(actor: Actor.Implementation): Promise<void>;
  }
}

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Fired on the GM's client once a reward vote's results are written (the campaign log writes its page). */
      "goldhack.rewardVoteApplied": (vote: RewardVoteState) => void;
    }
  }

  interface SettingConfig {
    /** The end-of-session reward vote, open or last closed (see vote-state.ts). */
    "goldhack.sessionVote": Record<string, unknown>;
    /** The Trait Vote, open or last closed. */
    "goldhack.traitVote": Record<string, unknown>;
    /** Trait Votes waiting for the one under way: `{ actors: uuid[] }`. */
    "goldhack.traitVoteQueue": Record<string, unknown>;
    /** When the last reward vote closed (ms). */
    "goldhack.lastSessionEnd": number;
  }
}
