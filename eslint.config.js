import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Foundry's globals: the rules core must not touch them (ARCHITECTURE: a core that knows nothing of Foundry). */
/**
 * DOM classes whose `instanceof` is false for a node or event of another realm (a v14 pop-out window):
 * src/ checks kinds through src/applications/api/dom-kinds.ts instead (docs/foundry-facts.md).
 */
const DOM_CLASS = "^(Node|Element|Document|DocumentFragment|ShadowRoot|Text|Window|EventTarget|HTML\\w*Element|SVG\\w*Element|\\w*Event)$";

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
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: `BinaryExpression[operator='instanceof'][right.type='Identifier'][right.name=/${DOM_CLASS}/]`,
          message: "False in a popped-out window (another realm): use src/applications/api/dom-kinds.ts.",
        },
        {
          selector: `BinaryExpression[operator='instanceof'][right.type='MemberExpression'][right.property.name=/${DOM_CLASS}/]`,
          message: "False in a popped-out window (another realm): use src/applications/api/dom-kinds.ts.",
        },
      ],
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
