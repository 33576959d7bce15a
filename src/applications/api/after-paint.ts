/**
 * Work that should wait until the user has seen the next frame (the rest of a big sheet, drawn after what fills its
 * window). A frame callback runs before that frame is drawn; a task it queues runs after. `view` is the browser
 * window the element is drawn in: a window popped out of Foundry's (v14) has frames of its own, and a hidden main
 * window has none.
 */
export function afterNextPaint(work: () => void, view: Pick<Window, "requestAnimationFrame" | "setTimeout"> = window): void {
  view.requestAnimationFrame(() => view.setTimeout(work, 0));
}
