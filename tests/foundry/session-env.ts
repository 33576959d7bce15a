/**
 * The world the session-vote tests play in: a GM and three players, each player owning a character
 * with some Tests in its history; the socket relay; Foundry's settings for our keys (request-env.ts: a
 * world setting only a GM may write, its `onChange` run on every connected client); chat cards; the
 * shared window stand-in in the real DOM, one window per client (client-windows.ts); and our
 * registration as init does it.
 * `reload(user)` and `disconnect/reconnect` act on one client only.
 */
import { resetDom, screen } from "./dom-env";
import { installChatSupport, installDice } from "./dice";
import { addItems, createActor, installGoldHack, runAsClient, state, StandInUser, type FoundryEnv } from "./documents";
import { idleAll, installApplications, useRealTemplates } from "./applications";
import { installClientWindows } from "./client-windows";
import { installSettings } from "./request-env";
import { installVariantShape } from "./popped-out";
import { installSocket, type SocketRelay } from "./socket";
import type { GoldHackActor } from "../../src/documents/actor";

export interface SessionWorld {
  env: FoundryEnv;
  relay: SocketRelay;
  gm: StandInUser;
  players: [StandInUser, StandInUser, StandInUser];
  characters: [GoldHackActor, GoldHackActor, GoldHackActor];
  npc: GoldHackActor;
  settle(): Promise<void>;
  /** Closes every window of that client and loads it again (its `ready`). */
  reload(user: StandInUser): Promise<void>;
  disconnect(user: StandInUser): void;
  reconnect(user: StandInUser): Promise<void>;
  /** The voting window on a user's client, if open. */
  windowOf(user: StandInUser, kind?: "rewards" | "traits"): HTMLElement | null;
}

const history = (entries: { id: string; intent: string; task: string; outcome: "passed" | "failed"; at: number }[]) =>
  entries.map((e) => ({ messageId: e.id, messageUuid: `ChatMessage.${e.id}`, kind: "skill", skillId: "s", skillName: "Swords", ob: 2, intent: e.intent, task: e.task, outcome: e.outcome, timestamp: e.at, sceneId: null, memory: 0, requestId: null }));

/** Installs the world and registers what init and ready do. */
export async function installSessionWorld(lang: "en" | "es" = "en"): Promise<SessionWorld> {
  const env = await installGoldHack({ lang });
  installDice();
  await installChatSupport(lang);
  installSettings();
  const relay = installSocket();
  resetDom();
  installApplications();
  useRealTemplates(lang);
  installClientWindows();
  await installVariantShape();
  const third = new StandInUser("Third Player", false);
  state.users.set(third.id, third);
  const players: [StandInUser, StandInUser, StandInUser] = [env.player, env.otherPlayer, third];
  const made: GoldHackActor[] = [];
  for (const [index, [name, player]] of ([["Sela", players[0]], ["Brom", players[1]], ["Ivy", players[2]]] as const).entries()) {
    const actor = await createActor({
      name,
      type: "character",
      system: { age: "young", fate: { value: 1 }, persona: { value: index === 2 ? 4 : 0 }, drives: { belief: `${name} believes`, goal: `${name}'s goal`, instinct: `${name}'s instinct` } },
      ownership: { default: 0, [player.id]: 3 },
      flags: { goldhack: { testHistory: history([{ id: `m-${name}`, intent: `${name} holds the gate`, task: "Stand firm", outcome: "passed", at: 10 }]) } },
    });
    await addItems(actor, [{ name: "Stubborn", type: "trait", system: { description: "Never yields" } }]);
    made.push(actor);
  }
  const npc = await createActor({ name: "Goblin", type: "npc", system: {} });
  const { registerChannel } = await import("../../src/channel/register");
  const { registerSession } = await import("../../src/session/register");
  registerChannel();
  registerSession();
  const settle = () => idleAll(() => relay.idle());
  const ready = async (user: StandInUser): Promise<void> => {
    // The ready hook's own step: it loads the votes' code only when a stored vote needs this client.
    const { sessionReady } = await import("../../src/session/register");
    await runAsClient(user, () => sessionReady());
    await settle();
  };
  const windowOf = (user: StandInUser, kind: "rewards" | "traits" = "rewards"): HTMLElement | null =>
    screen.querySelector<HTMLElement>(`.goldhack-vote-window[data-user="${user.id}"] .goldhack-vote--${kind}`)?.closest<HTMLElement>(".goldhack-vote-window") ?? null;
  const closeWindowsOf = async (user: StandInUser): Promise<void> => {
    const { GoldHackVoteWindow } = await import("../../src/session/vote-window");
    for (const kind of ["rewards", "traits"] as const) await runAsClient(user, async () => GoldHackVoteWindow.find(kind)?.close());
    for (const element of screen.querySelectorAll(`[data-user="${user.id}"]`)) element.remove();
  };
  return {
    env,
    relay,
    gm: env.gm,
    players,
    characters: made as [GoldHackActor, GoldHackActor, GoldHackActor],
    npc,
    settle,
    reload: async (user) => {
      await closeWindowsOf(user);
      await ready(user);
    },
    disconnect: (user) => {
      user.active = false;
      void closeWindowsOf(user);
    },
    reconnect: async (user) => {
      user.active = true;
      await ready(user);
    },
    windowOf,
  };
}
