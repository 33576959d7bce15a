/** Tells fvtt-types about the campaign's settings and API. */
export {};

declare global {
  interface GoldHackApi {
    /** GM: starts a session: its records are collected until its reward vote is applied. */
    startSession?(): Promise<boolean>;
  }
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    /** The campaign log's journal is marked so. */
    JournalEntry: { goldhack: { campaignLog?: boolean } };
    /** The session (or downtime) a log page was written for. */
    JournalEntryPage: { goldhack: { campaignPage?: string } };
  }

  interface SettingConfig {
    /** The session running, or the last one (see session-state.ts). */
    "goldhack.campaignSession": Record<string, unknown>;
    /** Whether the GM's client writes the campaign log. */
    "goldhack.campaignLog": boolean;
  }
}
