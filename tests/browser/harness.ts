import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll } from "vitest";

export const CHROMIUM = process.env.GOLDHACK_CHROMIUM ?? "/usr/bin/chromium";
const ROOT = new URL("../..", import.meta.url).pathname;

/** Starts the preview's Vite server on a free port. */
export async function startPreview(): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({ configFile: `${ROOT}vite.preview.config.ts`, server: { port: 0, host: "127.0.0.1" } });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("the preview server has no port");
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/** Launches Debian's chromium headless, with the flags this closed network needs. Fails loudly when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}: run \`node scripts/ensure-chromium.mjs\` (as root) or \`apt-get install -y chromium\`.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Opens a preview page and collects every console error and uncaught exception. */
export async function openPreview(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.rendered !== undefined, undefined, { timeout: 30_000 });
  return { page, errors };
}

/** Interactive elements with no accessible name, read from chromium's own accessibility tree. */
export async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { ignored?: boolean; role?: { value?: string }; name?: { value?: string }; backendDOMNodeId?: number }[];
  };
  const roles = new Set(["button", "textbox", "combobox", "checkbox", "radio", "spinbutton", "slider", "link", "menuitem", "tab", "switch", "searchbox", "listbox"]);
  const unnamed: string[] = [];
  for (const node of nodes) {
    const role = node.role?.value ?? "";
    if (node.ignored || !roles.has(role) || (node.name?.value ?? "").trim() !== "") continue;
    const { node: dom } = (await cdp.send("DOM.describeNode", { backendNodeId: node.backendDOMNodeId ?? 0 })) as {
      node: { localName: string; attributes?: string[] };
    };
    unnamed.push(`${role} <${dom.localName} ${(dom.attributes ?? []).join(" ")}>`);
  }
  await cdp.detach();
  return unnamed;
}

/**
 * Elements that spill out of their window or clip their own content without a
 * scroll bar: what a user sees as a broken layout.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element): string =>
      `${el.closest("[data-fixture]")?.getAttribute("data-fixture")}: <${el.localName}${el.className ? ` class="${String(el.className)}"` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    for (const win of document.querySelectorAll<HTMLElement>(".preview-window")) {
      const box = win.getBoundingClientRect();
      for (const el of win.querySelectorAll<HTMLElement>(".window-content *")) {
        const style = getComputedStyle(el);
        if (style.display === "none" || style.visibility === "hidden" || el.closest("[hidden]")) continue;
        if (["input", "textarea", "select", "option"].includes(el.localName)) continue; // form controls scroll their own text
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        if (rect.width <= 1 && rect.height <= 1) continue; // visually hidden (1 × 1, clipped), for screen readers only
        if (rect.right > box.right + 1 || rect.left < box.left - 1) found.push(`outside its window: ${describe(el)}`);
        const scrolls = ["auto", "scroll"].includes(style.overflowX);
        if (!scrolls && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.textOverflow !== "ellipsis") {
          found.push(`content wider than itself (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
        }
      }
    }
    return found;
  });
}

/**
 * For a describe block: starts the preview server and chromium before its tests and closes both after.
 * Read `url` and `browser` inside the tests (they are set once beforeAll has run).
 */
export function usePreviewBrowser(): { readonly url: string; readonly browser: Browser } {
  let server: ViteDevServer | undefined;
  let browser: Browser | undefined;
  let url = "";
  beforeAll(async () => {
    ({ server, url } = await startPreview());
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get url() {
      return url;
    },
    get browser() {
      if (!browser) throw new Error("chromium is not running (usePreviewBrowser's beforeAll has not run)");
      return browser;
    },
  };
}
