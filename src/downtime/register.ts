/**
 * Registers the downtime at init: its setting, its GM actions, the Token control, the summary card's
 * drawer, the planner opening for players when a downtime starts, and `game.goldhack`'s calls. Only
 * names and hooks load at startup; the windows, the actions' handlers and the card's renderer are
 * chunks loaded on first use (a click, the first action the GM receives, the first summary card drawn).
 */
import "./declarations";
import { lazyModule, oneAtATime, registerLazyGMActions } from "../channel";
import { officialFlag } from "../documents/official";
import { registerCardDrawer } from "../data/chat-message/card-message";
import { DOWNTIME_ACTIONS, DOWNTIME_CHANGED, downtimeIsPlanning, registerDowntimeSetting, SUMMARY_FLAG } from "./downtime-names";
import { reported, settle } from "../safe-hook";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The windows' code: loaded on the first click, the first planner opened or the first GM action. */
export const downtimeApi = lazyModule(() => import("./downtime-api"));
const downtimeWrite = lazyModule(() => import("./downtime-write"));

const startDowntime = async (): Promise<void> => (await downtimeApi()).startDowntime();
const planDowntime = async (actor?: Actor.Implementation): Promise<void> => (await downtimeApi()).planDowntime(actor);
const ageCharacter = async (actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> => (await downtimeApi()).ageCharacter(actor);

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
    onChange: () => settle(isGM ? startDowntime() : planDowntime(), "the downtime setting"),
  };
}

/** A downtime being planned opens this player's planners (the code loads only when there is one). */
async function openPlanners(): Promise<void> {
  if (downtimeIsPlanning()) (await downtimeApi()).openPlannersForNewDowntime();
}

const logged = reported;

export function registerDowntime(): void {
  registerDowntimeSetting();
  registerLazyGMActions(Object.values(DOWNTIME_ACTIONS), async () => (await import("./downtime-actions")).DOWNTIME_HANDLERS, { queueKey: () => "downtime" });
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (...args: unknown[]) => void) => number;
  on("getSceneControlButtons", onDowntimeControls);
  // Only a GM's summary is drawn as one (in this client's language, from its data, before other modules'
  // renderChatMessageHTML hooks); a player's message carrying the flag stays her plain chat.
  registerCardDrawer({
    claims: (message) => officialFlag(message, SUMMARY_FLAG) !== undefined,
    draw: async (message, content) => (await downtimeWrite()).drawSummaryCard(message, content),
  });
  // The active GM notes each Fallout's first recovery card as it is posted (a card deleted later still counts).
  Hooks.on("createChatMessage", (message) => {
    if (!downtimeIsPlanning() || !game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    settle(
      import("./downtime-actions").then((m) => oneAtATime(`${DOWNTIME_ACTIONS.recoveryRolled}:downtime`, () => m.noteRecoveryCard(message as ChatMessage.Implementation))),
      "recording the recovery card",
    );
  });
  Hooks.on(DOWNTIME_CHANGED, () => void openPlanners().catch(logged("downtime planner")));
  Hooks.once("ready", () => void openPlanners().catch(logged("downtime planner")));
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, { startDowntime, planDowntime, ageCharacter }) as GoldHackApi;
}
