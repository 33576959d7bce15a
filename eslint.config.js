import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

/** Foundry's globals: the rules core must not touch them (ARCHITECTURE: a core that knows nothing of Foundry). */
/**
 * DOM classes whose `instanceof` is false for a node or event of another realm (a v14 pop-out window):
 * src/ checks kinds through src/applications/api/dom-kinds.ts instead (docs/foundry-facts.md).
 */
const DOM_CLASS = "^(Node|Element|Document|DocumentFragment|ShadowRoot|Text|Window|EventTarget|HTML\\w*Element|SVG\\w*Element|\\w*Event)$";

const NO_DOM_INSTANCEOF = [
  {
    selector: `BinaryExpression[operator='instanceof'][right.type='Identifier'][right.name=/${DOM_CLASS}/]`,
    message: "False in a popped-out window (another realm): use src/applications/api/dom-kinds.ts.",
  },
  {
    selector: `BinaryExpression[operator='instanceof'][right.type='MemberExpression'][right.property.name=/${DOM_CLASS}/]`,
    message: "False in a popped-out window (another realm): use src/applications/api/dom-kinds.ts.",
  },
];

const FOUNDRY_GLOBALS = ["game", "CONFIG", "foundry", "ui", "Hooks", "Roll", "Actor", "Item", "ChatMessage", "canvas", "fromUuid", "fromUuidSync"];

/**
 * The house's floors, ground first (docs/development.md › The layers). A file imports only from its own
 * floor or a lower one; `import-x/no-restricted-paths` below turns this list into one zone per floor.
 */
export const LAYERS = [
  { name: "rules", paths: ["src/rules"] },
  // dom-kinds.ts (realm-safe DOM checks, no imports) sits in applications/api/ by the cross-issue contract, but on this floor.
  {
    name: "wire",
    paths: ["src/compat", "src/channel", "src/i18n", "src/config.ts", "src/constants.ts", "src/safe-hook.ts", "src/rule-pages.ts", "src/rulings.ts", "src/applications/api/dom-kinds.ts"],
  },
  { name: "data", paths: ["src/data", "src/migrations"] },
  { name: "documents", paths: ["src/documents"] },
  { name: "dice and records", paths: ["src/dice", "src/history", "src/status"] },
  { name: "window bases", paths: ["src/applications/api"] },
  {
    name: "procedures",
    paths: ["src/requests", "src/group", "src/session", "src/downtime", "src/builder", "src/board", "src/hack", "src/enrichers", "src/situation", "src/campaign"],
  },
  { name: "sheets and generic dialogs", paths: ["src/applications/sheets", "src/applications/dialogs", "src/applications/register.ts", "src/applications/handlebars-helpers.ts"] },
  { name: "hooks and entry", paths: ["src/hooks", "src/quench", "src/goldhack.ts"] },
];

/** Files a lower floor keeps inside a higher floor's folder: the folder's zone lets them through. */
const LOWER_FILES_IN = { "src/applications/api": ["./dom-kinds.ts"] };

/** For each floor, one zone per path above it: its files may not import from there. */
const layerZones = LAYERS.slice(0, -1).flatMap((layer, floor) =>
  LAYERS.slice(floor + 1)
    .flatMap((above) => above.paths)
    .filter((from) => !layer.paths.includes(from))
    .map((from) => ({
      target: layer.paths,
      from,
      ...(LOWER_FILES_IN[from] && !LAYERS.slice(0, floor + 1).some((l) => l.paths.includes(from)) ? { except: LOWER_FILES_IN[from] } : {}),
      message: `${layer.name} (floor ${floor + 1}) may import only from its own floor or a lower one (docs/development.md › The layers); reach a higher floor through CONFIG or a hook.`,
    })),
);

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
    files: ["src/**/*.ts", "tests/project/fixtures/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js"],
      // Lets import-x read the files it follows (for no-cycle) as TypeScript.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js"] })],
    },
    rules: {
      // Type-only imports vanish at run time and are not followed here; scripts/import-cycles.mjs (npm run lint) finds those circles.
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  {
    // Every file of src/, and the Foundry stand-ins and test helpers (a popped-out window runs them too:
    // tests/foundry/popout-realm.ts); test files may assert `instanceof` on purpose. No later block sets
    // no-restricted-syntax for any of these files (it would replace this one): tests/project/lint-rules.test.ts.
    files: ["src/**/*.ts", "tests/foundry/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...NO_DOM_INSTANCEOF] },
  },
  {
    // Work nobody awaits must end in a .catch (src/safe-hook.ts's settle or reported): a bare `void` is not enough.
    // Typed linting, for src/ only: it costs about 30 s of the lint run.
    files: ["src/**/*.ts"],
    // tests/project/lint-rules.test.ts lints probe files that are not on disk: they get the default project.
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["src/probe.ts", "src/*/probe.ts", "src/*/*/probe.ts"], maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 64 }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: true, attributes: false } }],
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
