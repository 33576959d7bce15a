/**
 * The Quench batch: the scenarios of ./scenarios.ts as Mocha tests with Quench's chai `assert`. One run
 * shares one imported character; the `after` hook deletes what the run made, even when a test failed.
 * Quench asks for the tests synchronously, so their titles come from ./titles.ts; the scenario code itself
 * is imported in the batch's `before` hook, when the batch runs, so a world that only has Quench loads none of it.
 */
import type { ScenarioAssert, ScenarioRun } from "./scenarios";
import { SCENARIO_TITLES } from "./titles";

/** The part of Quench's batch context the batch uses (Mocha's describe/it/before/after, chai's assert). */
export interface QuenchContext {
  describe(title: string, body: () => void): void;
  it(title: string, body: () => Promise<void>): void;
  before(body: () => Promise<void>): void;
  after(body: () => Promise<void>): void;
  assert: ScenarioAssert;
}

/** The part of Quench's API the batch uses. */
export interface QuenchApi {
  registerBatch(key: string, body: (context: QuenchContext) => void, options?: { displayName?: string; preSelected?: boolean }): void;
}

/** Registers the batch under `key`. Runs as a GM: it offers Fallout and answers a request. */
export function registerBatch(quench: QuenchApi, key: string): void {
  quench.registerBatch(
    key,
    (context) => {
      const { describe, it, before, after, assert } = context;
      describe("The Gold Hack: a session in this world", () => {
        let loaded: { scenarios: typeof import("./scenarios").SCENARIOS; run: ScenarioRun } | null = null;
        before(async () => {
          if (!game.user?.isGM) throw new Error("goldhack | run this batch as a GM");
          const { SCENARIOS, ScenarioRun: Run } = await import("./scenarios");
          loaded = { scenarios: SCENARIOS, run: new Run() };
          await loaded.run.start();
        });
        after(async () => loaded?.run.cleanup());
        SCENARIO_TITLES.forEach((title, index) => {
          it(title, async () => {
            const scenario = loaded?.scenarios[index];
            if (!loaded || !scenario) throw new Error(`goldhack | scenario ${index + 1} did not load`);
            await scenario.run(loaded.run, assert);
          });
        });
      });
    },
    { displayName: "goldhack: a session in this world" },
  );
}
