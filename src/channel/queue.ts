/**
 * Tasks with the same key run one after another on this client, so two requests racing for one card
 * are applied in turn and the second reads what the first wrote. A failed task does not block the next.
 */
const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task with the same key has settled. */
export async function oneAtATime<T>(key: string, task: () => Promise<T> | T): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}
