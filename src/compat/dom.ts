/**
 * Windows may live in another browser window: in v14 an application can pop out of the main page
 * (FOUNDRY-NOTES "Foundry v14"). So code that creates elements, reads focus or listens on the page uses
 * its own element's document, never the global `document`.
 */

/** The document an element lives in. */
export function documentOf(element: Element): Document {
  return element.ownerDocument;
}

/** The element that has focus in the element's own document, if it lies inside the element. */
export function focusedWithin(element: Element): HTMLElement | null {
  const active = documentOf(element).activeElement;
  return active instanceof HTMLElement && element.contains(active) ? active : null;
}
