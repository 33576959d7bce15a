#!/usr/bin/env node
// Zips the built system (dist/) into goldhack-<version>.zip, with system.json at the zip root.
// The zipped system.json gets "manifest" and "download" from GOLDHACK_MANIFEST_URL and
// GOLDHACK_DOWNLOAD_URL ("{version}" in either is replaced by the version); when a variable
// is unset the key is left out, so a local zip never points at a stale release.
// Usage: npm run package   (builds first)
//        node scripts/package.mjs [--dist dist] [--out goldhack-<version>.zip] [--root .]
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { zipSync } from "fflate";
import { checkVersions } from "./check-versions.mjs";

// Fixed timestamps keep the zip the same for the same dist/.
const MTIME = new Date("2026-01-01T00:00:00Z");

/** Every file under dir as [zip path, absolute path], zip paths with forward slashes. */
function walk(dir, base = dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, base));
    else out.push([relative(base, path).split(sep).join("/"), path]);
  }
  return out;
}

/** The manifest as released: URLs from the environment, or no URL keys at all. */
export function releaseManifest(system, env) {
  const { manifest: _manifest, download: _download, ...rest } = system;
  const url = (variable) => env[variable]?.trim().replaceAll("{version}", system.version);
  const manifest = url("GOLDHACK_MANIFEST_URL");
  const download = url("GOLDHACK_DOWNLOAD_URL");
  return { ...rest, ...(manifest ? { manifest } : {}), ...(download ? { download } : {}) };
}

function main() {
  const { values } = parseArgs({
    options: {
      root: { type: "string", default: resolve(import.meta.dirname, "..") },
      dist: { type: "string" },
      out: { type: "string" },
    },
  });
  const root = resolve(values.root);
  const dist = resolve(values.dist ?? join(root, "dist"));
  const systemPath = join(dist, "system.json");
  if (!existsSync(systemPath)) throw new Error(`${systemPath} not found: run npm run build first`);

  const { problems } = checkVersions(root);
  if (problems.length) throw new Error(problems.join("; "));

  const system = JSON.parse(readFileSync(systemPath, "utf8"));
  // A pack declared but not built would install as an empty compendium: refuse to ship it.
  const missing = (system.packs ?? []).filter((pack) => !existsSync(join(dist, pack.path ?? `packs/${pack.name}`)));
  if (missing.length) throw new Error(`packs declared in system.json but not built: ${missing.map((p) => p.name).join(", ")}`);

  const manifest = releaseManifest(system, process.env);
  const files = { "system.json": [new TextEncoder().encode(JSON.stringify(manifest, null, 2) + "\n"), { mtime: MTIME }] };
  for (const [path, abs] of walk(dist)) {
    if (path !== "system.json") files[path] = [new Uint8Array(readFileSync(abs)), { mtime: MTIME }];
  }

  const out = resolve(values.out ?? join(root, `${system.id}-${system.version}.zip`));
  const zip = zipSync(files, { level: 9 });
  writeFileSync(out, zip);
  const urls = ["manifest", "download"].filter((key) => key in manifest);
  console.log(`package: ${relative(process.cwd(), out)} (${Object.keys(files).length} files, ${zip.length} bytes; URLs: ${urls.join(", ") || "none"})`);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  try {
    main();
  } catch (error) {
    console.error(`package: ${error.message}`);
    process.exit(1);
  }
}
