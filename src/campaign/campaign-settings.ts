/**
 * The campaign's names, registered at init apart from its code (loaded on first use): the session's world
 * setting (only a GM writes it: the server refuses a player's write), the setting that turns the campaign
 * log off, and a cheap read of whether a session is collecting, from the raw setting.
 */
import { SYSTEM_ID } from "../constants";

/** The session running (or the last one), as session-state.ts shapes it. */
export const SESSION_SETTING = "campaignSession";
/** Whether the GM's client writes the campaign log (on by default). */
export const LOG_SETTING = "campaignLog";

/** Registers the settings. Call at init. */
export function registerCampaignSettings(onSessionChanged: () => void): void {
  game.settings?.register(SYSTEM_ID, SESSION_SETTING, { scope: "world", config: false, type: Object, default: {}, onChange: () => onSessionChanged() });
  game.settings?.register(SYSTEM_ID, LOG_SETTING, {
    name: "GOLDHACK.Campaign.Settings.Log.Name",
    hint: "GOLDHACK.Campaign.Settings.Log.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

/** The raw session's status, without the campaign's code: "running", "ending", "ended" or null. */
export function rawSessionStatus(): string | null {
  const raw: unknown = game.settings?.get(SYSTEM_ID, SESSION_SETTING);
  if (typeof raw !== "object" || raw === null) return null;
  const status = (raw as { status?: unknown }).status;
  return typeof status === "string" ? status : null;
}

/** Whether a session is collecting records (read from the raw setting). */
export const sessionCollecting = (): boolean => {
  const status = rawSessionStatus();
  return status === "running" || status === "ending";
};

/** Whether an ended session still waits for its log page (read from the raw setting). */
export function sessionUnlogged(): boolean {
  const raw: unknown = game.settings?.get(SYSTEM_ID, SESSION_SETTING);
  if (typeof raw !== "object" || raw === null) return false;
  const { status, logPage } = raw as { status?: unknown; logPage?: unknown };
  return status === "ended" && (typeof logPage !== "string" || logPage === "");
}

/** Whether the log is on. */
export const logOn = (): boolean => game.settings?.get(SYSTEM_ID, LOG_SETTING) !== false;

/** Whether this client is the GM's that keeps the session: a GM, and the active GM when there are several. */
export function keepsTheSession(): boolean {
  const user = game.user;
  if (!user?.isGM) return false;
  const active = game.users?.activeGM;
  return !active || active.id === user.id;
}
