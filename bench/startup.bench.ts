/**
 * How long does our part of Foundry's startup take? Run with `npm run bench`.
 * On the Foundry stand-ins (tests/foundry) with a world of 100 characters (20 Items each) and 200 chat messages:
 * imports the system (untimed: the browser's module loading is the size bench's business), then times our `init`,
 * `i18nInit`, `setup` and `ready` hook work, each awaited until its promises settle. Each run is a fresh process
 * (startup runs once, cold, with no warm JIT), so the figure is the median over a few processes. Prints each
 * hook's time and PASS/FAIL against the 20 ms target for the three together. A measure: it exits 0.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { StandInActor, StandInItem } from "../tests/foundry/documents";

const TARGET_MS = 20;
const RUNS = 5;
const HOOKS = ["init", "i18nInit", "setup", "ready"] as const;

async function once(): Promise<Record<string, number>> {
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
  const { onInit } = await import("../src/hooks/init");
  env.hooks.once("init", onInit);
  // Every module our hooks may reach, loaded before timing (the browser has it parsed by then too).
  await Promise.all([import("../src/session/session-api"), import("../src/history/deleted-documents")]);
  const times: Record<string, number> = {};
  for (const hook of HOOKS) {
    if (hook === "setup") {
      // The world's documents exist by setup (Foundry builds them between init and setup): made untimed.
      // As on load, documents are built from their sources: no creation hooks fire.
      const Actor = state.config.Actor.documentClass as unknown as typeof StandInActor;
      const Item = state.config.Item.documentClass as unknown as typeof StandInItem;
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
    const t0 = performance.now();
    env.hooks.callAll(hook);
    await new Promise((resolve) => setImmediate(resolve)); // the hooks' promise chains settle (microtasks), no timer wait
    times[hook] = performance.now() - t0;
  }
  return times;
}

if (process.argv[2] === "--once") {
  const log = console.log;
  console.log = () => undefined; // our init's greeting
  const times = await once();
  log(JSON.stringify(times));
} else {
  const self = fileURLToPath(import.meta.url);
  const runs: Record<string, number>[] = [];
  for (let r = 0; r < RUNS; r++) {
    const run = spawnSync(process.execPath, ["--import", "tsx", self, "--once"], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`startup run failed:\n${run.stderr}`);
    runs.push(JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, number>);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(`startup on the stand-in: our hook work, 100 characters × 20 Items and 200 messages, median of ${RUNS} fresh processes`);
  for (const hook of HOOKS) console.log(`  ${hook.padEnd(9)} median ${median(runs.map((t) => t[hook] ?? Number.NaN)).toFixed(2)} ms`);
  const total = median(runs.map((t) => HOOKS.reduce((sum, h) => sum + (t[h] ?? 0), 0)));
  console.log(`${total < TARGET_MS ? "PASS" : "FAIL"} startup: init + i18nInit + setup + ready median ${total.toFixed(2)} ms (target < ${TARGET_MS} ms)`);
}
