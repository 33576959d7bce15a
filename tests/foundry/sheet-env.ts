/**
 * A world for the character sheet's DOM tests: the request world's users and settings, the stand-in
 * ApplicationV2 with our real templates, UUIDs, one Foundry API shape, and our actor sheets registered.
 */
import { API_SHAPES, installApiShape } from "./api-shapes";
import { installApplications, useRealTemplates } from "./applications";
import type { FoundryEnv } from "./documents";
import { installRequestWorld } from "./request-env";
import { installUuids } from "./uuid";

export async function installSheetWorld(shape: (typeof API_SHAPES)[number]): Promise<FoundryEnv> {
  const { env } = await installRequestWorld("en");
  installApplications();
  useRealTemplates("en");
  installUuids();
  installApiShape(shape);
  const { registerActorSheets } = await import("../../src/applications/sheets/register");
  registerActorSheets();
  return env;
}
