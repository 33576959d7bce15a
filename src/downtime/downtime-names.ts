/**
 * The names the downtime registers at init, apart from its code (loaded on first use): the world
 * setting, the hook its change fires, the GM actions and the summary card's flag.
 */
import { SYSTEM_ID } from "../constants";

export const DOWNTIME_SETTING = "downtime";
/** Fired on every client when the downtime changes: open windows re-render. */
export const DOWNTIME_CHANGED = "goldhack.downtimeChanged";
/** The flag of the summary card (the applied downtime's state). */
export const SUMMARY_FLAG = "downtimeSummary";

export const DOWNTIME_ACTIONS = {
  start: "downtime.start",
  submit: "downtime.submitPlan",
  return: "downtime.returnPlan",
  marks: "downtime.marks",
  startRecovery: "downtime.startRecovery",
  recoveryRolled: "downtime.recoveryRolled",
  rule: "downtime.ruleRecovery",
  apply: "downtime.apply",
} as const;

/** Registers the setting at init. */
export function registerDowntimeSetting(): void {
  game.settings?.register(SYSTEM_ID, DOWNTIME_SETTING, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: () => Hooks.callAll(DOWNTIME_CHANGED),
  });
}

/** Whether a downtime is being planned, read from the raw setting without parsing it (no downtime code needed). */
export function downtimeIsPlanning(): boolean {
  const raw: unknown = game.settings?.get(SYSTEM_ID, DOWNTIME_SETTING);
  return typeof raw === "object" && raw !== null && (raw as { status?: unknown }).status === "planning";
}
