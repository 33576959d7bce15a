/**
 * Code comments cite docs/foundry-facts.md for the Foundry behaviour they rely on: each citation names a
 * heading there, and no comment cites a notes file that is not in this repository.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mjs|js)$/.test(name) ? [path] : [];
  });
}

const sources = [...files(join(root, "src")), ...files(join(root, "tests")), ...files(join(root, "scripts"))].map((f) => ({ f, text: readFileSync(f, "utf8") }));
const headings = readFileSync(join(root, "docs/foundry-facts.md"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("#"))
  .map((l) => l.replace(/^#+\s*/, ""));

describe("docs/foundry-facts.md citations", () => {
  it("name a heading of the document", () => {
    const cited = sources.flatMap(({ f, text }) =>
      [...text.matchAll(/docs\/foundry-facts\.md › "?([^";):\n]+?)"?(?=[;):\n]|\.?$|\.\s)/gm)].map((m) => ({ f: f.slice(root.length), heading: (m[1] ?? "").trim() })),
    );
    expect(cited.length).toBeGreaterThan(3);
    for (const { f, heading } of cited) expect(headings.some((h) => h.startsWith(heading)), `${f}: ${heading}`).toBe(true);
  });

  it("replace the notes file that is not in the repository", () => {
    const stale = sources.filter(({ f, text }) => !f.endsWith("foundry-facts.test.ts") && text.includes("FOUNDRY-NOTES")).map(({ f }) => f.slice(root.length));
    expect(stale).toEqual([]);
  });
});
