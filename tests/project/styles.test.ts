/**
 * Our CSS sits in the cascade layer Foundry v13 gives systems (`system`, above core, below modules), one
 * file per window or card under styles/ mirroring src/, every one imported into that layer, and every
 * class it styles prefixed `goldhack-`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const STYLES = new URL("../../styles/", import.meta.url).pathname;
const all = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(dir, e.name)) : e.name.endsWith(".css") ? [join(dir, e.name)] : []));
const main = readFileSync(join(STYLES, "goldhack.css"), "utf8");

describe("styles", () => {
  it("imports every stylesheet into the system layer", () => {
    const imported = [...main.matchAll(/@import "\.\/([^"]+)" layer\(system\);/g)].map((m) => m[1]);
    const files = all(STYLES).map((f) => relative(STYLES, f)).filter((f) => f !== "goldhack.css");
    expect(imported.sort()).toEqual(files.sort());
    expect(main).not.toMatch(/@import "[^"]+";/);
  });

  it("declares its own layers inside system only", () => {
    expect([...main.matchAll(/@layer ([\w.]+)[\s,{;]/g)].map((m) => m[1]).filter((name) => !name?.startsWith("system."))).toEqual([]);
  });

  it("mirrors src/ for the windows", () => {
    for (const file of all(join(STYLES, "applications"))) {
      const source = relative(STYLES, file).replace(/\.css$/, ".ts");
      expect(existsSync(join(STYLES, "..", "src", source)), source).toBe(true);
    }
  });

  it("prefixes the classes the window styles use with goldhack-", () => {
    for (const file of all(join(STYLES, "applications"))) {
      const css = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/@layer [^{;]+/g, "");
      const classes = [...css.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? "");
      // Foundry's own classes the windows sit in or reuse, and our theme/state modifiers.
      const foundry = new Set(["window-content", "window-header", "form-group", "form-fields", "form-footer", "hint", "tab", "tabs", "active", "theme-light", "theme-dark", "application", "sheet", "standard-form"]);
      const stray = classes.filter((c) => !c.startsWith("goldhack") && !c.startsWith("is-") && !foundry.has(c));
      expect([...new Set(stray)], relative(STYLES, file)).toEqual([]);
    }
  });
});
