import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Correctness only, never speed (that is `npm run bench`): a loaded two-core machine must not fail a test by its clock.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ["default"],
  },
});
