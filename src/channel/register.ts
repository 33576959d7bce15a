import { listenOnChannel } from "./channel";

/** Listens on the system socket as soon as Foundry has connected it (it exists by init; ready is the fallback). */
export function registerChannel(): void {
  listenOnChannel();
  Hooks.once("ready", () => listenOnChannel());
}
