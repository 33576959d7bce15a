import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "../../scripts/import-cycles.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const cyclesIn = (dir: string): string[][] => importCycles(importGraph([join(root, dir)])).map((c) => c.map((f) => f.slice(root.length + 1)));

describe("import circles (scripts/import-cycles.mjs, part of npm run lint)", () => {
  it("finds a circle of type-only imports, which eslint's no-cycle lets through", () => {
    expect(cyclesIn("tests/project/fixtures/type-cycle")).toEqual([["tests/project/fixtures/type-cycle/c.ts", "tests/project/fixtures/type-cycle/d.ts"]]);
  });

  it("finds none in a chain that does not come back", () => {
    expect(cyclesIn("tests/project/fixtures/cycle")).toEqual([]);
  });

  it("finds none in src/", () => {
    expect(cyclesIn("src")).toEqual([]);
  });
});
