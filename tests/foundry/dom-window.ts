/**
 * A real DOM (happy-dom's Window) for tests that stay in the node environment: its document and DOM
 * classes go on globalThis, and nothing else (happy-dom's full environment also replaces `URL`, which
 * breaks the stand-ins' `new URL(…, import.meta.url)` file reads). Returns the window, to close it.
 */
import { Window } from "happy-dom";

const NAMES = [
  "document", "Node", "Element", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLButtonElement",
  "HTMLTemplateElement", "Event", "KeyboardEvent", "MouseEvent", "PointerEvent", "FocusEvent", "FormData", "DocumentFragment",
  "getComputedStyle", "requestAnimationFrame", "cancelAnimationFrame",
] as const;

export function installDom(): Window {
  const window = new Window({ url: "http://localhost/" });
  const g = globalThis as Record<string, unknown>;
  const w = window as unknown as Record<string, unknown>;
  for (const name of NAMES) {
    const value = w[name];
    g[name] = typeof value === "function" && !/^[A-Z]/.test(name) ? (value as (...args: unknown[]) => unknown).bind(window) : value;
  }
  g.window = window;
  return window;
}
