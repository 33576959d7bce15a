/**
 * Element and event kinds, checked the same way in every JavaScript realm.
 *
 * A v14 window can pop out into a browser window of its own, which is another realm: there
 * `el instanceof HTMLInputElement` is false, because the element was made by that window's
 * constructors, not the main window's (docs/foundry-facts.md › "Pop-out windows are another realm").
 * So nothing here touches a DOM class: it reads what every node of every realm carries (`nodeType`,
 * `namespaceURI`, `localName`) and what every event of a kind carries (`key`, `button`). A document built
 * with `createHTMLDocument` has no `defaultView`, so asking the node's own window would not always work.
 * Every goldhack window uses these; lint forbids `instanceof` on DOM classes in src/ (eslint.config.js).
 */

const HTML_NS = "http://www.w3.org/1999/xhtml";
const ELEMENT_NODE = 1;

interface NodeLike {
  nodeType?: unknown;
  namespaceURI?: unknown;
  localName?: unknown;
}

function nodeLike(x: unknown): x is NodeLike {
  return typeof x === "object" && x !== null;
}

/** Any DOM Node (element, text, document…), from any realm. */
export function isNode(x: unknown): x is Node {
  return nodeLike(x) && typeof x.nodeType === "number" && typeof (x as { nodeName?: unknown }).nodeName === "string";
}

/** Any Element (HTML, SVG…), from any realm. */
export function isElement(x: unknown): x is Element {
  return isNode(x) && x.nodeType === ELEMENT_NODE;
}

/** An HTML element (not SVG or MathML), from any realm. */
export function isHTMLElement(x: unknown): x is HTMLElement {
  return isElement(x) && x.namespaceURI === HTML_NS;
}

function isHtmlTag(x: unknown, tag: string): boolean {
  return isHTMLElement(x) && x.localName === tag;
}

export function isInput(x: unknown): x is HTMLInputElement {
  return isHtmlTag(x, "input");
}

export function isSelect(x: unknown): x is HTMLSelectElement {
  return isHtmlTag(x, "select");
}

export function isTextArea(x: unknown): x is HTMLTextAreaElement {
  return isHtmlTag(x, "textarea");
}

export function isButton(x: unknown): x is HTMLButtonElement {
  return isHtmlTag(x, "button");
}

export function isForm(x: unknown): x is HTMLFormElement {
  return isHtmlTag(x, "form");
}

/** A control whose `value` a user edits: input, select or textarea. */
export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function isFormControl(x: unknown): x is FormControl {
  return isInput(x) || isSelect(x) || isTextArea(x);
}

/** A control with a caret: input or textarea. */
export function isTextField(x: unknown): x is HTMLInputElement | HTMLTextAreaElement {
  return isInput(x) || isTextArea(x);
}

/** `closest(selector)` of an event's target, when the target is an element (a text node is not). */
export function closestFrom<T extends Element = HTMLElement>(target: EventTarget | null, selector: string): T | null {
  return isElement(target) ? target.closest<T>(selector) : null;
}

/** A keyboard event (keydown, keyup), from any realm: it carries `key` and `code` as strings. */
export function isKeyboardEvent(e: unknown): e is KeyboardEvent {
  return typeof e === "object" && e !== null && typeof (e as { key?: unknown }).key === "string" && typeof (e as { code?: unknown }).code === "string";
}

/** A mouse or pointer event, from any realm: it carries a numeric `button` and `clientX`. */
export function isMouseEvent(e: unknown): e is MouseEvent {
  return typeof e === "object" && e !== null && typeof (e as { button?: unknown }).button === "number" && typeof (e as { clientX?: unknown }).clientX === "number";
}
