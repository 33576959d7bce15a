/**
 * Work that must run one at a time per key (per actor): each task starts when the one queued before it
 * under the same key has finished, whether it succeeded or failed. A failure rejects only its own caller.
 */
import { settle } from "../../safe-hook";
const tails = new Map<string, Promise<unknown>>();

export function queueFor<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  settle(
    tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    }),
    "tidying the queue",
  );
  return run;
}
