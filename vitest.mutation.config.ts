import { defineConfig } from "vitest/config";

// The mutation run (npm run mutate, stryker.config.mjs) runs only the rules core's own tests:
// the adapters' tests are not meant to pin the game's rules, and they would only slow Stryker down.
export default defineConfig({
  test: {
    include: ["tests/rules/**/*.test.ts"],
    environment: "node",
    // Instrumented code is far slower: the simulation tests draw a twentieth of their rolls (tests/rules/odds-oracles.ts).
    env: { GOLDHACK_MUTATION: "1" },
    reporters: ["default"],
  },
});
