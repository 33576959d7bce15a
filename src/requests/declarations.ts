/** Tells fvtt-types about the requests' and the test history's flags, setting, hook and API. */
import type { TestChoice } from "../data/test-choice";
import type { TestHistoryEntry } from "../data/test-history";
import type { Problem, TestResult } from "../rules";

/** What a player's client sends the active GM once it has rolled a requested Test (the asker is named by the server). */
export interface AnswerQueryData {
  /** The request card's message id. */
  requestId: string;
  /** The roll's message id: its author is who answers, its roll is what is checked. */
  rollMessageId: string;
}

/** The GM's reply: written, or why not. */
export type AnswerReply = { ok: true } | { ok: false; problem: Problem };

declare global {
  /** goldhack's flags on an Actor (other areas may add keys here). */
  interface GoldHackActorFlags {
    testHistory?: TestHistoryEntry[];
  }

  /** goldhack's flags on a ChatMessage (other areas may add keys here). */
  interface GoldHackChatMessageFlags {
    /** A 0.1.0 request card (this release keeps cards in a "request" message's `system`); untrusted until parsed. */
    request?: unknown;
  }

  /** What `game.goldhack` offers macros and modules (other areas may add to it). */
  interface GoldHackApi {
    /** Opens the GM's form to request a Test from these actors (default: the controlled tokens'). */
    requestTest(actors?: readonly Actor.Implementation[]): Promise<ChatMessage.Implementation[]>;
    /** Opens the player's form to propose a Test (Intent and Task) to the GM. */
    proposeTest(actor?: Actor.Implementation): Promise<ChatMessage.Implementation | null>;
    /** GM: forgets the Tests rolled so far in a scene (default: the viewed one). */
    clearTestMemory(sceneId?: string | null): Promise<boolean>;
    /** An actor's recent Tests, newest first. */
    testHistory(actor: Actor.Implementation): TestHistoryEntry[];
  }

  interface Game {
    goldhack?: GoldHackApi;
  }
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    Actor: { goldhack: GoldHackActorFlags };
    ChatMessage: { goldhack: GoldHackChatMessageFlags };
  }

  interface SettingConfig {
    /** Test memory generation per scene id ("" when no scene): the GM's "clear" bumps it. */
    "goldhack.testMemory": Record<string, number>;
  }

  namespace Hooks {
    interface HookConfig {
      /** Fired on the rolling client once a Test's card is posted and logged. */
      "goldhack.testRolled": (message: ChatMessage.Implementation, choice: TestChoice, result: TestResult) => void;
    }
  }
}
