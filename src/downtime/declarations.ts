/** Tells fvtt-types about the downtime's setting, hook and API. */
export {};

declare global {
  /** goldhack's flags on a ChatMessage: the downtime's cards. */
  interface GoldHackChatMessageFlags {
    /** The applied downtime a summary card shows. */
    downtimeSummary?: Record<string, unknown>;
    /** A character aged from the sheet. */
    aging?: Record<string, unknown>;
  }

  interface GoldHackApi {
    /** GM: opens the window to start a downtime (or the overview of the one under way). */
    startDowntime?(): Promise<void>;
    /** Opens this user's planner for a character taking part in the downtime. */
    planDowntime?(actor?: Actor.Implementation): Promise<void>;
    /** GM: ages a character one step and posts a card with its new age, Potential and caps. */
    ageCharacter?(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null>;
  }
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** The current (or last) downtime, written by the GM only. */
    "goldhack.downtime": Record<string, unknown>;
  }

  namespace Hooks {
    interface HookConfig {
      /** Fired on every client when the downtime setting changes. */
      "goldhack.downtimeChanged": () => void;
    }
  }
}
