/**
 * What a user does to a window rendered by the stand-ins (applications.ts) in the real DOM (dom-env.ts):
 * click, type, pick. Each acts on the rendered element, as a browser would, then waits for the windows to
 * be idle (`idleAll`), so a test reads the result after `await`. Refuses what a user cannot do (a disabled
 * control, an option a select does not have) instead of doing it anyway.
 *
 * Several clients in one page: an element inside a window marked `data-user` (client-windows.ts) is that
 * user's window, so its events are dispatched on that user's client (`runAsClient`); elsewhere, on the
 * current client.
 */
import { idleAll } from "./applications";
import { runAsClient, state } from "./documents-core";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Runs `fn` on the client of the window `element` is in (see the top). */
function onClientOf<T>(element: Element, fn: () => T): T {
  const id = element.closest<HTMLElement>("[data-user]")?.dataset.user;
  const user = id ? state.users.get(id) : undefined;
  return user ? runAsClient(user, fn) : fn();
}

const isControl = (element: Element | null | undefined): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** Clicks an element; a disabled control is refused (a browser sends it no click). */
export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error("nothing to click");
  if ((element as HTMLButtonElement).disabled) throw new Error(`clicked a disabled control: ${element.outerHTML.slice(0, 120)}`);
  onClientOf(element, () => element.click());
  await idleAll();
}

/**
 * Types into a text field: focus, the new value and an input event; then (unless `commit: false`) the
 * change event a browser fires when the field is left. The change goes to the field as it is after the
 * input's re-render, if one replaced it (found again by its identifying attributes).
 */
export async function type(element: Element | null | undefined, value: string, options: { commit?: boolean } = {}): Promise<void> {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error("not a text field");
  if (element.disabled) throw new Error("typed into a disabled field");
  onClientOf(element, () => {
    element.focus();
    element.value = value;
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await idleAll();
  if (options.commit === false) return;
  const current = element.isConnected ? element : (element.ownerDocument.querySelector<HTMLInputElement | HTMLTextAreaElement>(selectorOf(element)) ?? element);
  onClientOf(current, () => current.dispatchEvent(new Event("change", { bubbles: true })));
  await idleAll();
}

/**
 * Sets a control as a user does, then fires input and change: a select picks the option with that value
 * (each option's selectedness set, since happy-dom 21's `select.value = …` also changed other selects of
 * the form), a checkbox is ticked for `true`, a radio is checked, any other field takes the text.
 */
export async function change(element: Element | null | undefined, value: string | boolean = true): Promise<void> {
  if (!isControl(element)) throw new Error("no control to change");
  if (element.disabled) throw new Error("changed a disabled control");
  if (element instanceof HTMLSelectElement) {
    const option = [...element.options].find((o) => o.value === String(value));
    if (!option) throw new Error(`no option ${String(value)}`);
    for (const o of element.options) o.selected = o === option;
  } else if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === true;
  else if (element instanceof HTMLInputElement && element.type === "radio") element.checked = true;
  else element.value = String(value);
  onClientOf(element, () => {
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await idleAll();
}

/** How to find a field again after a re-render replaced it. */
function selectorOf(element: Element): string {
  const attrs = ["name", "data-free-skill", "data-skill-field", "data-trait-field", "data-key", "data-pick"];
  return element.tagName.toLowerCase() + attrs.map((a) => (element.hasAttribute(a) ? `[${a}="${element.getAttribute(a)}"]` : "")).join("");
}

/** The first element under `root` that matches `selector`; a test fails here when the window does not draw it. */
export const $ = <T extends Element = HTMLElement>(root: Element, selector: string): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};
