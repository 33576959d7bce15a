/**
 * How much does a player's browser download for the system? Run with `npm run bench`.
 * Prints the gzipped size of each chunk of dist/ (building first when it is missing or older than the sources, into a
 * temporary folder), split into what the browser loads at startup (the entry, the chunks it imports statically, the
 * stylesheet) and what waits for a window's first open, with PASS/FAIL against the 60 KB target for the startup part.
 * A measure, not a test: it exits 0 whatever it finds.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const TARGET_KB = 60;
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUTPUTS = ["dist/goldhack.mjs", "dist/goldhack.css"];
const SOURCES = ["src", "styles"];

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, e) => {
    const path = join(dir, e.name);
    return Math.max(newest, e.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }, 0);
}

function needsBuild(): boolean {
  const paths = OUTPUTS.map((p) => join(ROOT, p));
  if (!paths.every(existsSync)) return true;
  const built = Math.min(...paths.map((p) => statSync(p).mtimeMs));
  return SOURCES.some((dir) => newestSource(join(ROOT, dir)) > built);
}

const VITE = join(ROOT, "node_modules/vite/bin/vite.js");

/** Builds into a fresh temporary folder (never dist/, which may hold built packs); extra vite flags allowed. */
function buildInto(flags: string[]): string {
  const out = mkdtempSync(join(tmpdir(), "goldhack-size-"));
  const run = spawnSync(process.execPath, [VITE, "build", "--outDir", out, "--emptyOutDir", "--logLevel", "error", ...flags], { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) throw new Error(`vite build failed (exit ${run.status ?? run.signal})`);
  return out;
}

type Shipped = { name: string; raw: number; gzipped: number; startup: boolean };

/** Chunks a module imports statically (`from"./x.js"`, `import"./x.js"`): loaded with it, before it runs. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1] ?? "");
}

/**
 * The entry, every chunk and the stylesheet. A chunk is loaded at startup when the entry reaches it through static
 * imports; the others wait for a dynamic import() (a window's first open).
 */
function shipped(dir: string): Shipped[] {
  const startup = new Set<string>(["goldhack.mjs"]);
  const queue = ["goldhack.mjs"];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const dep of staticImports(readFileSync(join(dir, name), "utf8"))) if (!startup.has(dep)) queue.push(startup.add(dep) && dep);
  }
  const names = ["goldhack.mjs", ...readdirSync(dir).filter((name) => name.endsWith(".js")).sort(), "goldhack.css"];
  return names.map((name) => {
    const raw = readFileSync(join(dir, name));
    return { name, raw: raw.length, gzipped: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length, startup: name.endsWith(".css") || startup.has(name) };
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const fresh = needsBuild();
if (fresh) console.log("dist/ is missing or older than the sources: measuring a fresh build (vite build, into a temporary folder)…");
const dir = fresh ? buildInto([]) : join(ROOT, "dist");
const files = shipped(dir);
const sum = (fs: Shipped[]): number => fs.reduce((total, f) => total + f.gzipped, 0);
for (const [title, group] of [["loaded at startup", files.filter((f) => f.startup)], ["loaded on first use (dynamic import)", files.filter((f) => !f.startup)]] as const) {
  console.log(`  ${title}: ${kb(sum(group))} gzipped`);
  for (const f of group) console.log(`    dist/${f.name}: ${kb(f.raw)} raw, ${kb(f.gzipped)} gzipped`);
}
const startupKb = sum(files.filter((f) => f.startup)) / 1024;
console.log(`  everything, startup and on demand: ${kb(sum(files))} gzipped`);
console.log(`${startupKb < TARGET_KB ? "PASS" : "FAIL"} code + styles loaded at startup, gzipped: ${startupKb.toFixed(1)} KB (target < ${TARGET_KB} KB)`);
if (fresh) rmSync(dir, { recursive: true, force: true });
