import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const system = read("system.json") as {
  id: string;
  version: string;
  compatibility: { minimum: string; verified?: string };
  languages: { lang: string; path: string }[];
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
};
const template = read("template.json") as Record<string, { types: string[] } & Record<string, { htmlFields?: string[] }>>;
const pkg = read("package.json") as { version: string };

describe("system.json", () => {
  it("is the goldhack system for Foundry 13", () => {
    expect(system.id).toBe("goldhack");
    // No `verified` until the system has run in a live Foundry (docs/foundry-facts.md › Foundry versions).
    expect(system.compatibility).toEqual({ minimum: "13" });
    expect(system.version).toBe(pkg.version);
  });

  it("declares the same document types and htmlFields as template.json", () => {
    expect(Object.keys(template).sort()).toEqual(Object.keys(system.documentTypes).sort());
    for (const [doc, types] of Object.entries(system.documentTypes)) {
      const declared = template[doc];
      expect(declared, doc).toBeDefined();
      expect([...(declared?.types ?? [])].sort(), doc).toEqual(Object.keys(types).sort());
      for (const [type, spec] of Object.entries(types)) {
        expect(declared?.[type]?.htmlFields ?? [], `${doc}.${type}`).toEqual(spec.htmlFields ?? []);
      }
    }
  });

  it("declares the Actor and Item types the game needs", () => {
    expect(Object.keys(system.documentTypes.Actor ?? {}).sort()).toEqual(["character", "npc"]);
    expect(Object.keys(system.documentTypes.Item ?? {}).sort()).toEqual(["fallout", "lifepath", "skill", "trait"]);
  });

  it("points its languages at files that exist", () => {
    expect(system.languages.map((l) => l.lang).sort()).toEqual(["en", "es"]);
    for (const { path } of system.languages) expect(() => read(path)).not.toThrow();
  });
});
