import { once } from "node:events";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type ViteDevServer } from "vite";

// `npm run dev` as Foundry meets it: the page Foundry serves asks for the files system.json names
// (`esmodules`, `styles`, `languages`) under /systems/goldhack/, and everything else (Foundry's own
// page, scripts, API) must come from the real Foundry server, here a tiny stand-in on a free port.
const root = resolve(import.meta.dirname, "../..");
let foundry: Server;
let vite: ViteDevServer;
let base = "";
const seenByFoundry: string[] = [];

beforeAll(async () => {
  foundry = createHttpServer((req, res) => {
    seenByFoundry.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`fake foundry: ${req.url}`);
  });
  foundry.listen(0, "127.0.0.1");
  await once(foundry, "listening");
  const previous = process.env.FOUNDRY_URL;
  process.env.FOUNDRY_URL = `http://127.0.0.1:${(foundry.address() as AddressInfo).port}`;
  try {
    vite = await createServer({ root, configFile: resolve(root, "vite.config.ts"), logLevel: "silent", server: { port: 0, host: "127.0.0.1", strictPort: false, hmr: false, watch: null } });
    await vite.listen();
  } finally {
    if (previous === undefined) delete process.env.FOUNDRY_URL;
    else process.env.FOUNDRY_URL = previous;
  }
  const address = vite.httpServer?.address() as AddressInfo;
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await vite?.close();
  foundry?.close();
});

describe("npm run dev, as Foundry requests the system", () => {
  it("serves goldhack.mjs as our entry module", async () => {
    const res = await fetch(`${base}/systems/goldhack/goldhack.mjs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const js = await res.text();
    // The entry's own imports, rewritten by vite to URLs under the system folder.
    expect(js).toMatch(/\/systems\/goldhack\/src\/[^"']*init/);
    expect(js).toContain("/systems/goldhack/styles/goldhack.css");
  });

  it("serves goldhack.css as our stylesheet, imports inlined, in the system layer", async () => {
    const res = await fetch(`${base}/systems/goldhack/goldhack.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/css/);
    const css = await res.text();
    expect(css).toMatch(/@layer system/);
    expect(css).toContain("--goldhack-");
    expect(css).not.toMatch(/@import/);
  });

  it("serves system.json, the language files and the templates from the system folder", async () => {
    const manifest = await fetch(`${base}/systems/goldhack/system.json`);
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { id: string }).id).toBe("goldhack");
    const lang = await fetch(`${base}/systems/goldhack/lang/es.json`);
    expect(lang.status).toBe(200);
    expect(Object.keys((await lang.json()) as object)).toContain("GOLDHACK");
    const template = await fetch(`${base}/systems/goldhack/templates/chat/test-card.hbs`);
    expect(template.status).toBe(200);
    expect(await template.text()).toContain("{{");
  });

  it("proxies everything else to Foundry (FOUNDRY_URL)", async () => {
    for (const path of ["/join", "/scripts/foundry.mjs", "/systems/other/other.mjs"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(`fake foundry: ${path}`);
    }
    expect(seenByFoundry).toEqual(["/join", "/scripts/foundry.mjs", "/systems/other/other.mjs"]);
  });
});
