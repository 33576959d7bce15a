/**
 * Deleting a key in a document update. v13 writes `{"path.-=key": null}`; v14 deprecates that (until
 * v16) for the operator `foundry.data.operators.ForcedDeletion` as the value of `{"path.key": …}`.
 * Public v14 code builds it with `new ForcedDeletion()` (some use the class itself or `.create()`; which
 * one Foundry prefers is not settled in what we read, so we construct it). Feature-detected.
 */
type Operator = new () => object;

const forcedDeletion = (): Operator | undefined => (foundry.data as unknown as { operators?: { ForcedDeletion?: Operator } }).operators?.ForcedDeletion;

/** The update that deletes `key` under the dot path `path` ("flags.goldhack", "memory"). */
export function deletionUpdate(path: string, key: string): Record<string, unknown> {
  const Deletion = forcedDeletion();
  return Deletion ? { [`${path}.${key}`]: new Deletion() } : { [`${path}.-=${key}`]: null };
}
