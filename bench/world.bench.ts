/**
 * How long does a big world take to prepare on load? Run with `npm run bench`.
 * Builds every actor as Foundry does when a world loads: the document from its stored source (our data models'
 * migrateData, cleaning and validation), its 50 embedded Items likewise, then prepareData (base data, every
 * Item's, derived data with its clamps). Sources mix characters and NPCs, and one in four is an old (version 0)
 * source the migrations rewrite. Runs on the Foundry stand-in (tests/foundry): its own share (cloning, field
 * cleaning, validation) is counted in the total, and a CPU profile of one more load (node:inspector) splits out our
 * share: the self time of functions under src/ (data models, migrations, documents). Prints the median per actor at
 * 100 and at 1,000 actors, the ratio (linear: under 1.3), and PASS/FAIL of our share against the 100 µs per actor
 * target (the stand-in is no measure of Foundry's own speed). A measure: it exits 0.
 */
import { Session } from "node:inspector/promises";
import { installGoldHack, state, type StandInActor, type StandInItem } from "../tests/foundry/documents";
import type { PlainObject } from "../tests/foundry/fields";

const TARGET_US = 100;
const RATIO = 1.3;
const ITEMS = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const SKILL_TYPES = ["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive"];
const AGES = ["child", "young", "adult", "elder"];

/** One stored actor: 35 Skills, 8 Traits, 5 Fallout, 2 Lifepaths (NPCs: Skills and Traits). Every fourth is old. */
function source(n: number): PlainObject {
  const old = n % 4 === 3;
  const npc = n % 5 === 4;
  const items: PlainObject[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const id = `i${String(n).padStart(5, "0")}${String(i).padStart(3, "0")}`.slice(0, 16).padEnd(16, "x");
    if (i < 35 || (npc && i >= 43)) items.push({ _id: id, name: `Skill ${i}`, type: "skill", system: { skillType: SKILL_TYPES[i % 8], rating: i % 6, ...(old ? {} : { schemaVersion: 1 }) } });
    else if (i < 43) items.push({ _id: id, name: `Trait ${i}`, type: "trait", system: { description: `<p>Trait ${i}</p>` } });
    else if (i < 48) items.push({ _id: id, name: `Fallout ${i}`, type: "fallout", system: { rating: 1 + (i % 3) } });
    else items.push({ _id: id, name: `Lifepath ${i}`, type: "lifepath", system: {} });
  }
  const system = npc ? {} : { age: AGES[n % 4], fate: { value: 9 }, persona: { value: n % 5 }, drives: { belief: "B", goal: "G", instinct: "I" } };
  return { _id: `a${String(n).padStart(15, "0")}`, name: `Actor ${n}`, type: npc ? "npc" : "character", system: old ? system : { ...system, schemaVersion: 1 }, items };
}

await installGoldHack();
const ActorClass = state.config.Actor.documentClass as unknown as typeof StandInActor;
const ItemClass = state.config.Item.documentClass as unknown as typeof StandInItem;

/** Foundry's load of one actor: construct from source, embedded Items with it as parent, then prepare. */
function load(data: PlainObject): StandInActor {
  const { items, ...rest } = data;
  const actor = new ActorClass(rest);
  for (const entry of items as PlainObject[]) {
    const item = new ItemClass(entry, { parent: actor });
    actor.items.set(item.id, item);
  }
  actor.prepareData();
  return actor;
}

let sink = 0;
function perActorUs(count: number): number {
  const sources = Array.from({ length: count }, (_, n) => source(n));
  for (const s of sources.slice(0, 50)) sink += load(structuredClone(s)).items.size; // warm-up
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const batch = sources.map((s) => structuredClone(s)); // stored sources are fresh JSON on each load
    const t0 = process.hrtime.bigint();
    for (const s of batch) sink += load(s).items.size;
    times.push(Number(process.hrtime.bigint() - t0) / count / 1000);
  }
  times.sort((a, b) => a - b);
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

console.log(`world preparation on the stand-in: actors with ${ITEMS} Items each, ${ROUNDS} loads (node ${process.version})`);
const small = perActorUs(100);
const big = perActorUs(1000);
const ratio = big / small;
console.log(`  100 actors:   median ${small.toFixed(1)} µs per actor`);
console.log(`  1,000 actors: median ${big.toFixed(1)} µs per actor (${(big * 1000 / 1000).toFixed(1)} ms in all)`);
const share = await ourShareUs(1000);
console.log(`  of which our code (src/, CPU profile of one load of 1,000 actors): ${share.ours.toFixed(1)} µs per actor of ${share.total.toFixed(1)} µs sampled; the rest is the stand-in and the garbage collector`);
for (const line of share.top) console.log(`    ${line}`);
console.log(`${share.ours < TARGET_US ? "PASS" : "FAIL"} world preparation, our share: 1,000 actors × ${ITEMS} Items, ${share.ours.toFixed(1)} µs per actor (target < ${TARGET_US} µs; whole load on the stand-in ${big.toFixed(0)} µs)`);
console.log(`${ratio < RATIO ? "PASS" : "FAIL"} world preparation is linear: per-actor cost at 1,000 / at 100 = ${ratio.toFixed(2)} (target < ${RATIO})`);
if (sink < 0) console.log(sink);
