/**
 * Schema versions of our `system` data and the runner that brings an older source up to date.
 * Steps are pure functions on plain objects, so they run in Foundry's `migrateData` (before cleaning)
 * and in tests alike. Each step checks the shape it rewrites: Foundry may hand `migrateData` a partial
 * source, and a step must leave data it does not recognise alone.
 */

/** A `system` source as stored: plain JSON. */
export type SystemSource = Record<string, unknown>;

/** The version every model writes today. Version 0 is any source saved before `schemaVersion` existed. */
export const SCHEMA_VERSION = 1;

/** One step: rewrites a source older than `version` in place. */
export interface MigrationStep {
  version: number;
  migrate(source: SystemSource): void;
}

/** Applies every step newer than the source's version, in order, and stamps the latest version. */
export function runMigrations(source: SystemSource, steps: readonly MigrationStep[]): SystemSource {
  const from = typeof source.schemaVersion === "number" ? source.schemaVersion : 0;
  for (const step of steps) if (from < step.version) step.migrate(source);
  if (from < SCHEMA_VERSION) source.schemaVersion = SCHEMA_VERSION;
  return source;
}

/** Moves `from` to `to` unless `to` is already there; true when it moved something. */
export function renameKey(source: SystemSource, from: string, to: string): boolean {
  if (!(from in source)) return false;
  if (!(to in source)) source[to] = source[from];
  Reflect.deleteProperty(source, from);
  return true;
}
