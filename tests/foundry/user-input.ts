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
import { isFormControl, isHTMLElement, isInput, isSelect, isTextField } from "../../src/applications/api/dom-kinds";
import { idleAll } from "./applications";
import { runAsClient, state } from "./documents-core";

/**
 * The window an element lives in: the main one, or a popped-out window of another realm (popout-realm.ts).
 * A user's events are made by that window, so every event below is built with its constructors (happy-dom
 * refuses an event of another realm's making; docs/foundry-facts.md › Pop-out windows are another realm).
 */
export function viewOf(node: Node): typeof globalThis {
  return (node.ownerDocument?.defaultView ?? window) as unknown as typeof globalThis;
}

/** Dispatches a plain event (`input`, `change`, `focusout`…) that bubbles, made in the element's own window. */
export function fire(element: Element, type: string, init: EventInit = {}): boolean {
  return element.dispatchEvent(new (viewOf(element).Event)(type, { bubbles: true, ...init }));
}

/** A cancelable, bubbling key event of the element's own window (not dispatched). */
export function keyEvent(element: Element, key: string, init: KeyboardEventInit = {}, type = "keydown"): KeyboardEvent {
  return new (viewOf(element).KeyboardEvent)(type, { key, bubbles: true, cancelable: true, ...init });
}

/** A cancelable drop event of the element's own window whose `text/plain` holds `data` as JSON (not dispatched). */
export function dropEvent(element: Element, data: unknown): DragEvent {
  const view = viewOf(element);
  const dataTransfer = new view.DataTransfer();
  dataTransfer.setData("text/plain", JSON.stringify(data));
  const event = new view.DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer });
  // happy-dom 21 drops `dataTransfer` from the DragEvent init; a browser keeps it.
  if (!event.dataTransfer) Object.defineProperty(event, "dataTransfer", { value: dataTransfer });
  return event;
}

/** Presses a key on an element (a keydown of its own window); returns the event, to read `defaultPrevented`. */
export function press(element: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = keyEvent(element, key, init);
  element.dispatchEvent(event);
  return event;
}

/** Drops drag data on an element, as the browser does at the end of a drag from the sidebar or a compendium. */
export function drop(element: Element, data: unknown): DragEvent {
  const event = dropEvent(element, data);
  element.dispatchEvent(event);
  return event;
}

/** Runs `fn` on the client of the window `element` is in (see the top). */
function onClientOf<T>(element: Element, fn: () => T): T {
  const id = element.closest<HTMLElement>("[data-user]")?.dataset.user;
  const user = id ? state.users.get(id) : undefined;
  return user ? runAsClient(user, fn) : fn();
}

/** Clicks an element; a disabled control is refused (a browser sends it no click). */
export async function click(element: Element | null | undefined): Promise<void> {
  if (!isHTMLElement(element)) throw new Error("nothing to click");
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
  if (!isTextField(element)) throw new Error("not a text field");
  if (element.disabled) throw new Error("typed into a disabled field");
  onClientOf(element, () => {
    element.focus();
    element.value = value;
    fire(element, "input");
  });
  await idleAll();
  if (options.commit === false) return;
  const current = element.isConnected ? element : (element.ownerDocument.querySelector<HTMLInputElement | HTMLTextAreaElement>(selectorOf(element)) ?? element);
  onClientOf(current, () => fire(current, "change"));
  await idleAll();
}

/**
 * Sets a control as a user does, then fires input and change: a select picks the option with that value
 * (each option's selectedness set, since happy-dom 21's `select.value = …` also changed other selects of
 * the form), a checkbox is ticked for `true`, a radio is checked, any other field takes the text.
 */
export async function change(element: Element | null | undefined, value: string | boolean = true): Promise<void> {
  if (!isFormControl(element)) throw new Error("no control to change");
  if (element.disabled) throw new Error("changed a disabled control");
  if (isSelect(element)) {
    const option = [...element.options].find((o) => o.value === String(value));
    if (!option) throw new Error(`no option ${String(value)}`);
    for (const o of element.options) o.selected = o === option;
  } else if (isInput(element) && element.type === "checkbox") element.checked = value === true;
  else if (isInput(element) && element.type === "radio") element.checked = true;
  else element.value = String(value);
  onClientOf(element, () => {
    fire(element, "input");
    fire(element, "change");
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
