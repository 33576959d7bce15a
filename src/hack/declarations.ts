/** Tells fvtt-types about the hack's settings. */
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** The world's hack as JSON text, written by the GM's editor; "" for none (a module's, else the SRD game). */
    "goldhack.hack": string;
  }
}

export {};
