import { resolve } from "node:path";
import { defineConfig } from "vite";

/** The design preview: every template with sample data, our CSS, either language and theme. */
export default defineConfig({
  root: resolve(import.meta.dirname, "preview"),
  publicDir: false,
  server: { port: 5174, strictPort: false, fs: { allow: [import.meta.dirname] } },
  build: { outDir: resolve(import.meta.dirname, "dist-preview"), emptyOutDir: true },
  logLevel: "warn",
});
