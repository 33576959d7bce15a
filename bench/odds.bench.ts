/**
 * How fast are the exact odds, and how much faster than simulating? Run with `npm run bench`.
 * Prints median time per successProbability call for pools 1–20D × Ob 1–10, plain and Magic, the speed-up over a
 * 100,000-roll simulation of the same plan (not judged), then judges our slowest case of pools up to 30D against its
 * floor, a bare convolution of the same size timed in turn with it (bench/judge.ts): ratio ≤ 1.5.
 * A measure, not a test: it exits 0 whatever it finds.
 */
import { successProbability, successProbabilityWithFate, type TestPlan } from "../src/rules";
import { mulberry32 } from "../tests/support/seeded-random";
import { floorPassProbability } from "./floors/convolution";
import { cpuPerCallUs } from "./cpu-time";
import { interleaveSync, verdictLine, verdictOf } from "./judge";

const TARGET_RATIO = 1.5;
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

const keep = (x: number): void => {
  sink += x;
};

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

// The judged figure: every pool up to 30D, Ob up to 30 (an untrained Ob 15 doubles to 30), plain and Magic, with and
// without Fate. First a scan for our slowest cases, then those few timed against the floor (a bare convolution of the
// same pool and Ob, bench/floors/convolution.ts), ours and floor in turn, and judged on the slowest.
type Case = { name: string; ours: () => number; floor: () => number };
const cases: Case[] = [];
for (const explode of [false, true]) {
  for (let dice = 1; dice <= 30; dice++) {
    for (let ob = 1; ob <= 30; ob++) {
      const p = plan(dice, ob, explode);
      const where = `${dice}D Ob ${ob}${explode ? " Magic" : ""}`;
      cases.push({ name: `successProbability ${where}`, ours: () => successProbability(p), floor: () => floorPassProbability(dice, ob, explode) });
      cases.push({ name: `successProbabilityWithFate ${where}`, ours: () => successProbabilityWithFate(p), floor: () => floorPassProbability(dice, ob, explode, true) });
    }
  }
}
// CPU time (bench/cpu-time.ts): on a loaded machine the wall clock would pick the cases the scheduler interrupted.
const scanned = cases.map((c) => ({ c, ns: median(Array.from({ length: 5 }, () => cpuPerCallUs(c.ours, 200, keep))) })).sort((a, b) => b.ns - a.ns);
const BATCH = 400;
const judged = scanned.slice(0, 3).map(({ c }) => {
  const pairs = interleaveSync(61, () => cpuPerCallUs(c.ours, BATCH, keep), () => cpuPerCallUs(c.floor, BATCH, keep), 5);
  return { c, pairs, v: verdictOf({ name: c.name, unit: "µs", judge: "ratio", target: TARGET_RATIO, pairs }) };
});
judged.sort((a, b) => b.v.ours.median - a.v.ours.median);
console.log(`Our three slowest of ${cases.length} cases (pools 1–30D × Ob 1–30, plain and Magic, with and without Fate), each against a bare convolution of the same size, CPU time per call:`);
for (const j of judged) console.log(`  ${j.c.name}: ours ${fmtNs(j.v.ours.median * 1000)}, floor ${fmtNs(j.v.floor.median * 1000)}, ratio ${j.v.value.median.toFixed(2)}`);
const slowest = judged[0];
if (!slowest) throw new Error("no odds case was timed");
console.log(verdictLine({ name: `odds, slowest case (${slowest.c.name})`, unit: "µs", judge: "ratio", target: TARGET_RATIO, pairs: slowest.pairs }, slowest.v));
console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. (checksum ${sink.toFixed(3)})`);
