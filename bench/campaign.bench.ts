/**
 * Writing the campaign log's page for a session of 300 Tests, our GM-side work (issue 31): building the page
 * from the kept session (`sessionPageOf`: the cards still in the chat log looked up, the text in the GM's
 * language) and writing it (`writeLogPage`: finding the journal and whether the page exists, creating it) on
 * the Foundry stand-in. Target: under 50 ms median, our CPU time. Its floor (bench/floors/log-floor.ts), timed in
 * turn with it (A, B, A, B…): the same page text built by the pure `campaignLogPage` from the records already
 * collected, with no document read or write; the ratio is printed beside it. The stand-in's document writes are
 * no measure of Foundry's own (a live server adds its round trip, which is not our work). A measure: it exits 0.
 */
import { createActor, installGoldHack } from "../tests/foundry/documents";
import { BENCH_TESTS, benchSession, floorLogPage } from "./floors/log-floor";
import { interleave, spread } from "./judge";

const TARGET_MS = 50;
const PAIRS = Number(process.env.PAIRS ?? 31);

await installGoldHack();
const actors = await Promise.all(Array.from({ length: 6 }, (_, i) => createActor({ name: `Character ${i + 1}`, type: "character", system: {} })));
const { sessionPageOf, writeLogPage } = await import("../src/campaign/log-write");
const { gameI18n } = await import("../src/i18n/i18n");
// The cards of the session: 300 Tests and 10 group Tests, all still in the chat log.
const ChatMessage = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }).ChatMessage;
const ids: string[] = [];
for (let n = 0; n < BENCH_TESTS + 10; n++) ids.push((await ChatMessage.create({ content: `card ${n}` })).id);
const session = benchSession((i) => actors[i]?.uuid ?? "", (n) => ids[n] ?? "");
const present = new Set(ids);

let round = 0;
let sink = 0;
async function cpuMs(work: () => Promise<void> | void): Promise<number> {
  const c0 = process.cpuUsage();
  await work();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}
const ours = (): Promise<number> =>
  cpuMs(async () => {
    const uuid = await writeLogPage(`session:bench-${round++}`, sessionPageOf(session, null));
    sink += uuid.length;
  });
const floor = (): Promise<number> =>
  cpuMs(() => {
    sink += floorLogPage({ session, rewards: [], messagesPresent: present, lang: game.i18n?.lang ?? "en" }, gameI18n()).content.length;
  });

console.log(`campaign log page: a session of ${BENCH_TESTS} Tests, 10 group Tests, six characters (node ${process.version}); ours and the floor in turn, CPU time`);
const pairs = await interleave(PAIRS, ours, floor, 3);
const o = spread(pairs.ours);
const f = spread(pairs.floor);
const r = spread(pairs.ours.map((x, i) => x / (pairs.floor[i] ?? Number.NaN)));
const d = (x: number): string => (x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log(
  `${o.median < TARGET_MS ? "PASS" : "FAIL"} campaign log page, ${BENCH_TESTS} Tests: ours ${d(o.median)} ms [${d(o.q1)}–${d(o.q3)}] (target < ${TARGET_MS} ms median); ` +
    `floor ${d(f.median)} ms [${d(f.q1)}–${d(f.q3)}], ratio ${d(r.median)} [${d(r.q1)}–${d(r.q3)}], ${o.n} pairs`,
);
if (sink < 0) console.log(sink);
