/** Types for scripts/import-cycles.mjs, for its test. */
export function importGraph(dirs: readonly string[]): Map<string, string[]>;
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][];
