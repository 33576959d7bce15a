/**
 * How fast are the exact odds of a big group Test? Run with `npm run bench`.
 * Six participants with 30D pools each (Ob 8), with Fate: groupPassProbability for needed and helpful, and
 * hinderingOdds (one target, five hinderers) for each reading. Prints the median per call of each mode with
 * PASS/FAIL against the 50 µs target. A measure, not a test: it exits 0 whatever it finds.
 */
import { groupPassProbability, HINDERING_READINGS, hinderingOdds, type TestPlan } from "../src/rules";

const TARGET_US = 50;
let sink = 0;

/**
 * Median per call, in µs, of `rounds` batches: wall-clock time, and this process's CPU time (user + system), which
 * on a shared machine leaves out the time the scheduler gave to other processes.
 */
function medianUs(fn: () => number, batch: number, rounds: number): { wall: number; cpu: number } {
  for (let i = 0; i < 20 * batch; i++) sink += fn(); // warm-up: past the optimising compiler's tiers
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink += fn();
    wall.push(Number(process.hrtime.bigint() - t0) / batch / 1000);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / batch);
  }
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  return { wall: median(wall), cpu: median(cpu) };
}

// Varied so that no two plans are identical (a cache keyed on the plan would otherwise flatter the figure).
const plans: TestPlan[] = Array.from({ length: 6 }, (_, i) => ({ dice: 30, ob: 8 + i, untrained: false, explode: i % 2 === 1 }));
const [target, ...hinderers] = plans as [TestPlan, ...TestPlan[]];
const modes: [string, () => number][] = [
  ["needed", () => groupPassProbability("needed", plans, { fate: true })],
  ["helpful", () => groupPassProbability("helpful", plans, { fate: true })],
  ...HINDERING_READINGS.map((reading): [string, () => number] => [`hindering (${reading})`, () => hinderingOdds(target, hinderers, reading, { fate: true }).pass]),
];

console.log(`group odds: six participants, 30D each, Ob 8–13, half Magic, with Fate (node ${process.version})`);
let worst = { us: 0, mode: "" };
for (const [mode, fn] of modes) {
  const { wall, cpu } = medianUs(fn, 50, 15);
  if (wall > worst.us) worst = { us: wall, mode };
  console.log(`  ${mode.padEnd(24)} median ${wall.toFixed(2)} µs per call (CPU ${cpu.toFixed(2)} µs)  ${wall < TARGET_US ? "PASS" : "FAIL"}`);
}
console.log(`${worst.us < TARGET_US ? "PASS" : "FAIL"} group odds: slowest mode ${worst.mode} median ${worst.us.toFixed(2)} µs (target < ${TARGET_US} µs)`);
if (sink < 0) console.log(sink);
