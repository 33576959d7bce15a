/**
 * How fast are the exact odds of a big group Test? Run with `npm run bench`.
 * Six participants with 30D pools each (Ob 8), with Fate: groupPassProbability for needed and helpful, and
 * hinderingOdds (one target, five hinderers) for each reading. Each mode is timed in turn with its floor, the same
 * chance by a bare convolution of every pool die by die (bench/floors/group-floor.ts), and judged on ours ÷ floor
 * for the slowest mode (target ≤ 1.5). A measure, not a test: it exits 0 whatever it finds.
 */
import { groupPassProbability, HINDERING_READINGS, hinderingOdds, type TestPlan } from "../src/rules";
import { floorGroupPass, floorHinderingPass } from "./floors/group-floor";
import { cpuPerCallUs } from "./cpu-time";
import { interleaveSync, type Paired, verdictLine, verdictOf } from "./judge";

const TARGET_RATIO = 1.5;
let sink = 0;

const keep = (x: number): void => {
  sink += x;
};

// Varied so that no two plans are identical (a cache keyed on the plan would otherwise flatter the figure).
const plans: TestPlan[] = Array.from({ length: 6 }, (_, i) => ({ dice: 30, ob: 8 + i, untrained: false, explode: i % 2 === 1 }));
const [target, ...hinderers] = plans as [TestPlan, ...TestPlan[]];
const modes: [string, () => number, () => number][] = [
  ["needed", () => groupPassProbability("needed", plans, { fate: true }), () => floorGroupPass("needed", plans, true)],
  ["helpful", () => groupPassProbability("helpful", plans, { fate: true }), () => floorGroupPass("helpful", plans, true)],
  ...HINDERING_READINGS.map((reading): [string, () => number, () => number] => [
    `hindering (${reading})`,
    () => hinderingOdds(target, hinderers, reading, { fate: true }).pass,
    () => floorHinderingPass(target, hinderers, reading, true),
  ]),
];

console.log(`group odds: six participants, 30D each, Ob 8–13, half Magic, with Fate (node ${process.version}); each mode in turn with its floor, CPU time per call`);
const timed: { mode: string; pairs: Paired; ours: number }[] = [];
for (const [mode, ours, floor] of modes) {
  for (let i = 0; i < 1000; i++) sink += ours() + floor(); // warm-up: past the optimising compiler's tiers
  // A batch of at least ~300 µs of our CPU time, so the clock's µs resolution stays under 1 %.
  const batch = Math.max(10, Math.ceil(300 / Math.max(0.1, cpuPerCallUs(ours, 200, keep))));
  const pairs = interleaveSync(61, () => cpuPerCallUs(ours, batch, keep), () => cpuPerCallUs(floor, batch, keep));
  const v = verdictOf({ name: mode, unit: "µs", judge: "ratio", target: TARGET_RATIO, pairs });
  timed.push({ mode, pairs, ours: v.ours.median });
  console.log(`  ${mode.padEnd(24)} ours ${v.ours.median.toFixed(2)} µs, floor ${v.floor.median.toFixed(2)} µs, ratio ${v.value.median.toFixed(2)}`);
}
const slowest = timed.sort((a, b) => b.ours - a.ours)[0];
if (!slowest) throw new Error("no group mode was timed");
console.log(verdictLine({ name: `group odds, slowest mode (${slowest.mode})`, unit: "µs", judge: "ratio", target: TARGET_RATIO, pairs: slowest.pairs }));
if (sink < 0) console.log(sink);
