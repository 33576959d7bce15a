import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPackNames, readPack, type SourceDocument } from "./read-sources";
import { runScript } from "./run-script";

/**
 * The extracted document minus what the cli adds on its own: an empty array for every embedded
 * collection the source left out (a JournalEntry comes back with "categories": []), at any depth.
 */
function withoutCliAdditions(extracted: unknown, source: unknown): unknown {
  if (Array.isArray(extracted) && Array.isArray(source)) return extracted.map((item, i) => withoutCliAdditions(item, source[i]));
  if (!extracted || typeof extracted !== "object" || !source || typeof source !== "object" || Array.isArray(source)) return extracted;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extracted)) {
    if (!(key in source) && Array.isArray(value) && value.length === 0) continue;
    out[key] = withoutCliAdditions(value, (source as Record<string, unknown>)[key]);
  }
  return out;
}

const temp = mkdtempSync(join(tmpdir(), "goldhack-packs-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("scripts/build-packs.mjs on the real sources", () => {
  const dest = join(temp, "packs");
  beforeAll(() => {
    const run = runScript("build-packs.mjs", ["--dest", dest]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);

  it.each(listPackNames())("compiles %s to LevelDB and extracts back to the same documents", async (pack) => {
    expect(existsSync(join(dest, pack, "CURRENT")), "a LevelDB database").toBe(true);
    const out = join(temp, "extracted", pack);
    await extractPack(join(dest, pack), out);
    const extracted = readPack(pack, join(temp, "extracted"));
    const sources = readPack(pack);
    const byId = (docs: { doc: SourceDocument }[]): Map<string, SourceDocument> => new Map(docs.map(({ doc }) => [doc._id, doc]));
    const before = byId(sources.entries);
    const after = byId(extracted.entries);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // Key order aside (the cli moves _key last), they must be equal, embedded documents included.
    for (const [id, doc] of before) expect(withoutCliAdditions(after.get(id), doc), id).toEqual(doc);
  }, 30_000);
});

describe("scripts/build-packs.mjs on broken sources", () => {
  const good = { _id: "skswords00000000", _key: "!items!skswords00000000", name: "Swords", type: "skill", system: {}, flags: { goldhack: { credit: "Credit" } } };
  let n = 0;
  /** Writes one pack folder "p" holding the given files, runs the build on it and returns the run and its output folder. */
  function build(files: Record<string, string>): { status: number | null; stderr: string; dest: string } {
    const root = join(temp, `case-${++n}`);
    mkdirSync(join(root, "src", "p"), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, "src", "p", name), text);
    const dest = join(root, "out");
    const run = runScript("build-packs.mjs", ["--src", join(root, "src"), "--dest", dest]);
    return { status: run.status, stderr: run.stderr, dest };
  }

  it("compiles a valid pack", () => {
    const run = build({ "swords_skswords00000000.json": JSON.stringify(good) });
    expect(run.status).toBe(0);
    expect(existsSync(join(run.dest, "p", "CURRENT"))).toBe(true);
  });

  it.each([
    ["invalid JSON", "{ \"_id\": ", "invalid JSON"],
    ["a missing _id", JSON.stringify({ ...good, _id: undefined }), "_id"],
    ["a short _id", JSON.stringify({ ...good, _id: "sword", _key: "!items!sword" }), "_id"],
    ["a missing _key", JSON.stringify({ ...good, _key: undefined }), "_key"],
    ["a _key for another id", JSON.stringify({ ...good, _key: "!items!skspears00000000" }), "_key"],
    [
      "an embedded document with a wrong _key",
      JSON.stringify({
        _id: "acaaaaaaaaaaaaaa",
        _key: "!actors!acaaaaaaaaaaaaaa",
        name: "A",
        items: [{ ...good, _key: "!items!skswords00000000" }],
      }),
      "!actors.items!acaaaaaaaaaaaaaa.skswords00000000",
    ],
  ])("fails loudly on %s and compiles nothing", (_case, text, message) => {
    const run = build({ "good_skspears00000000.json": JSON.stringify({ ...good, _id: "skspears00000000", _key: "!items!skspears00000000" }), "bad.json": text });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("bad.json");
    expect(run.stderr).toContain(message);
    expect(existsSync(join(run.dest, "p"))).toBe(false);
  });

  it("fails on two documents with the same id", () => {
    const run = build({ "a.json": JSON.stringify(good), "b.json": JSON.stringify({ ...good, name: "Swords again" }) });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("already used");
  });
});
