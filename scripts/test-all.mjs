#!/usr/bin/env node
// The one command that runs every check: lint, typecheck, build, then the unit and browser tests.
// Ends with a plain "N passed, N failed" line counting every test and every step.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const report = join(mkdtempSync(join(tmpdir(), "goldhack-")), "vitest.json");

/** Each step: a name and the command that runs it. The unit tests' own counts are read from vitest's JSON report. */
const steps = [
  ["lint", [npx, "eslint", "."]],
  ["import circles", ["node", "scripts/import-cycles.mjs"]],
  ["typecheck", [npx, "tsc", "--noEmit"]],
  ["build", ["npm", "run", "--silent", "build"]],
  ["chromium for the browser tests", ["node", "scripts/ensure-chromium.mjs"]],
  ["unit tests", [npx, "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]],
];

let passed = 0;
let failed = 0;
const failures = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(" ")}`);
  const run = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  const ok = run.status === 0;
  if (name === "unit tests" && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (!ok && json.numFailedTests === 0) {
      failed += 1; // the runner failed outside any test (a suite that did not load)
      failures.push(name);
    } else if (!ok) failures.push(name);
  } else if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

console.log(failures.length ? `\nFailed steps: ${failures.join(", ")}` : "\nAll steps passed.");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
