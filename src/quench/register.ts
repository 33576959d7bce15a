/**
 * The in-world test batch, offered only where the Quench module (Ethaks/FVTT-Quench) is active. The batch
 * is registered synchronously in Quench's `quenchReady` hook, so a Quench set to run its batches at
 * `ready` finds it (docs/foundry-facts.md › Batches and reports); the scenario code loads only when the
 * batch runs (src/quench/batch.ts).
 */
import { type QuenchApi, registerBatch } from "./batch";

/** The key the batch is registered under in Quench's list. */
export const QUENCH_BATCH = "goldhack.session";

/** Call at init: waits for Quench, if it is active in this world. */
export function registerQuench(): void {
  if (!game.modules?.get("quench")?.active) return;
  // Quench's hook is not among the typed core hooks: called through a loosely typed view of Hooks.
  const hooks = Hooks as unknown as { once(name: string, fn: (quench: QuenchApi) => void): number };
  hooks.once("quenchReady", (quench) => registerBatch(quench, QUENCH_BATCH));
}
