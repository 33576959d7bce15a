import { defineConfig } from "vitest/config";

// The mutation run (npm run mutate, stryker.config.mjs) runs only the pure modules' own tests: the rules
// core's, and those of each procedure's state module (request, group, vote, downtime, builder). The
// adapters' tests are not meant to pin the game's rules, and they would only slow Stryker down.
export default defineConfig({
  test: {
    include: ["tests/rules/**/*.test.ts", "tests/group/**/*.test.ts", "tests/session/**/*.test.ts", "tests/builder/**/*.test.ts", "tests/downtime/**/*.test.ts", "tests/requests/**/*.test.ts", "tests/foundry/request-state.test.ts"],
    environment: "node",
    // Instrumented code is far slower: the simulation tests draw a twentieth of their rolls (tests/rules/odds-oracles.ts).
    env: { GOLDHACK_MUTATION: "1" },
    reporters: ["default"],
  },
});
