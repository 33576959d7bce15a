import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree => JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8"));

/** Every leaf key path of a language file, with its value. */
export function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

describe("language files", () => {
  const en = flatten(load("en"));
  const es = flatten(load("es"));

  it("have identical keys in English and Spanish", () => {
    expect([...es.keys()].filter((k) => !en.has(k)), "in es.json only").toEqual([]);
    expect([...en.keys()].filter((k) => !es.has(k)), "in en.json only").toEqual([]);
  });

  it("keep every key under GOLDHACK (or Foundry's TYPES labels) and no value empty", () => {
    for (const [key, value] of [...en, ...es]) {
      expect(key.startsWith("GOLDHACK.") || key.startsWith("TYPES."), key).toBe(true);
      expect(value.trim(), key).not.toBe("");
    }
  });
});
