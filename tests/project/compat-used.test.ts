/**
 * src/compat/ holds only calls the code makes: an export nobody imports is a v13/v14 difference handled
 * for nothing, and its tests would vouch for code no table runs (issue 28 found `deletionUpdate` so).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const src = join(root, "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("src/compat", () => {
  it("exports only what the rest of src/ uses", () => {
    const index = readFileSync(join(src, "compat/index.ts"), "utf8");
    const listed = [...index.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => (m[1] ?? "").split(",").map((n) => n.trim().replace(/^type\s+/, "")).filter(Boolean));
    const declared = files(join(src, "compat"))
      .filter((f) => !f.endsWith("index.ts"))
      .flatMap((f) => [...readFileSync(f, "utf8").matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1] ?? ""));
    const exported = [...new Set([...listed, ...declared])];
    expect(exported.length).toBeGreaterThan(0);
    const users = files(src)
      .filter((f) => !f.startsWith(join(src, "compat")))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const unused = exported.filter((name) => !new RegExp(`\\b${name}\\b`).test(users));
    expect(unused).toEqual([]);
  });
});
