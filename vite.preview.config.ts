import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

/** `npm run preview` is quiet (logLevel warn), so it says where the preview is itself once the server listens. */
const printUrl = (): Plugin => ({
  name: "goldhack-preview-url",
  configureServer(server) {
    server.httpServer?.once("listening", () => {
      if (process.env.VITEST) return; // the browser tests start their own server
      for (const url of server.resolvedUrls?.local ?? []) console.log(`goldhack preview: ${url}`);
    });
  },
});

/** The design preview: every template with sample data, our CSS, either language and theme. */
export default defineConfig({
  root: resolve(import.meta.dirname, "preview"),
  publicDir: false,
  server: { port: 5174, strictPort: false, fs: { allow: [import.meta.dirname] } },
  build: { outDir: resolve(import.meta.dirname, "dist-preview"), emptyOutDir: true },
  logLevel: "warn",
  plugins: [printUrl()],
});
