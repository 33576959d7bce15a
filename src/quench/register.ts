/**
 * The in-world test batch, offered only where the Quench module (Ethaks/FVTT-Quench) is active: its
 * `quenchReady` hook hands over the Quench API, and the batch's code (a chunk of its own) is loaded
 * then, so a world without Quench never loads it.
 */
import type { QuenchApi } from "./batch";

/** The key the batch is registered under in Quench's list. */
export const QUENCH_BATCH = "goldhack.session";

/** Call at init: waits for Quench, if it is active in this world. */
export function registerQuench(): void {
  if (!game.modules?.get("quench")?.active) return;
  // Quench's hook is not among the typed core hooks: called through a loosely typed view of Hooks.
  const hooks = Hooks as unknown as { once(name: string, fn: (quench: QuenchApi) => void): number };
  hooks.once("quenchReady", (quench) => {
    void import("./batch").then(({ registerBatch }) => registerBatch(quench, QUENCH_BATCH));
  });
}
