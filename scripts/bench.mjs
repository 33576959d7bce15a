#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts through tsx. Benchmarks measure, they do not judge: a slow result
// prints FAIL but this still exits 0; only a crash exits non-zero.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const benches = readdirSync(join(root, "bench"))
  .filter((name) => name.endsWith(".bench.ts"))
  .sort();

let crashed = false;
for (const name of benches) {
  console.log(`\n=== bench/${name}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", join("bench", name)], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`bench/${name} crashed (exit ${run.status ?? run.signal})`);
    crashed = true;
  }
}
process.exit(crashed ? 1 : 0);
