/**
 * Which parts of a sheet an embedded Item's change has to redraw. Foundry re-renders an actor's open sheet when
 * one of its Items changes, with `renderContext` "updateItem" ("{operation}{documentName}", foundryvtt.com API:
 * DocumentSheetRenderOptions) and `renderData` the changes, each with the changed Item's `_id` (as open-source
 * systems read it). Pure: the sheet passes how to find an Item's type.
 */

/** The render context of an embedded Item's update, as Foundry names it. */
export const ITEM_UPDATE_CONTEXT = "updateItem";

/**
 * The parts to redraw for this render, or null for all of them: when the render comes from an update of
 * embedded Items whose types all have their parts listed in `partsByType`, the union of those parts. Anything
 * else (another context, changes without a known Item, a type not listed, a change of type) redraws all.
 */
export function partsForItemUpdate(
  renderContext: unknown,
  renderData: unknown,
  typeOf: (id: string) => string | undefined,
  partsByType: Readonly<Record<string, readonly string[]>>,
): string[] | null {
  if (renderContext !== ITEM_UPDATE_CONTEXT) return null;
  const changes: unknown[] = Array.isArray(renderData) ? renderData : [renderData];
  if (changes.length === 0) return null;
  const parts = new Set<string>();
  for (const change of changes) {
    if (typeof change !== "object" || change === null || "type" in change) return null;
    const id: unknown = (change as { _id?: unknown })._id;
    const type = typeof id === "string" ? typeOf(id) : undefined;
    const shown = type === undefined ? undefined : partsByType[type];
    if (!shown) return null;
    for (const part of shown) parts.add(part);
  }
  return [...parts];
}
