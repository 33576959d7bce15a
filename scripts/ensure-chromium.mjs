#!/usr/bin/env node
// Browser tests need Debian's chromium. Install it when we may (root, as in CI),
// otherwise stop with the exact command to run. Never skip silently.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.GOLDHACK_CHROMIUM ?? "/usr/bin/chromium";

if (existsSync(CHROMIUM)) process.exit(0);

const command = "apt-get update && apt-get install -y chromium";
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(`Browser tests need Debian's chromium at ${CHROMIUM}. Install it with:\n  sudo sh -c '${command}'`);
  process.exit(1);
}
console.log(`Installing Debian's chromium for the browser tests: ${command}`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
  const run = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (run.status !== 0) {
    console.error(`apt-get ${args.join(" ")} failed (exit ${run.status}). Run by hand:\n  ${command}`);
    process.exit(1);
  }
}
console.log(execFileSync(CHROMIUM, ["--version"], { encoding: "utf8" }).trim());
