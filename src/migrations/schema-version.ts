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

/**
 * A repair: rewrites, in place, a shape no version of ours writes but a hand-edited import may hold
 * (capitals in a Type, a word where a number belongs). Repairs run on every source, whatever its
 * version, after the steps; each must leave a source that is already right exactly as it is.
 */
export type Repair = (source: SystemSource) => void;

/** Applies every step newer than the source's version, in order, then every repair, and stamps the latest version. */
export function runMigrations(source: SystemSource, steps: readonly MigrationStep[], repairs: readonly Repair[] = []): SystemSource {
  const from = typeof source.schemaVersion === "number" ? source.schemaVersion : 0;
  for (const step of steps) if (from < step.version) step.migrate(source);
  for (const repair of repairs) repair(source);
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

/** Says on the console what a migration or repair changed in meaning, so a GM can find it. */
export function migrationNote(message: string, ...details: unknown[]): void {
  console.warn(`goldhack | ${message}`, ...details);
}

/** A Type key as a hand-edited source may spell it ("Magic ", "FIGHT"): trimmed, lower case; anything else unchanged. */
export const typeKey = (value: unknown): unknown => (typeof value === "string" ? value.trim().toLowerCase() : value);
