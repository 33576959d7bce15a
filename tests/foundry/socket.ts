/**
 * A stand-in for Foundry's system socket as its server relays it (sources: farling42/foundryvtt-socketlib
 * `_onSocketReceived(message, senderId)`; the Titan system's SocketManager; vttforge PR 222):
 * - `emit(event, data)` reaches every *other* connected client, never the sender;
 * - each listener is called `(data, senderId)`, `senderId` being the id of the user whose connection
 *   emitted, set by the server whatever the data says;
 * - data crosses as JSON;
 * - without `"socket": true` in system.json the server drops every emit, silently.
 * A delivery runs on the receiving client (`game.user` is its user for everything it awaits) after a
 * controllable delay. Unsure: Foundry's exact delivery order between several receivers; here they are
 * delivered in user order.
 */
import { readFileSync } from "node:fs";
import { runAsClient, type StandInUser, state } from "./documents-core";

type Listener = (data: unknown, senderId: string) => unknown;

export interface SocketRelay {
  /** Every emit the server accepted: event, sender id, data as sent. */
  emitted: { event: string; from: string; data: unknown }[];
  /** Delay before each delivery, in ms. */
  delay: number;
  /** Resolves when every delivery so far (and those they caused) has run. */
  idle(): Promise<void>;
}

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as { id: string; socket?: boolean };

/** Installs `game.socket` on the stand-in game; returns the relay's handles. */
export function installSocket(options: { delay?: number } = {}): SocketRelay {
  const listeners = new Map<string, Listener[]>();
  const inFlight = new Set<Promise<unknown>>();
  const relay: SocketRelay = {
    emitted: [],
    delay: options.delay ?? 0,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  const deliver = (to: StandInUser, event: string, wire: string, from: string): void => {
    const run = (async () => {
      await new Promise((resolve) => setTimeout(resolve, relay.delay));
      await runAsClient(to, async () => {
        for (const listener of listeners.get(event) ?? []) await listener(JSON.parse(wire), from);
      });
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };
  const socket = {
    emit(event: string, data: unknown): void {
      // The server only relays the system's own channel, and only if the manifest asked for a socket.
      if (manifest.socket !== true || event !== `system.${manifest.id}`) return;
      const sender = state.user;
      const wire = JSON.stringify(data);
      relay.emitted.push({ event, from: sender.id, data: JSON.parse(wire) });
      for (const user of state.users.contents) if (user !== sender && user.active) deliver(user, event, wire, sender.id);
    },
    on(event: string, listener: Listener): void {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };
  (globalThis as unknown as { game: Record<string, unknown> }).game.socket = socket;
  return relay;
}
