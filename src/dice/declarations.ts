/** Tells fvtt-types about the Test card's settings. */
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** Client: the Test card's pool and Ob breakdown starts open. */
    "goldhack.cardDetails": boolean;
  }
}

export {};
