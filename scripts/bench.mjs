#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts through tsx, then repeats every judged line (PASS/FAIL: ours, floor,
// ratio, target; see bench/judge.ts) in one closing list. Benchmarks measure, they do not judge: a slow result
// prints FAIL but this still exits 0; only a crash exits non-zero.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const benches = readdirSync(join(root, "bench"))
  .filter((name) => name.endsWith(".bench.ts"))
  .sort();

/** Runs one bench, its output shown as it comes; resolves with its exit status and the lines it printed. */
function run(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join("bench", name)], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on("close", (status, signal) => resolve({ status: status ?? signal, lines: out.split("\n") }));
  });
}

let crashed = false;
const verdicts = [];
for (const name of benches) {
  console.log(`\n=== bench/${name}`);
  const { status, lines } = await run(name);
  verdicts.push(...lines.filter((line) => /^(PASS|FAIL) /.test(line)).map((line) => `${name.replace(".bench.ts", "").padEnd(8)} ${line}`));
  if (status !== 0) {
    console.error(`bench/${name} crashed (exit ${status})`);
    crashed = true;
  }
}
console.log(`\n=== every judged figure (brackets: the middle half of the pairs)\n${verdicts.join("\n")}`);
process.exit(crashed ? 1 : 0);
