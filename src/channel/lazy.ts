/**
 * GM actions whose handlers live in a chunk loaded on first use: the name (and its queue) is registered
 * at init, so the GM's client answers from the first request on; the handler's code is fetched when the
 * first request arrives. The wrapper passes on the sender the channel gives it (Foundry's server's word,
 * the socket's second argument) unchanged: the trust model is the channel's, not the chunk's.
 */
import { type GMActionHandler, registerGMAction } from "./channel";

/** Handlers by action name, as a lazy chunk exports them. */
export type GMActionHandlers<N extends string> = Readonly<Record<N, GMActionHandler>>;

/**
 * Registers `names`, each running `load()`'s handler of the same name. `load` runs once (again after a
 * failed load); a load that throws is the channel's refusal ("the GM action failed"), like a handler
 * that throws.
 */
export function registerLazyGMActions<N extends string>(names: readonly N[], load: () => Promise<GMActionHandlers<N>>, options: { queueKey?: (payload: unknown) => string | null } = {}): void {
  const handlers = lazyModule(load);
  for (const name of names) registerGMAction(name, async (sender, payload) => (await handlers())[name](sender, payload), options);
}

/** Memoises a dynamic import(): the chunk is asked for once, again only after a failure. */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
