/**
 * How long does our part of Foundry's startup take? Run with `npm run bench`.
 * On the Foundry stand-ins (tests/foundry) with a world of 100 characters (20 Items each) and 200 chat messages:
 * imports the system (untimed: the browser's module loading is the size bench's business), then times our `init`,
 * `i18nInit`, `setup` and `ready` hook work, each awaited until its promises settle. Each run is a fresh process
 * (startup runs once, cold, with no warm JIT), so the figure is the median over a few processes. Prints each
 * hook's time. The floor is an empty system's init to ready on the same stand-in and the same world (no hooks of
 * ours, documents without our data models), in fresh processes in turn with ours; judged: ours − floor < 20 ms,
 * in CPU time (wall time beside it). A measure: it exits 0.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { StandInActor, StandInItem } from "../tests/foundry/documents";
import { interleave, verdictLine } from "./judge";

const TARGET_MS = 20;
/** Fresh processes of each, in turn: cold starts vary with what else the machine runs, so enough for a steady median. */
const RUNS = Number(process.env.RUNS ?? 11);
const HOOKS = ["init", "i18nInit", "setup", "ready"] as const;

/** One cold startup; `empty`: the floor, an empty system (no hooks of ours, our preparation off), on the same world. */
async function once(empty: boolean): Promise<{ cpu: Record<string, number>; wall: Record<string, number> }> {
  await import("../tests/foundry/dom-env");
  const Handlebars = (await import("handlebars")).default;
  const { installApplications } = await import("../tests/foundry/applications");
  const { installChatSupport, installDice } = await import("../tests/foundry/dice");
  const { installFoundry, state } = await import("../tests/foundry/documents");
  const { installSettings } = await import("../tests/foundry/request-env");
  const { installSocket } = await import("../tests/foundry/socket");
  const env = installFoundry();
  installDice();
  await installChatSupport("en");
  installSettings();
  installSocket();
  installApplications();
  Object.assign(globalThis, { Handlebars: Handlebars.create() });
  // What src/goldhack.ts does (it also imports the stylesheet, which Node cannot): init runs onInit.
  if (!empty) {
    const { onInit } = await import("../src/hooks/init");
    env.hooks.once("init", onInit);
    // Every module our hooks may reach, loaded before timing (the browser has it parsed by then too).
    await Promise.all([import("../src/session/session-api"), import("../src/history/deleted-documents")]);
  }
  const { BareActor, BareItem } = await import("./floors/world-floor");
  const cpu: Record<string, number> = {};
  const wall: Record<string, number> = {};
  for (const hook of HOOKS) {
    if (hook === "setup") {
      // The world's documents exist by setup (Foundry builds them between init and setup): made untimed.
      // As on load, documents are built from their sources: no creation hooks fire.
      // An empty system has no data models of its own: its documents keep their stored `system` (world-floor.ts).
      const Actor = empty ? BareActor : (state.config.Actor.documentClass as unknown as typeof StandInActor);
      const Item = empty ? BareItem : (state.config.Item.documentClass as unknown as typeof StandInItem);
      for (let n = 0; n < 100; n++) {
        const actor = new Actor({ name: `Actor ${n}`, type: "character", system: { age: "adult" } });
        for (let i = 0; i < 20; i++) {
          const item = new Item({ name: `Skill ${i}`, type: "skill", system: { skillType: "fight", rating: 2 } }, { parent: actor });
          actor.items.set(item.id, item);
        }
        actor.prepareData();
        state.actors.set(actor.id, actor);
      }
      for (let m = 0; m < 200; m++) state.messages.set(`m${String(m).padStart(15, "0")}`, new (globalThis as unknown as { ChatMessage: new (d: object) => never }).ChatMessage({ _id: `m${String(m).padStart(15, "0")}`, content: `<p>${m}</p>` }));
    }
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    env.hooks.callAll(hook);
    await new Promise((resolve) => setImmediate(resolve)); // the hooks' promise chains settle (microtasks), no timer wait
    wall[hook] = performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpu[hook] = (c.user + c.system) / 1000;
  }
  return { cpu, wall };
}

if (process.argv[2] === "--once") {
  const log = console.log;
  console.log = () => undefined; // our init's greeting
  const times = await once(process.argv[3] === "empty");
  log(JSON.stringify(times));
} else {
  const self = fileURLToPath(import.meta.url);
  type Run = { cpu: Record<string, number>; wall: Record<string, number> };
  const run = (empty: boolean): Run => {
    const child = spawnSync(process.execPath, ["--import", "tsx", self, "--once", empty ? "empty" : "ours"], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`startup run failed:\n${child.stderr}`);
    return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as Run;
  };
  const total = (t: Record<string, number>): number => HOOKS.reduce((sum, h) => sum + (t[h] ?? 0), 0);
  const ours: Run[] = [];
  const floor: Run[] = [];
  // Fresh processes, ours and the empty system's in turn (startup runs once, cold).
  const timed = (empty: boolean, into: Run[]) => (): number => {
    const times = run(empty);
    into.push(times);
    return total(times.cpu);
  };
  const pairs = await interleave(RUNS, timed(false, ours), timed(true, floor), 0);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(`startup on the stand-in: init + i18nInit + setup + ready, 100 characters × 20 Items and 200 messages, ${RUNS} fresh processes of ours and ${RUNS} of an empty system in turn, CPU time`);
  for (const hook of HOOKS) {
    console.log(`  ${hook.padEnd(9)} ours median ${median(ours.map((t) => t.cpu[hook] ?? Number.NaN)).toFixed(2)} ms CPU (wall ${median(ours.map((t) => t.wall[hook] ?? Number.NaN)).toFixed(2)}), empty system ${median(floor.map((t) => t.cpu[hook] ?? Number.NaN)).toFixed(2)} ms CPU`);
  }
  console.log(verdictLine({ name: "startup work, ours beyond an empty system's", unit: "ms", judge: "difference", target: TARGET_MS, pairs }));
}
