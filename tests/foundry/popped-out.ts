/**
 * A test file's popped-out variant. Files whose windows otherwise open in the main window (the builder,
 * downtime, group, votes, board, hack editor, Situation, Retire, permission tests) are run a second time by
 * a `<name>.popped-out.test.ts` that calls `popOutThisFile()` and then imports the file. The file calls
 * `installVariantShape()` right after it builds its world; in the variant that installs "v14 popped out"
 * (api-shapes.ts › installDomShape: the v14 API, and every window mounted in a pop-out of another realm,
 * popout-realm.ts, also after a later installApplications()), in the file's own run it does nothing.
 * After the file, the variant checks that its windows were drawn in the pop-out and none in the main window.
 *
 * Why a second file rather than `describe.each(DOM_SHAPES)`: these files have many describes with their
 * own worlds; importing them once more keeps every test as it is, and the run shows the variant by name.
 */
import { afterAll, expect } from "vitest";
import { type DomShape, installDomShape, type ShapeHandles } from "./api-shapes";
import { mounts, setDefaultMountDocument } from "./applications";

let variant: DomShape | null = null;

/** Marks this test file's run as the popped-out variant. Call before importing the file it repeats. */
export function popOutThisFile(): void {
  variant = "v14 popped out";
  // The variant shows something only if its windows really were drawn in the pop-out, every one of them.
  afterAll(() => {
    expect(mounts.other, "windows drawn in the pop-out").toBeGreaterThan(0);
    expect(mounts.main, "windows drawn in the main window in the popped-out run").toBe(0);
  });
}

/** The shape this run installs, or null for the file's own run. */
export const variantShape = (): DomShape | null => variant;

/** In the popped-out variant: the v14 API and a fresh pop-out that windows mount in; otherwise nothing. */
export async function installVariantShape(): Promise<ShapeHandles | null> {
  if (!variant) return null;
  const handles = await installDomShape(variant);
  // Kept through a later installApplications() of the same test (a reload, a second world).
  setDefaultMountDocument(handles.windowDocument);
  return handles;
}
