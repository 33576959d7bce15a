import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listPackNames, listSourceFiles, readPack, readSourceFile, REPO_ROOT } from "./read-sources";

interface PackEntry {
  name: string;
  type: string;
}
const system = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as {
  packs?: PackEntry[];
  documentTypes: Record<string, Record<string, unknown>>;
};
/** Where Foundry keeps each document type in a pack's database. */
const COLLECTION: Record<string, string> = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};

describe.each(listPackNames())("pack source %s", (pack) => {
  const declared = system.packs?.find((entry) => entry.name === pack);

  it("has at least one source file, and each parses as one JSON object", () => {
    const files = listSourceFiles(pack);
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) expect(() => readSourceFile(path)).not.toThrow();
  });

  it("is declared in system.json", () => {
    expect(declared, `${pack} missing from system.json "packs"`).toBeDefined();
  });

  it("gives every document a unique 16-character id, a matching _key and a <slug>_<id>.json file name", () => {
    const { entries } = readPack(pack);
    const collection = declared ? COLLECTION[declared.type] : undefined;
    const seen = new Set<string>();
    for (const { file, doc } of entries) {
      expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(seen.has(doc._id), `${file}: duplicate _id ${doc._id}`).toBe(false);
      seen.add(doc._id);
      if (collection) expect(doc._key, file).toBe(`!${collection}!${doc._id}`);
      expect(file.split("/").at(-1), file).toMatch(new RegExp(`^[a-z0-9]+(?:-[a-z0-9]+)*_${doc._id}\\.json$`));
      expect(typeof doc.name === "string" && doc.name.trim() !== "", `${file}: name`).toBe(true);
    }
  });

  it("uses only the document subtypes system.json declares for its type", () => {
    const subtypes = declared ? system.documentTypes[declared.type] : undefined;
    if (!subtypes) return; // JournalEntry, Macro...: no system subtypes to check
    for (const { file, doc } of readPack(pack).entries) expect(Object.keys(subtypes), file).toContain(doc.type);
  });
});
