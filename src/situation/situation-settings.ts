/** The Situation's world setting: which page is the world's current Situation (its uuid; "" for none). */
import { SYSTEM_ID } from "../constants";

export const CURRENT_SITUATION_SETTING = "currentSituation";

/** Registers the setting (GM-written, every client reads it). Call at init. */
export function registerSituationSettings(): void {
  game.settings?.register(SYSTEM_ID, CURRENT_SITUATION_SETTING, { scope: "world", config: false, type: String, default: "" });
}
