/**
 * How long does a big world take to prepare on load? Run with `npm run bench`.
 * Builds every actor as Foundry does when a world loads: the document from its stored source (our data models'
 * migrateData, cleaning and validation), its 50 embedded Items likewise, then prepareData (base data, every
 * Item's, derived data with its clamps). Sources mix characters and NPCs, and one in four is an old (version 0)
 * source the migrations rewrite. Runs on the Foundry stand-in (tests/foundry). The floor is the same stand-in loading
 * the same world with our preparation switched off (bench/floors/world-floor.ts), timed in turn with ours; our share
 * is ours − floor, judged against the floor itself (share ÷ floor ≤ 1). Also prints the per-actor cost at 100 and at
 * 1,000 actors (linear: ratio under 1.3) and, unjudged, a CPU profile's self time of functions under src/. The
 * stand-in is no measure of Foundry's own speed. A measure: it exits 0.
 */
import { Session } from "node:inspector/promises";
import { installGoldHack } from "../tests/foundry/documents";
import type { PlainObject } from "../tests/foundry/fields";
import { cpuUs } from "./cpu-time";
import { ITEMS, loadFloor, loadOurs as load, source } from "./floors/world-floor";
import { interleave, verdictLine } from "./judge";

/** Our share (ours − floor) at most the floor itself. */
const TARGET_SHARE = 1;
const PAIRS = Number(process.env.PAIRS ?? 15);
const RATIO = 1.3;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
await installGoldHack();

let sink = 0;
/** CPU µs per actor of loading fresh copies of `sources` with `loader` (copies made untimed: stored sources are fresh JSON on each load). */
function loadUs(sources: readonly PlainObject[], loader: (s: PlainObject) => { items: { size: number } }): number {
  const batch = sources.map((s) => structuredClone(s));
  return cpuUs(() => {
    for (const s of batch) sink += loader(s).items.size;
  }) / sources.length;
}

function perActorUs(count: number): number {
  const sources = Array.from({ length: count }, (_, n) => source(n));
  loadUs(sources.slice(0, 50), load); // warm-up
  const times = Array.from({ length: ROUNDS }, () => loadUs(sources, load)).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Our share of one load of `count` actors: self time of sampled frames in src/, per actor, in µs (and the profile's total). */
async function ourShareUs(count: number): Promise<{ ours: number; total: number; top: string[] }> {
  const sources = Array.from({ length: count }, (_, n) => structuredClone(source(n)));
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
  await session.post("Profiler.start");
  for (const s of sources) sink += load(s).items.size;
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const bySrc = new Map<string, number>();
  let ours = 0;
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const dt = profile.timeDeltas?.[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") return;
    total += dt;
    const at = frame.url.indexOf("/src/");
    if (at < 0 || frame.url.includes("/node_modules/")) return;
    ours += dt;
    const where = `${frame.url.slice(at + 1)} ${frame.functionName || "(anonymous)"}`;
    bySrc.set(where, (bySrc.get(where) ?? 0) + dt);
  });
  const top = [...bySrc].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([where, dt]) => `${where}: ${(dt / count).toFixed(1)} µs`);
  return { ours: ours / count, total: total / count, top };
}

console.log(`world preparation on the stand-in: actors with ${ITEMS} Items each (node ${process.version}), CPU time per actor`);
// The judged figure: 300 actors loaded ours, then the same 300 with our preparation off (the floor), in turn.
const world = Array.from({ length: 300 }, (_, n) => source(n));
const pairs = await interleave(PAIRS, () => loadUs(world, load), () => loadUs(world, loadFloor));
console.log(verdictLine({ name: `world preparation, 300 actors × ${ITEMS} Items, per actor`, unit: "µs", judge: "share", target: TARGET_SHARE, pairs }));
const small = perActorUs(100);
const big = perActorUs(1000);
const ratio = big / small;
console.log(`  linearity: 100 actors ${small.toFixed(1)} µs per actor, 1,000 actors ${big.toFixed(1)} µs per actor (${ROUNDS} loads each)`);
const share = await ourShareUs(1000);
console.log(`  of ours, code under src/ itself (CPU profile of one load of 1,000 actors, not judged): ${share.ours.toFixed(1)} µs per actor of ${share.total.toFixed(1)} µs sampled; the rest is the stand-in's documents and fields (cleaning, validation) that our data models ask for, and the garbage collector`);
for (const line of share.top) console.log(`    ${line}`);
console.log(`${ratio < RATIO ? "PASS" : "FAIL"} world preparation is linear: per-actor cost at 1,000 / at 100 = ${ratio.toFixed(2)} (target < ${RATIO})`);
if (sink < 0) console.log(sink);
