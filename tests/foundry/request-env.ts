/**
 * The world the request, history and guard tests play in: the document, dice and chat stand-ins, plus
 * what those need beyond them: Foundry's settings for our keys (a world setting only a GM may write, as
 * the server enforces), the scenes a user may view, the system socket to the GM, and our registration.
 */
import { installChatSupport, installDice } from "./dice";
import { installSocket } from "./socket";
import { installGoldHack, runAsClient, state, type FoundryEnv } from "./documents";

interface SettingEntry {
  scope: string;
  default: unknown;
  onChange?: (value: unknown) => void;
}

/** What a request test gets back. */
export interface RequestWorld {
  env: FoundryEnv;
  /** The GM requests sent on the socket so far (action name, target user id, payload as it crossed the wire). */
  sent: { name: string; to: string; data: unknown }[];
  /** Makes the current user view a scene (null: none), as canvas would. */
  viewScene(id: string | null): void;
}

/** Menus registered through game.settings.registerMenu, by "<namespace>.<key>". */
export const settingMenus = new Map<string, Record<string, unknown>>();

/**
 * game.settings as Foundry behaves for registered keys: get returns a copy, set on a world key needs a GM.
 * After a set, the setting's `onChange` runs with a copy of the value: for a world setting on every
 * connected client (Foundry broadcasts a world setting's change), for a client setting on this client.
 */
export function installSettings(): void {
  const g = globalThis as unknown as { game: { user: { isGM: boolean }; settings: { get(scope: string, key: string): unknown } } };
  const core = g.game.settings;
  const registered = new Map<string, SettingEntry>();
  const values = new Map<string, unknown>();
  g.game.settings = {
    register: (scope: string, key: string, data: SettingEntry) => void registered.set(`${scope}.${key}`, data),
    // A settings menu: Foundry shows a button that renders `type`; tests read what was registered.
    registerMenu: (scope: string, key: string, data: Record<string, unknown>) => void settingMenus.set(`${scope}.${key}`, data),
    get: (scope: string, key: string): unknown => {
      const entry = registered.get(`${scope}.${key}`);
      if (!entry) return core.get(scope, key);
      return structuredClone(values.has(`${scope}.${key}`) ? values.get(`${scope}.${key}`) : entry.default);
    },
    set: async (scope: string, key: string, value: unknown): Promise<unknown> => {
      const entry = registered.get(`${scope}.${key}`);
      if (!entry) throw new Error(`setting ${scope}.${key} is not registered`);
      if (entry.scope === "world" && !g.game.user.isGM) throw new Error(`only a GM may write the world setting ${scope}.${key}`);
      values.set(`${scope}.${key}`, structuredClone(value));
      const clients = entry.scope === "world" ? state.users.contents.filter((user) => user.active) : [state.user];
      for (const user of clients) runAsClient(user, () => entry.onChange?.(structuredClone(value)));
      return value;
    },
  } as typeof core;
}

/** Installs everything and registers the requests as init does. */
export async function installRequestWorld(lang: "en" | "es" = "en"): Promise<RequestWorld> {
  const env = await installGoldHack({ lang });
  installDice();
  await installChatSupport(lang);
  installSettings();
  const scenes = new Map([
    ["scene1", { id: "scene1", name: "The Gate" }],
    ["scene2", { id: "scene2", name: "The Tower" }],
  ]);
  const g = globalThis as unknown as { game: Record<string, unknown> };
  let viewed: string | null = "scene1";
  g.game.scenes = {
    get viewed() {
      return viewed ? scenes.get(viewed) : undefined;
    },
    get: (id: string) => scenes.get(id),
  };
  (await import("../../src/dice/register")).registerDice();
  (await import("../../src/requests/register")).registerRequests();
  const relay = installSocket();
  (await import("../../src/channel")).listenOnChannel();
  const sent: RequestWorld["sent"] = [];
  const socket = (g.game as { socket: { emit(event: string, data: unknown): void } }).socket;
  const emit = socket.emit.bind(socket);
  socket.emit = (event, data) => {
    const request = data as { name?: unknown; to?: unknown; payload?: unknown };
    if (typeof request.name === "string") sent.push({ name: request.name, to: String(request.to), data: JSON.parse(JSON.stringify(request.payload ?? null)) });
    emit(event, data);
  };
  void relay;
  return { env, sent, viewScene: (id) => void (viewed = id) };
}

/** Lets what hooks started without awaiting (the history's write after goldhack.testRolled) finish. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}
