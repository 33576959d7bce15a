/**
 * A world for the character sheet's DOM tests: the request world's users and settings, the stand-in
 * ApplicationV2 with our real templates, UUIDs, one Foundry API shape, and our actor sheets registered.
 */
import { type DomShape, installDomShape } from "./api-shapes";
import { installApplications, type StandInActorSheetV2, useRealTemplates } from "./applications";
import type { FoundryEnv } from "./documents";
import { installRequestWorld } from "./request-env";
import { $ } from "./user-input";
import { installUuids } from "./uuid";

/** The character sheet's parts, in order: the header, then one per tab. */
export const CHARACTER_PARTS = ["header", "skills", "drives", "fallout", "biography", "lifepaths"];

/** Each part's element on screen now, by part id. */
export const partElements = (sheet: StandInActorSheetV2): Record<string, Element> =>
  Object.fromEntries(CHARACTER_PARTS.map((id) => [id, $(sheet.element, `[data-application-part="${id}"]`)]));

/** The parts whose element is no longer the one in `before` (redrawn since). */
export const redrawn = (sheet: StandInActorSheetV2, before: Record<string, Element>): string[] => {
  const now = partElements(sheet);
  return CHARACTER_PARTS.filter((id) => now[id] !== before[id]);
};

export async function installSheetWorld(shape: DomShape): Promise<FoundryEnv> {
  const { env } = await installRequestWorld("en");
  installApplications();
  useRealTemplates("en");
  installUuids();
  await installDomShape(shape);
  const { registerActorSheets } = await import("../../src/applications/sheets/register");
  registerActorSheets();
  return env;
}
