/** Tells fvtt-types about the group Tests' settings and API. */
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** Which SRD's hindering rule is in force: "extraHits" (English, default) or "addToOb" (Spanish). */
    "goldhack.hinderingReading": "extraHits" | "addToOb";
    /** The simpler helping and hindering rules (SRD: Alternative: Helping & Hindering). */
    "goldhack.simpleAssist": boolean;
  }
}

export {};

declare global {
  interface GoldHackApi {
    /** Opens the group Test dialog with these actors (selected tokens, a sheet's actor, a request's). */
    startGroupTest?(actors: Actor.Implementation[], prefill?: import("./group-form").GroupPrefill): Promise<ChatMessage.Implementation | null>;
  }
}
