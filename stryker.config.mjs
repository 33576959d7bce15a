// Mutation testing of the rules core (issue 19): `npm run mutate`. Not part of .ci/run (too slow).
// Equivalent mutants are listed in docs/mutation.md. The incremental state is committed
// (stryker/incremental.json), so a re-run after a small change, even from a clean clone, takes minutes.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts" },
  // The rules core, and the pure state modules of the procedures (issue 27), each at 90 % or more
  // (docs/mutation.md › The procedures' state modules gives the scores and the equivalent mutants).
  mutate: [
    "src/rules/**/*.ts",
    "src/requests/request-state.ts",
    "src/downtime/downtime-state.ts",
    "src/builder/builder-state.ts",
    "src/session/vote-state.ts",
    "src/group/group-state.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  // `npm run mutate` passes --incremental; targeted runs (`npx stryker run --mutate src/rules/x.ts`) do not,
  // so they never overwrite the committed state with a partial one.
  incrementalFile: "stryker/incremental.json",
  reporters: ["clear-text", "html", "progress"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false },
  thresholds: { high: 95, low: 90, break: 90 },
  // Not needed by tests/rules; keeps the sandbox copy small.
  ignorePatterns: ["dist", "packs", "preview", "bench", "templates", "styles", "tests/browser", "tests/foundry/*", "!tests/foundry/request-state.test.ts", "*.zip"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
