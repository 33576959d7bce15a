/**
 * What opens the downtime's windows: `game.goldhack.startDowntime()` (GM: the setup, or the overview of
 * the downtime under way), `planDowntime(actor?)` (a player's planner), `ageCharacter(actor)` (GM).
 */
import { warn } from "../documents/notify";
import { participantOf } from "./downtime-state";
import { actorByUuid, currentDowntime } from "./downtime-store";
import { ageCharacterNow } from "./downtime-write";
import { GoldHackDowntimeOverview } from "./overview-window";
import { GoldHackDowntimePlanner } from "./planner-window";
import { GoldHackDowntimeSetup } from "./setup-window";
import { reported, settle } from "../safe-hook";

const open = new Map<string, GoldHackDowntimePlanner>();

/** GM: the downtime under way, or the form to start one. */
export async function startDowntime(): Promise<void> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Downtime.Error.NotGM");
    return;
  }
  const state = currentDowntime();
  if (state?.status === "planning") {
    await new GoldHackDowntimeOverview().render({ force: true });
    return;
  }
  const setup = new GoldHackDowntimeSetup();
  setup.onStarted = () => settle(new GoldHackDowntimeOverview().render({ force: true }), "opening the downtime overview");
  await setup.render({ force: true });
}

/** The planner of one character (default: every character this user owns in the downtime). */
export async function planDowntime(actor?: Actor.Implementation): Promise<void> {
  const state = currentDowntime();
  const user = game.user;
  if (!state || !user) {
    warn("GOLDHACK.Downtime.Error.NotFound");
    return;
  }
  const uuids = actor
    ? [actor.uuid ?? ""]
    : state.participants.filter((p) => actorByUuid(p.actorUuid)?.testUserPermission(user, "OWNER") && !user.isGM).map((p) => p.actorUuid);
  const taking = uuids.filter((uuid) => participantOf(state, uuid));
  if (taking.length === 0) {
    warn("GOLDHACK.Downtime.Error.NotTakingPart");
    return;
  }
  for (const uuid of taking) {
    const key = `${user.id ?? ""}:${uuid}`;
    const planner = open.get(key) ?? new GoldHackDowntimePlanner(uuid);
    open.set(key, planner);
    await planner.render({ force: true });
  }
}

/** GM: ages a character one step now. */
export function ageCharacter(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  return ageCharacterNow(actor);
}

/** The downtime each user last opened planners for (one per user: a test runs several clients in one page). */
const seen = new Map<string, string>();

/** A new downtime that includes a character this player owns opens her planner, once. */
export function openPlannersForNewDowntime(): void {
  const state = currentDowntime();
  const user = game.user;
  if (!state || !user || state.status !== "planning" || seen.get(user.id ?? "") === state.id) return;
  seen.set(user.id ?? "", state.id);
  if (user.isGM) return;
  void planDowntime().catch(reported("downtime planner failed"));
}

/** Forgets planners between tests and worlds. */
export function forgetPlanners(): void {
  open.clear();
  seen.clear();
}
