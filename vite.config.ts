import { cpSync, existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
const FOUNDRY = "http://localhost:30000";
const SYSTEM_BASE = "/systems/goldhack/";

/** Copies the files Foundry reads straight from the system folder (manifest, languages, templates). */
function copyStatic(): Plugin {
  const entries = ["system.json", "template.json", "lang", "templates", "LICENSE", "LICENSE-CONTENT", "README.md", "CHANGELOG.md"];
  return {
    name: "goldhack-copy-static",
    apply: "build",
    closeBundle() {
      const out = resolve(root, "dist");
      mkdirSync(out, { recursive: true });
      for (const entry of entries) {
        const from = resolve(root, entry);
        if (existsSync(from)) cpSync(from, resolve(out, entry), { recursive: true });
      }
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
    minify: true, // the sourcemap keeps it debuggable; see the size bench
    lib: {
      entry: resolve(root, "src/goldhack.ts"),
      formats: ["es"],
      fileName: () => "goldhack.mjs",
      cssFileName: "goldhack",
    },
  },
  plugins: [copyStatic()],
});
