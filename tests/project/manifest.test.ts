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
  it("is the goldhack system for Foundry 13, from its first stable build", () => {
    expect(system.id).toBe("goldhack");
    // 13.341 is the first stable v13 build and has every API we use; no `verified` until the system has
    // run in a live Foundry (docs/foundry-facts.md › First stable v13 build).
    expect(system.compatibility).toEqual({ minimum: "13.341" });
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

  it("ships no empty keys (npm run package adds manifest and download when it has them)", () => {
    const empty = (value: unknown, path: string): string[] => {
      if (value === "" || value === null) return [path];
      if (Array.isArray(value)) return value.flatMap((v, i) => empty(v, `${path}[${i}]`));
      if (typeof value === "object") return Object.entries(value as Record<string, unknown>).filter(([k]) => k !== "flags").flatMap(([k, v]) => empty(v, path ? `${path}.${k}` : k));
      return [];
    };
    expect(empty(system, "")).toEqual([]);
  });

  it("names every declared subtype in each language (TYPES.<Document>.<type>)", () => {
    for (const { path } of system.languages) {
      const types = (read(path) as { TYPES?: Record<string, Record<string, unknown>> }).TYPES ?? {};
      for (const [doc, subtypes] of Object.entries(system.documentTypes)) {
        for (const type of Object.keys(subtypes)) expect(typeof types[doc]?.[type], `${path} TYPES.${doc}.${type}`).toBe("string");
      }
    }
  });

  it("points its languages at files that exist", () => {
    expect(system.languages.map((l) => l.lang).sort()).toEqual(["en", "es"]);
    for (const { path } of system.languages) expect(() => read(path)).not.toThrow();
  });
});
