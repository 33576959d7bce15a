/**
 * How fast are the exact odds, and how much faster than simulating? Run with `npm run bench`.
 * Prints median time per successProbability call for pools 1–20D × Ob 1–10, plain and Magic, the speed-up over a
 * 100,000-roll simulation of the same plan, and a PASS/FAIL line against the 20 µs target for pools up to 30D.
 * A measure, not a test: it exits 0 whatever it finds.
 */
import { successProbability, successProbabilityWithFate, type TestPlan } from "../src/rules";
import { mulberry32 } from "../tests/support/seeded-random";

const TARGET_US = 20;
const SIM_SAMPLES = 100_000;
let sink = 0; // keeps the optimiser from dropping calls whose results are unused


/** Median of `rounds` timings of `batch` calls, per call, in nanoseconds. */
function medianNs(fn: () => number, batch: number, rounds: number): number {
  for (let i = 0; i < batch; i++) sink += fn(); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink += fn();
    times.push(Number(process.hrtime.bigint() - t0) / batch);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Time, in nanoseconds, to estimate the plan's chance from SIM_SAMPLES simulated rolls. */
function simulationNs(plan: TestPlan, seed: number): number {
  const random = mulberry32(seed);
  const t0 = process.hrtime.bigint();
  let passed = 0;
  for (let s = 0; s < SIM_SAMPLES; s++) {
    let pending = plan.dice;
    let hits = 0;
    while (pending > 0) {
      pending--;
      const face = 1 + Math.floor(random() * 6);
      if (face >= 4) hits++;
      if (face === 6 && plan.explode) pending++;
    }
    if (hits >= plan.ob) passed++;
  }
  sink += passed / SIM_SAMPLES;
  return Number(process.hrtime.bigint() - t0);
}

const plan = (dice: number, ob: number, explode: boolean): TestPlan => ({ dice, ob, untrained: false, explode });
const pad = (s: string, n: number): string => s.padStart(n);
const fmtNs = (ns: number): string => (ns < 1000 ? `${ns.toFixed(0)}ns` : `${(ns / 1000).toFixed(1)}µs`);
const fmtRatio = (r: number): string => (r >= 1e6 ? `${(r / 1e6).toFixed(1)}M` : `${(r / 1e3).toFixed(0)}k`);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const started = Date.now();
console.log(`goldhack odds benchmark (node ${process.version}); ratio = ${SIM_SAMPLES.toLocaleString("en")}-roll simulation time / exact call time\n`);

for (const explode of [false, true]) {
  const callRows: string[] = [];
  const ratioRows: string[] = [];
  const calls: number[] = [];
  const ratios: number[] = [];
  for (let dice = 1; dice <= 20; dice++) {
    const callCells: string[] = [];
    const ratioCells: string[] = [];
    for (let ob = 1; ob <= 10; ob++) {
      const p = plan(dice, ob, explode);
      const ns = medianNs(() => successProbability(p), 2000, 9);
      const ratio = simulationNs(p, dice * 100 + ob) / ns;
      calls.push(ns);
      ratios.push(ratio);
      callCells.push(pad(fmtNs(ns), 8));
      ratioCells.push(pad(fmtRatio(ratio), 8));
    }
    callRows.push(`${pad(`${dice}D`, 4)} ${callCells.join("")}`);
    ratioRows.push(`${pad(`${dice}D`, 4)} ${ratioCells.join("")}`);
  }
  const header = `     ${Array.from({ length: 10 }, (_, i) => pad(`Ob ${i + 1}`, 8)).join("")}`;
  const mode = explode ? "Magic (exploding sixes)" : "plain";
  console.log(`successProbability, ${mode}: median time per call`);
  console.log([header, ...callRows].join("\n"));
  console.log(`\nsuccessProbability, ${mode}: times faster than a ${SIM_SAMPLES.toLocaleString("en")}-roll simulation`);
  console.log([header, ...ratioRows].join("\n"));
  console.log(
    `\n${mode}: median call ${fmtNs(median(calls))}, slowest ${fmtNs(Math.max(...calls))}; ` +
      `speed-up median ${fmtRatio(median(ratios))}×, least ${fmtRatio(Math.min(...ratios))}×\n`,
  );
}

// The target: every pool up to 30D, Ob up to 30 (an untrained Ob 15 doubles to 30), plain and Magic, and with Fate.
let worst = { ns: 0, what: "" };
for (const explode of [false, true]) {
  for (let dice = 1; dice <= 30; dice++) {
    for (let ob = 1; ob <= 30; ob++) {
      const p = plan(dice, ob, explode);
      for (const [name, fn] of [
        ["successProbability", () => successProbability(p)],
        ["successProbabilityWithFate", () => successProbabilityWithFate(p)],
      ] as const) {
        const ns = medianNs(fn, 200, 7);
        if (ns > worst.ns) worst = { ns, what: `${name} ${dice}D Ob ${ob}${explode ? " Magic" : ""}` };
      }
    }
  }
}
const verdict = worst.ns < TARGET_US * 1000 ? "PASS" : "FAIL";
console.log(
  `Target < ${TARGET_US} µs median per call, pools 1–30D × Ob 1–30, plain and Magic, with and without Fate: ` +
    `${verdict} (slowest median ${fmtNs(worst.ns)}: ${worst.what})`,
);
console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. (checksum ${sink.toFixed(3)})`);
