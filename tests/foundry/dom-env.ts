/**
 * A real DOM for adapter tests: a happy-dom Window whose DOM classes and `document` become globals, as
 * in a browser. Import it first in a test file. Used instead of `// @vitest-environment happy-dom`,
 * which makes Vite transform modules for the browser and rewrite our stand-ins'
 * `new URL(path, import.meta.url)` reads of templates and language files into web URLs.
 * Node's own globals (URL, fetch, timers…) are kept; only what Node lacks comes from the Window.
 *
 * One Window per test file (vitest isolates files); tests that want an empty page per test call
 * `resetDom()` in their beforeEach instead of making a new Window (the one window-wide state our code
 * and stand-ins leave is what they put in the document).
 */
import { Window } from "happy-dom";
import { openPopOuts } from "./popout-realm";

export const domWindow = new Window({ url: "http://localhost:30000/game" });

const g = globalThis as Record<string, unknown>;
const win = domWindow as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(win)) {
  if (key in g || key.startsWith("_")) continue;
  try {
    g[key] = win[key];
  } catch {
    // a read-only global of Node's: keep Node's
  }
}
for (const key of ["HTMLElement", "Element", "Node", "Event", "EventTarget", "KeyboardEvent", "MouseEvent", "DragEvent", "SubmitEvent", "DataTransfer", "FormData", "CustomEvent"]) {
  g[key] = win[key];
}
Object.assign(g, { window: domWindow, document: domWindow.document });

/**
 * `new FormData(form)` for a form of any window, as a browser allows: its constructor checks that the form
 * is a form element, whatever realm made it (a popped-out window's form is read by code of the main one).
 * happy-dom's FormData reads the form through its own module's private symbols, so a pop-out's form
 * (popout-realm.ts, another copy of happy-dom) would give nothing; here it is read by its own window's
 * FormData. Differs from a browser in one way nothing of ours checks: the object is of the pop-out's realm.
 */
const MainFormData = win.FormData as typeof FormData;
class AnyRealmFormData extends MainFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    const view = form?.ownerDocument?.defaultView as (typeof globalThis & { FormData: typeof FormData }) | null | undefined;
    if (form && view && view !== (domWindow as unknown)) return new view.FormData(form, submitter);
    super(form, submitter);
  }
}
g.FormData = AnyRealmFormData;

/** Empties the page (body and any styles or elements put in head) and every open pop-out, for a test that starts afresh. */
export function resetDom(): void {
  for (const doc of screenDocuments()) {
    doc.head.replaceChildren();
    doc.body.replaceChildren();
  }
}

/** The documents a user sees: the main window's, then every open pop-out's (popout-realm.ts). */
const screenDocuments = (): Document[] => [domWindow.document, ...openPopOuts().map((w) => w.document)] as unknown as Document[];

/**
 * What is on screen, wherever a window is drawn: the main document and every popped-out window. A test
 * looks for a window here rather than in the global `document`, which a popped-out window is not in.
 */
export const screen = {
  getElementById(id: string): HTMLElement | null {
    for (const doc of screenDocuments()) {
      const found = doc.getElementById(id);
      if (found) return found;
    }
    return null;
  },
  querySelector<T extends Element = HTMLElement>(selector: string): T | null {
    for (const doc of screenDocuments()) {
      const found = doc.querySelector<T>(selector);
      if (found) return found;
    }
    return null;
  },
  querySelectorAll<T extends Element = HTMLElement>(selector: string): T[] {
    return screenDocuments().flatMap((doc) => [...doc.querySelectorAll<T>(selector)]);
  },
};

/**
 * Waits two frames and the tasks they queue, then for every render to finish: a sheet draws what its first
 * render left for later after the first frame (character-sheet.ts), so a test that acts on the whole sheet waits
 * for this first. (happy-dom runs frame callbacks on a timer; no paint happens either way.) The frames of
 * the main window and of every open pop-out (popout-realm.ts): a popped-out sheet draws with its own window's.
 */
export async function afterFrames(idle: () => Promise<void>): Promise<void> {
  const views = [domWindow, ...openPopOuts()];
  for (let i = 0; i < 2; i++) await Promise.all(views.map((view) => new Promise((done) => view.requestAnimationFrame(() => view.setTimeout(done, 0)))));
  await idle();
}
