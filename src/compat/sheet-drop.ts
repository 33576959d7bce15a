/**
 * ActorSheetV2's own handling of one dropped Item, `_onDropItem(event, item)` (docs/foundry-facts.md ›
 * Drops on actor sheets): Foundry's drop handling has already resolved the drag data to the Item; this
 * default creates a copy on the actor, or sorts an Item the actor already has, and returns the Item
 * created or null. A sheet that refuses or adds to a drop overrides `_onDropItem` and calls Foundry's
 * through here: the v13 types we build against do not declare the method, so `super._onDropItem` does
 * not type-check. Feature-detected: without it (a Foundry that no longer calls it) this does nothing.
 */
type DropItem = (this: object, event: DragEvent, item: unknown) => Promise<unknown>;

/** Calls the `_onDropItem` the class whose prototype is `own` inherits, on `sheet`. */
export async function inheritedDropItem(sheet: object, own: object, event: DragEvent, item: unknown): Promise<unknown> {
  const inherited = (Object.getPrototypeOf(own) as { _onDropItem?: unknown } | null)?._onDropItem;
  if (typeof inherited !== "function") return null;
  return (inherited as DropItem).call(sheet, event, item);
}
