/**
 * The GM's client writing a downtime's page in the campaign log, once it is applied: from the applied
 * downtime the GM's client itself wrote (the official record), in its language, unless the log is off.
 * Safe to repeat: the page is keyed by the downtime's id. Loaded on first use (downtime-actions.ts).
 */
import { gameI18n } from "../i18n/i18n";
import type { DowntimeState } from "../downtime/downtime-types";
import { logOn } from "./campaign-settings";
import { downtimeLogPage } from "./downtime-page";
import { writeLogPage } from "./log-write";

/** Writes the applied downtime's page; returns its uuid, or null with the log off or the downtime not applied. */
export async function writeDowntimePage(state: DowntimeState): Promise<string | null> {
  if (!game.user?.isGM || !logOn() || state.status !== "applied" || !state.result) return null;
  const i18n = gameI18n();
  const ageLabel = (key: string): string => i18n.localize(CONFIG.GOLDHACK.ages[key]?.label ?? key);
  return writeLogPage(`downtime:${state.id}`, downtimeLogPage(state, i18n, { lang: game.i18n?.lang ?? "en", ageLabel }));
}
