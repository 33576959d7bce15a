/**
 * How much does a player's browser download for the system? Run with `npm run bench`.
 * Prints the gzipped size of dist/goldhack.mjs (with the chunks it loads on demand) and dist/goldhack.css (building first when they are
 * missing or older than the sources, into a temporary folder) with PASS/FAIL against the 60 KB target for the two together.
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

/** The entry, the chunks it loads on demand (dynamic imports), and the stylesheet: all reach the browser. */
function shipped(dir: string): { name: string; raw: number; gzipped: number }[] {
  const names = ["goldhack.mjs", ...readdirSync(dir).filter((name) => name.endsWith(".js")).sort(), "goldhack.css"];
  return names.map((name) => {
    const raw = readFileSync(join(dir, name));
    return { name, raw: raw.length, gzipped: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length };
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const fresh = needsBuild();
if (fresh) console.log("dist/ is missing or older than the sources: measuring a fresh build (vite build, into a temporary folder)…");
const dir = fresh ? buildInto([]) : join(ROOT, "dist");
const files = shipped(dir);
for (const f of files) console.log(`  dist/${f.name}: ${kb(f.raw)} raw, ${kb(f.gzipped)} gzipped`);
const total = files.reduce((sum, f) => sum + f.gzipped, 0);
console.log(`${total / 1024 < TARGET_KB ? "PASS" : "FAIL"} code (entry and chunks) + styles gzipped: ${kb(total)} (target < ${TARGET_KB} KB)`);
if (fresh) rmSync(dir, { recursive: true, force: true });

// For comparison only: the project builds unminified (readable stack traces in Foundry); minified it would be this.
const minified = buildInto(["--minify"]);
console.log(`  (for comparison, a minified build: ${kb(shipped(minified).reduce((sum, f) => sum + f.gzipped, 0))} gzipped)`);
rmSync(minified, { recursive: true, force: true });
