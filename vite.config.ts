import { cpSync, existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
/** The local Foundry `npm run dev` proxies to: `FOUNDRY_URL`, else Foundry's default port. */
const FOUNDRY = process.env.FOUNDRY_URL ?? "http://localhost:30000";
const SYSTEM_BASE = "/systems/goldhack/";
/** Foundry keys sheets by class name (`goldhack.GoldHackCharacterSheet` in flags.core.sheetClass) and names render hooks after classes. */
const KEEP_CLASS_NAMES = { function: false, class: true };

/**
 * The files Foundry reads straight from the system folder (manifest, languages, templates). Not
 * template.json: system.json's documentTypes declares the same types and htmlFields, and Foundry v14
 * warns when a system ships a template.json (it stays in the repository as documentation of the shapes).
 */
export const STATIC_ENTRIES: readonly string[] = ["system.json", "lang", "templates", "LICENSE", "LICENSE-CONTENT", "README.md", "CHANGELOG.md"];

/** Copies STATIC_ENTRIES into the build's output folder. */
function copyStatic(): Plugin {
  let out = resolve(root, "dist");
  return {
    name: "goldhack-copy-static",
    apply: "build",
    configResolved(config) {
      out = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      mkdirSync(out, { recursive: true });
      for (const entry of STATIC_ENTRIES) {
        const from = resolve(root, entry);
        if (existsSync(from)) cpSync(from, resolve(out, entry), { recursive: true });
      }
    },
  };
}

/**
 * `npm run dev`: Foundry's page asks for the files system.json names (`goldhack.mjs`, `goldhack.css`)
 * under /systems/goldhack/. From source they are src/goldhack.ts (vite rewrites its imports to URLs
 * under the same folder) and styles/goldhack.css served whole (`?direct`: vite inlines its @imports
 * and answers text/css). system.json, lang/ and templates/ are served as files from the project root.
 */
export const DEV_ENTRIES: Readonly<Record<string, string>> = {
  [`${SYSTEM_BASE}goldhack.mjs`]: `${SYSTEM_BASE}src/goldhack.ts`,
  [`${SYSTEM_BASE}goldhack.css`]: `${SYSTEM_BASE}styles/goldhack.css?direct`,
};

function devEntries(): Plugin {
  return {
    name: "goldhack-dev-entries",
    apply: "serve",
    configureServer(server) {
      // Runs before vite's own middlewares (the proxy among them), so these two never reach Foundry.
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? "").split("?", 2);
        const to = path === undefined ? undefined : DEV_ENTRIES[path];
        if (to) req.url = query ? `${to}${to.includes("?") ? "&" : "?"}${query}` : to;
        next();
      });
    },
  };
}

export default defineConfig({
  base: SYSTEM_BASE,
  publicDir: false,
  server: {
    port: 30001,
    open: false,
    proxy: {
      // Everything but our own system files goes to the local Foundry server, sockets included.
      [`^(?!${SYSTEM_BASE})`]: { target: FOUNDRY, ws: true },
      "/socket.io": { target: FOUNDRY.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    // The sourcemap keeps it debuggable; see the size bench. Class and function names are kept:
    minify: true,
    rolldownOptions: {
      // src/rules/ is pure functions (lint-enforced): importing one of its modules does nothing by itself, so
      // a rules module only the lazy chunks use (creation, downtime, votes) leaves the startup chunk even
      // though the startup code imports the rules' index.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      output: {
        minify: { compress: { keepNames: KEEP_CLASS_NAMES }, mangle: { keepNames: KEEP_CLASS_NAMES }, codegen: { removeWhitespace: true } },
        // Everything the entry reaches through static imports goes into one chunk: loaded at startup anyway,
        // it compresses better whole than as thirty small shared chunks (see the size bench). What only a
        // dynamic import() reaches (the rarely opened windows, the GM's handlers) stays in chunks of its own.
        codeSplitting: { groups: [{ name: "startup", tags: ["$initial"] }] },
      },
    },
    // Foundry keys sheets by class name (`goldhack.GoldHackCharacterSheet`, stored in each document's
    // flags.core.sheetClass) and names render hooks after classes: the minifier must not rename them.
    lib: {
      entry: resolve(root, "src/goldhack.ts"),
      formats: ["es"],
      fileName: () => "goldhack.mjs",
      cssFileName: "goldhack",
    },
  },
  plugins: [copyStatic(), devEntries()],
});
