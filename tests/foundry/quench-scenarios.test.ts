/**
 * The in-world Quench scenarios (src/quench/scenarios.ts), run here against the stand-ins: the same
 * functions the batch runs in a live world, so the batch is not dead code. The world is the request
 * world (documents, dice, chat, settings, socket, our registrations) plus the example character pack.
 */
import "./dom-env";
import { readFileSync, readdirSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { QuenchApi, QuenchContext } from "../../src/quench/batch";
import type { ScenarioAssert } from "../../src/quench/scenarios";
import { chatMessages, type FoundryEnv } from "./documents";
import { StandInCollection } from "./documents-core";
import { installRequestWorld, settle } from "./request-env";

type Source = { _id: string; name: string; type: string } & Record<string, unknown>;

/**
 * A CompendiumCollection of Actors read from packs/_source: its index, and getDocument whose
 * toObject() is the stored source with its embedded Items (as Foundry's Document#toObject is). The
 * document is not in the world, as a compendium document is not.
 */
function actorPack(dir: string): unknown {
  const sources = readdirSync(new URL(`../../packs/_source/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(new URL(`../../packs/_source/${dir}/${f}`, import.meta.url), "utf8")) as Source);
  return {
    collection: `goldhack.${dir}`,
    documentName: "Actor",
    getIndex: async () => new StandInCollection(sources.map((s) => [s._id, { id: s._id, _id: s._id, name: s.name, type: s.type }] as const)),
    getDocument: async (id: string) => {
      const source = sources.find((s) => s._id === id);
      return source ? { id, name: source.name, toObject: () => structuredClone(source) } : null;
    },
  };
}

/** vitest's expect behind the scenarios' small assert interface, recording every check made. */
function recordingAssert(checks: string[]): ScenarioAssert {
  return {
    ok: (value, message) => {
      checks.push(message ?? "ok");
      expect(value, message).toBeTruthy();
    },
    equal: (actual, expected, message) => {
      checks.push(message ?? "equal");
      expect(actual, message).toBe(expected);
    },
  };
}

let env: FoundryEnv;
/** Quench's own hook, which the core hook typings do not know. */
const callHook = (name: string, ...args: unknown[]): void => void (Hooks as unknown as { callAll(n: string, ...a: unknown[]): void }).callAll(name, ...args);
// Loaded after the stand-ins are installed: the system's modules read Foundry's globals as they load.
let MADE_PREFIX: string;
let SCENARIOS: typeof import("../../src/quench/scenarios").SCENARIOS;
let ScenarioRun: typeof import("../../src/quench/scenarios").ScenarioRun;

beforeEach(async () => {
  ({ env } = await installRequestWorld("en"));
  const g = globalThis as unknown as { game: Record<string, unknown> };
  g.game.packs = new Map([["goldhack.characters-en", actorPack("characters-en")]]);
  env.setUser(env.gm);
  ({ MADE_PREFIX, SCENARIOS, ScenarioRun } = await import("../../src/quench/scenarios"));
});

describe("the in-world scenarios on the stand-ins", () => {
  it("import a character, roll, spend Fate, take Fallout and answer a request, then delete all they made", async () => {
    const before = { actors: game.actors?.size ?? 0, messages: chatMessages().length };
    const run = new ScenarioRun();
    const checks: string[] = [];
    await run.start();
    try {
      for (const scenario of SCENARIOS) {
        await scenario.run(run, recordingAssert(checks));
        await settle();
      }
      // What the run made is in the world until cleanup.
      const actor = run.need();
      expect(actor.name.startsWith(MADE_PREFIX)).toBe(true);
      expect(actor.items.filter((i) => i.type === "fallout")).toHaveLength(1);
      expect(chatMessages().length).toBeGreaterThanOrEqual(before.messages + 3);
    } finally {
      await run.cleanup();
    }
    expect(checks).toContain("Fate exploded the six");
    expect(checks).toContain("the request card is marked answered");
    expect(game.actors?.size ?? 0).toBe(before.actors);
    expect(chatMessages()).toHaveLength(before.messages);
  });

  it("cleans up after a failing scenario, and leaves the dice as they were", async () => {
    const random = CONFIG.Dice.randomUniform;
    const run = new ScenarioRun();
    await run.start();
    const failing: ScenarioAssert = { ok: (v, m) => expect(v, m).toBeTruthy(), equal: () => { throw new Error("a check failed"); } };
    await SCENARIOS[0]?.run(run, recordingAssert([]));
    await expect(SCENARIOS[1]?.run(run, failing)).rejects.toThrow("a check failed");
    await run.cleanup();
    expect(game.actors?.size ?? 0).toBe(0);
    expect(chatMessages()).toHaveLength(0);
    expect(CONFIG.Dice.randomUniform).toBe(random);
  });

  it("fails a scenario whose system behaviour is wrong (a Fallout that never arrives)", async () => {
    const run = new ScenarioRun();
    await run.start();
    try {
      await SCENARIOS[0]?.run(run, recordingAssert([]));
      const actor = run.need();
      // Break the system: accepting Fallout no longer creates the item.
      Object.assign(actor, { takeFallout: async () => null });
      await expect(SCENARIOS[1]?.run(run, recordingAssert([]))).rejects.toThrow(/accepted|Fallout/);
    } finally {
      await run.cleanup();
    }
  });
});

describe("the Quench batch", () => {
  it("is registered on quenchReady only when the Quench module is active, and runs the scenarios", async () => {
    const g = globalThis as unknown as { game: Record<string, unknown> };
    const { registerQuench, QUENCH_BATCH } = await import("../../src/quench/register");
    const batches: { key: string; body: (context: QuenchContext) => void; options?: { displayName?: string } }[] = [];
    const quench: QuenchApi = { registerBatch: (key, body, options) => void batches.push({ key, body, ...(options ? { options } : {}) }) };

    g.game.modules = new Map([["quench", { id: "quench", active: false }]]);
    registerQuench();
    callHook("quenchReady", quench);
    await settle();
    expect(batches).toHaveLength(0);

    g.game.modules = new Map([["quench", { id: "quench", active: true }]]);
    registerQuench();
    callHook("quenchReady", quench);
    // Registered before the hook returns: a Quench that runs its batches right after quenchReady finds it.
    expect(batches.map((b) => b.key)).toEqual([QUENCH_BATCH]);

    // Run the batch body with a tiny Mocha: before, every it in order, then after even on failure.
    const tests: { title: string; body: () => Promise<void> }[] = [];
    const hooks: { before: (() => Promise<void>)[]; after: (() => Promise<void>)[] } = { before: [], after: [] };
    const checks: string[] = [];
    batches[0]?.body({
      describe: (_t, body) => body(),
      it: (title, body) => void tests.push({ title, body }),
      before: (body) => void hooks.before.push(body),
      after: (body) => void hooks.after.push(body),
      assert: recordingAssert(checks),
    });
    expect(tests.map((t) => t.title)).toEqual(SCENARIOS.map((s) => s.title));
    try {
      for (const h of hooks.before) await h();
      for (const t of tests) {
        await t.body();
        await settle();
      }
    } finally {
      for (const h of hooks.after) await h();
    }
    expect(checks.length).toBeGreaterThan(15);
    expect(game.actors?.size ?? 0).toBe(0);
    expect(chatMessages()).toHaveLength(0);
  });

  it("loads the scenario code only when the batch runs, not when Quench registers it", async () => {
    const { readFileSync } = await import("node:fs");
    for (const file of ["register.ts", "batch.ts", "titles.ts"]) {
      const text = readFileSync(new URL(`../../src/quench/${file}`, import.meta.url), "utf8");
      const staticImports = [...text.matchAll(/^import\s+(?!type\b)[^;]*from\s+"([^"]+)"/gm)].map((m) => m[1]);
      expect(staticImports.filter((from) => from === "./scenarios"), file).toEqual([]);
    }
  });
});
