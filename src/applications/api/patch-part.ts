/**
 * Brings a drawn part up to date in place: `live` (on screen) takes `fresh`'s attributes, texts and shape,
 * node by node, and only what differs is written. A keystroke that changes three numbers then changes three
 * text nodes, instead of replacing the part whole (which restyles and lays out every node of it again, and
 * loses what the user did inside it, such as an opened <details>). Where a node list changes shape (a
 * modifier added), that list is replaced from `fresh`. No Foundry globals: the bench and the tests call it.
 */

/** Attributes the user or the application owns on the live node, never taken from the fresh one. */
const KEEP: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "*": ["data-application-part"],
  details: ["open"],
});

const kept = (el: Element, name: string): boolean => (KEEP["*"] ?? []).includes(name) || (KEEP[el.localName] ?? []).includes(name);

function patchAttributes(live: Element, fresh: Element): void {
  for (const name of live.getAttributeNames()) if (!fresh.hasAttribute(name) && !kept(live, name)) live.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    if (kept(live, name)) continue;
    const value = fresh.getAttribute(name) ?? "";
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
}

/** Node types: 1 element, 3 text, 8 comment (numbers, so this works in any realm and without a DOM global). */
const ELEMENT = 1;

/** Patches `live` to match `fresh` (same tag expected; a different tag is replaced whole). Returns the node now on screen. */
export function patchPart(live: Element, fresh: Element): Element {
  if (live.localName !== fresh.localName) {
    live.replaceWith(fresh);
    return fresh;
  }
  patchAttributes(live, fresh);
  patchChildren(live, fresh);
  return live;
}

function patchChildren(live: Element, fresh: Element): void {
  const a = live.childNodes;
  const b = fresh.childNodes;
  const sameShape = a.length === b.length && [...a].every((node, i) => node.nodeName === b[i]?.nodeName);
  if (!sameShape) {
    live.replaceChildren(...[...b]);
    return;
  }
  for (let i = 0; i < a.length; i++) {
    const node = a[i] as ChildNode;
    const other = b[i] as ChildNode;
    if (node.nodeType === ELEMENT) {
      patchAttributes(node as Element, other as Element);
      patchChildren(node as Element, other as Element);
    } else if (node.nodeValue !== other.nodeValue) node.nodeValue = other.nodeValue;
  }
}

/**
 * Writes each text into the node under `root` whose `data-live` attribute names it, where it differs: the whole
 * redraw of a part whose shape did not change (the Test dialog's summary on a keystroke in Ob).
 */
export function patchLiveTexts(root: ParentNode, texts: Readonly<Record<string, string>>): void {
  for (const node of root.querySelectorAll<HTMLElement>("[data-live]")) {
    const text = texts[node.dataset.live ?? ""];
    if (text !== undefined && node.textContent !== text) node.textContent = text;
  }
}
