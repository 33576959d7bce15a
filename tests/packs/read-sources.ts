import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** The repository root and the folder that holds one sub-folder of JSON sources per pack. */
export const REPO_ROOT = resolve(import.meta.dirname, "../..");
export const SOURCE_ROOT = join(REPO_ROOT, "packs/_source");

/** A compendium document as stored in a source file; only the keys every pack shares are typed. */
export interface SourceDocument {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  img?: string;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One source file: where it is and the document it holds. */
export interface SourceEntry {
  /** Path relative to the pack folder, e.g. "swords_skswords00000000.json". */
  file: string;
  /** Absolute path. */
  path: string;
  doc: SourceDocument;
}

/** All the sources of one pack folder. */
export interface PackSources {
  pack: string;
  dir: string;
  entries: SourceEntry[];
}

/** Names of the pack folders under root, sorted. */
export function listPackNames(root: string = SOURCE_ROOT): string[] {
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort();
}

/** Absolute paths of every .json file in a pack folder, sub-folders included, sorted. */
export function listSourceFiles(pack: string, root: string = SOURCE_ROOT): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return name.endsWith(".json") ? [path] : [];
      });
  return walk(join(root, pack));
}

/** Parses one source file; throws an Error naming the file when it is not a JSON object. */
export function readSourceFile(path: string): SourceDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${path}: not a JSON object`);
  return parsed as SourceDocument;
}

/** Reads every source of one pack. */
export function readPack(pack: string, root: string = SOURCE_ROOT): PackSources {
  const dir = join(root, pack);
  const entries = listSourceFiles(pack, root).map((path) => ({ file: relative(dir, path), path, doc: readSourceFile(path) }));
  return { pack, dir, entries };
}

/** Reads every pack under root, keyed by pack name. */
export function readAllPacks(root: string = SOURCE_ROOT): Map<string, PackSources> {
  return new Map(listPackNames(root).map((pack) => [pack, readPack(pack, root)]));
}

/** "skills-es" → { base: "skills", lang: "es" }; lang is null for a pack without a language suffix. */
export function splitPackName(pack: string): { base: string; lang: string | null } {
  const match = /^(.*)-([a-z]{2})$/.exec(pack);
  return match ? { base: match[1] as string, lang: match[2] as string } : { base: pack, lang: null };
}
