/**
 * Registers the downtime at init: its setting, its GM actions, the Token control, the summary card's
 * redraw, the planner opening for players when a downtime starts, and `game.goldhack`'s calls.
 */
import "./declarations";
import { ageCharacter, openPlannersForNewDowntime, planDowntime, startDowntime } from "./downtime-api";
import { registerDowntimeActions } from "./downtime-actions";
import { DOWNTIME_CHANGED, registerDowntimeSetting } from "./downtime-store";
import { onRenderSummaryMessage } from "./downtime-write";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** getSceneControlButtons (v13): one "Downtime" tool in the Token controls, for everyone. */
export function onDowntimeControls(controls: unknown): void {
  const tokens = isRecord(controls) ? controls.tokens : null;
  const tools = isRecord(tokens) ? tokens.tools : null;
  if (!isRecord(tools)) return;
  const isGM = game.user?.isGM ?? false;
  tools.goldhackDowntime = {
    name: "goldhackDowntime",
    title: isGM ? "GOLDHACK.Downtime.Controls.Start" : "GOLDHACK.Downtime.Controls.Plan",
    icon: "fa-solid fa-hourglass-half",
    order: Object.keys(tools).length,
    button: true,
    visible: true,
    onChange: () => void (isGM ? startDowntime() : planDowntime()),
  };
}

export function registerDowntime(): void {
  registerDowntimeSetting();
  registerDowntimeActions();
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (...args: unknown[]) => void) => number;
  on("getSceneControlButtons", onDowntimeControls);
  Hooks.on("renderChatMessageHTML", (message, html) => void onRenderSummaryMessage(message, html));
  Hooks.on(DOWNTIME_CHANGED, () => openPlannersForNewDowntime());
  Hooks.once("ready", () => openPlannersForNewDowntime());
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, { startDowntime, planDowntime, ageCharacter }) as GoldHackApi;
}
