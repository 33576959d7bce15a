/** The world settings for group Tests: which hindering reading, and the simpler alternative. */
import { SYSTEM_ID } from "../constants";
import type { HinderingReading } from "../rules";

export const READING_SETTING = "hinderingReading";
export const SIMPLE_SETTING = "simpleAssist";

/** Registers both settings in the world's configuration. Call at init. */
export function registerGroupSettings(): void {
  game.settings?.register(SYSTEM_ID, READING_SETTING, {
    name: "GOLDHACK.Group.Setting.Reading.Name",
    hint: "GOLDHACK.Group.Setting.Reading.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: { extraHits: "GOLDHACK.Group.Reading.extraHits", addToOb: "GOLDHACK.Group.Reading.addToOb" },
    default: "extraHits",
  });
  game.settings?.register(SYSTEM_ID, SIMPLE_SETTING, {
    name: "GOLDHACK.Group.Setting.Simple.Name",
    hint: "GOLDHACK.Group.Setting.Simple.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
}

/** The hindering reading in force (the English SRD's when the setting is unreadable). */
export function hinderingReading(): HinderingReading {
  try {
    return game.settings?.get(SYSTEM_ID, READING_SETTING) === "addToOb" ? "addToOb" : "extraHits";
  } catch {
    return "extraHits";
  }
}

/** Whether the simpler alternative is in force. */
export function simpleAssist(): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, SIMPLE_SETTING) === true;
  } catch {
    return false;
  }
}
