import { defineConfig } from "vitest/config";

// The mutation run (npm run mutate, stryker.config.mjs) runs only the rules core's own tests:
// the adapters' tests are not meant to pin the game's rules, and they would only slow Stryker down.
export default defineConfig({
  test: {
    include: ["tests/rules/**/*.test.ts"],
    environment: "node",
    reporters: ["default"],
  },
});
