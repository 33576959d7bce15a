/** Tells fvtt-types about the hack's settings. */
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** The world's hack as JSON text, written by the GM's editor; "" for none (a module's, else the SRD game). */
    "goldhack.hack": string;
    /** The last hack that loaded without problems, `{ source, hack }` as JSON; "" for none. Kept in force if the next is refused. */
    "goldhack.hackLastGood": string;
  }
}

export {};

declare global {
  interface GoldHackApi {
    /** Pack ids the hack in force offers for this kind of Item, in the client's language. */
    hackCompendiums?(kind: import("../rules").HackCompendiumKind): string[];
    /** GM: opens the hack editor. */
    openHackEditor?(): Promise<void>;
  }
}
