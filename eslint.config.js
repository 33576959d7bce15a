import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Foundry's globals: the rules core must not touch them (ARCHITECTURE: a core that knows nothing of Foundry). */
const FOUNDRY_GLOBALS = ["game", "CONFIG", "foundry", "ui", "Hooks", "Roll", "Actor", "Item", "ChatMessage", "canvas", "fromUuid", "fromUuidSync"];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "packs/", "**/*.d.ts.map", "reports/", ".stryker-tmp*/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  {
    files: ["src/rules/**/*.ts"],
    languageOptions: { globals: {} },
    rules: {
      "no-restricted-globals": [
        "error",
        ...FOUNDRY_GLOBALS.map((name) => ({ name, message: "src/rules/ is pure: pass what you need in as arguments." })),
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*", "!./*"], message: "src/rules/ imports only from src/rules/." }] },
      ],
    },
  },
);
