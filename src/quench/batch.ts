/**
 * The Quench batch: the scenarios of ./scenarios.ts as Mocha tests with Quench's chai `assert`. One run
 * shares one imported character; the `after` hook deletes what the run made, even when a test failed.
 */
import { SCENARIOS, ScenarioRun, type ScenarioAssert } from "./scenarios";

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
        const run = new ScenarioRun();
        before(async () => {
          if (!game.user?.isGM) throw new Error("goldhack | run this batch as a GM");
          await run.start();
        });
        after(async () => run.cleanup());
        for (const scenario of SCENARIOS) it(scenario.title, async () => scenario.run(run, assert));
      });
    },
    { displayName: "goldhack: a session in this world" },
  );
}
