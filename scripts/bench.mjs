#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts through tsx, then repeats every judged line (PASS/FAIL: ours, floor,
// ratio, target; see bench/judge.ts) in one closing list. Benchmarks measure, they do not judge: a slow result
// prints FAIL but this still exits 0; only a crash exits non-zero.
// `npm run bench -- world scale` runs only the benches named (bench/world.bench.ts, bench/scale.bench.ts);
// `npm run bench -- scale:chat` runs only the figures of a bench whose name holds that word (BENCH_FIGURES,
// read by the benches that time several figures: scale.bench.ts's chat, keystroke, sheet).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const asked = process.argv.slice(2).map((arg) => arg.split(":"));
const benches = readdirSync(join(root, "bench"))
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => asked.length === 0 || asked.some(([bench]) => name === `${bench}.bench.ts`))
  .sort();
if (benches.length === 0) {
  console.error(`no bench named ${process.argv.slice(2).join(", ")} in bench/`);
  process.exit(1);
}
/** The figures asked of one bench (`scale:chat,sheet`), or "" for all of them. */
const figuresOf = (name) => asked.find(([bench, figures]) => name === `${bench}.bench.ts` && figures)?.[1] ?? "";

/** Runs one bench, its output shown as it comes; resolves with its exit status and the lines it printed. */
function run(name) {
  return new Promise((resolve) => {
    const env = { ...process.env, BENCH_FIGURES: figuresOf(name) };
    const child = spawn(process.execPath, ["--import", "tsx", join("bench", name)], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
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
