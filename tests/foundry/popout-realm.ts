/**
 * A v14 pop-out window for tests: a happy-dom Window that lives in a JavaScript realm of its own, as a
 * popped-out Foundry window lives in another browser window (docs/foundry-facts.md › Pop-out windows are
 * another realm).
 *
 * Two `new Window()` of the same happy-dom share its DOM classes (they are module classes), so they are
 * one realm. Here happy-dom is bundled into one script (esbuild, cached under node_modules/.cache) and
 * evaluated inside a fresh `node:vm` context: that copy has its own DOM classes *and* its own `Object`,
 * `Array`, `Promise`… So for an element of the pop-out, `el instanceof HTMLInputElement` (the main
 * window's class) is false, and so is `el instanceof Object`; its events are not the main window's
 * `KeyboardEvent`. Code that checks kinds through src/applications/api/dom-kinds.ts works in both.
 *
 * What it guesses or does differently from a browser (said again in docs/foundry-facts.md):
 * - Node's timers, `console`, `process`, `URL`, `TextEncoder`… are lent to the realm from Node (a browser
 *   window has its own); nothing of ours checks their kind.
 * - A browser lets code dispatch an event made in the main window on an element of the pop-out; happy-dom
 *   refuses an event from another copy of itself ("parameter 1 is not of type 'Event'"). So code (and test
 *   helpers) must make events with the element's own window: `element.ownerDocument.defaultView`.
 *   Stricter than a browser, never laxer.
 * - All pop-outs of one test file share one realm (a second realm per pop-out costs ~70 ms and shows
 *   nothing more: what matters is that it is not the main window's).
 */
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import vm from "node:vm";
import type { Window as HappyWindow } from "happy-dom";

const require = createRequire(import.meta.url);
const HAPPY_DOM = dirname(require.resolve("happy-dom/package.json"));
const VERSION = (JSON.parse(readFileSync(join(HAPPY_DOM, "package.json"), "utf8")) as { version: string }).version;
const CACHE = join(dirname(require.resolve("happy-dom/package.json")), "..", ".cache", "goldhack-popout");

/** happy-dom as one CommonJS script (Node's built-ins left as `require`s), built once per happy-dom version. */
async function bundle(): Promise<string> {
  const file = join(CACHE, `happy-dom-${VERSION}.cjs`);
  if (existsSync(file)) return readFileSync(file, "utf8");
  const out = await build({ entryPoints: [join(HAPPY_DOM, "lib/index.js")], bundle: true, platform: "node", format: "cjs", target: "node20", write: false, logLevel: "silent" });
  const code = out.outputFiles[0]?.text ?? "";
  mkdirSync(CACHE, { recursive: true });
  // Another test worker may build it at the same moment: write aside, then rename (atomic).
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, code);
  renameSync(part, file);
  return code;
}

/** What the pop-out realm borrows from Node (a browser window has its own; see the top). */
const LENT = ["console", "process", "Buffer", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate", "queueMicrotask", "performance", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "structuredClone", "atob", "btoa", "crypto"] as const;

/** The pop-out realm's happy-dom: its `Window` class, made in a `node:vm` context of its own. */
export interface PopOutRealm {
  Window: typeof HappyWindow;
  /** The realm's own global object (its `Object`, `Array`…), to show it is not the main one. */
  global: typeof globalThis;
}

let realm: Promise<PopOutRealm> | null = null;

/** The realm, made once per test file. */
export function popOutRealm(): Promise<PopOutRealm> {
  realm ??= (async () => {
    const code = await bundle();
    const lent = Object.fromEntries(LENT.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));
    const context = vm.createContext(lent);
    const module = { exports: {} as Record<string, unknown> };
    const load = vm.runInContext(`(function (require, module, exports) {${code}\n})`, context, { filename: `happy-dom-${VERSION}-popout.cjs` }) as (
      r: NodeRequire,
      m: typeof module,
      e: typeof module.exports,
    ) => void;
    load(require, module, module.exports);
    return { Window: module.exports.Window as typeof HappyWindow, global: vm.runInContext("globalThis", context) as typeof globalThis };
  })();
  return realm;
}

const open = new Set<HappyWindow>();

/**
 * Opens a pop-out window (in the pop-out realm) at Foundry's pop-out address. Its `document` is where a
 * popped-out application mounts (applications.ts › setMountDocument). Close it with closePopOuts().
 */
export async function openPopOut(): Promise<HappyWindow> {
  const { Window } = await popOutRealm();
  const win = new Window({ url: "http://localhost:30000/game", width: 800, height: 600 });
  open.add(win);
  return win;
}

/** The pop-outs open now (dom-env.ts › afterFrames waits for their frames too). */
export const openPopOuts = (): HappyWindow[] => [...open];

/** Closes every pop-out this file opened (their timers and pending work end with them). */
export async function closePopOuts(): Promise<void> {
  const windows = [...open];
  open.clear();
  await Promise.all(windows.map((win) => win.happyDOM.close()));
}
