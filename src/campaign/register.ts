/**
 * Registers the campaign at init: its settings, the GM's start of a session (`game.goldhack.startSession`),
 * the hooks through which the GM's client collects a session's records, and the ready step. Its code (the
 * records, the log) loads on first use: only on the GM's client that keeps the session, and only while one
 * is collecting (or a page is left to write).
 */
import { lazyModule } from "../channel";
import type { RewardVoteState } from "../session/vote-state";
import { keepsTheSession, rawSessionStatus, registerCampaignSettings, sessionCollecting, sessionUnlogged } from "./campaign-settings";
import { reported } from "../safe-hook";

const api = lazyModule(() => import("./campaign-api"));
const collector = lazyModule(() => import("./session-collect"));

const logged = reported("recording the campaign");

/** GM: starts a session; see campaign-api.ts. */
export const startSession = async (): Promise<boolean> => (await api()).startSession();

/** Runs `step` with the collector, on the GM's client that keeps the session, while one is collecting. */
function collect(step: (c: Awaited<ReturnType<typeof collector>>) => Promise<void>): void {
  if (!keepsTheSession() || !sessionCollecting()) return;
  void collector().then(step).catch(logged);
}

/** The ready step (also a GM's reconnect): catches up, and writes a page left unwritten. Loads nothing otherwise. */
export async function campaignReady(): Promise<void> {
  if (keepsTheSession() && (sessionCollecting() || sessionUnlogged())) await (await api()).onCampaignReady();
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export function registerCampaign(): void {
  registerCampaignSettings(() => undefined);
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (...args: never[]) => void) => number;
  on("createChatMessage", (message: ChatMessage.Implementation) => collect((c) => c.collectMessage(message)));
  on("updateChatMessage", (message: ChatMessage.Implementation) => collect((c) => c.collectMessage(message)));
  on("updateActor", (actor: Actor.Implementation, changes: unknown, _options: unknown, userId: string) => {
    const system = isRecord(changes) ? changes.system : null;
    // A Drive rewritten once the vote ended the session still goes on its page (the Drives dialog comes after the vote).
    if (isRecord(system) && "drives" in system && keepsTheSession() && rawSessionStatus() === "ended") void collector().then((c) => c.collectActor(actor, changes, userId)).catch(logged);
    else collect((c) => c.collectActor(actor, changes, userId));
    if (isRecord(system) && system.retired === true && keepsTheSession() && !sessionCollecting()) void api().then((m) => m.logRetirement(actor)).catch(logged);
  });
  on("createItem", (item: Item.Implementation, _options: unknown, userId: string) => collect((c) => c.collectItem(item, userId)));
  on("userConnected", (user: User, connected: boolean) => {
    if (connected) collect((c) => c.collectUser(user));
  });
  on("goldhack.rewardVoteApplied", (vote: RewardVoteState) => {
    if (keepsTheSession()) void api().then((m) => m.onRewardVoteApplied(vote)).catch(logged);
  });
  Hooks.once("ready", () => void campaignReady().catch(logged));
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, { startSession }) as GoldHackApi;
}
