/**
 * Work that should wait until the user has seen the next frame (the rest of a big sheet, drawn after what fills its
 * window). A frame callback runs before that frame is drawn; a task it queues runs after.
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
