#!/usr/bin/env node
// Checks that system.json, package.json and the newest version heading of CHANGELOG.md
// name the same version, so a release never ships with a manifest that lies about itself.
// Usage: node scripts/check-versions.mjs [--root <dir>]   (exit 1 and a message when they disagree)
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

// "## [0.1.0] - 2026-03-01" or "## [0.1.0] - unreleased"; "## [Unreleased]" is skipped.
const HEADING = /^##\s+\[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\](?:\s+-\s+(\d{4}-\d{2}-\d{2}|unreleased))?\s*$/im;

/** The newest (topmost) versioned heading of a Keep a Changelog file, or null when there is none. */
export function newestChangelogVersion(text) {
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const match = HEADING.exec(line);
    if (match) return match[1];
  }
  return null;
}

/** The versions found in a repository and the disagreements between them. */
export function checkVersions(root) {
  const read = (name) => readFileSync(join(root, name), "utf8");
  const versions = {
    "system.json": JSON.parse(read("system.json")).version ?? null,
    "package.json": JSON.parse(read("package.json")).version ?? null,
    "CHANGELOG.md": newestChangelogVersion(read("CHANGELOG.md")),
  };
  const problems = [];
  for (const [file, version] of Object.entries(versions)) {
    if (typeof version !== "string") problems.push(`${file}: no version found`);
  }
  const distinct = new Set(Object.values(versions));
  if (problems.length === 0 && distinct.size > 1) {
    problems.push(`versions disagree: ${Object.entries(versions).map(([file, v]) => `${file} ${v}`).join(", ")}`);
  }
  return { versions, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { root: { type: "string", default: resolve(import.meta.dirname, "..") } } });
  const { versions, problems } = checkVersions(resolve(values.root));
  if (problems.length) {
    console.error(`check-versions: ${problems.join("; ")}`);
    process.exit(1);
  }
  console.log(`check-versions: ${versions["system.json"]} everywhere`);
}
