/**
 * Fills the builder's catalogue from Foundry: every Item compendium (a hack's packs included) and the
 * world's Items, read through compendium indexes so nothing is loaded until it is used; and loads the
 * chosen entries' item data at Create. SRD: Characters › Lifepaths ("modify or expand this list")
 */
import { emptyCatalogue, type BuilderCatalogue } from "./builder-catalogue";
import type { ItemData } from "./builder-actor";

/** What an index entry (or a world Item) tells us without loading it. */
interface EntryLike {
  uuid?: unknown;
  name?: unknown;
  type?: unknown;
  system?: { skillTypes?: unknown; skillType?: unknown } | undefined;
}

const INDEX_FIELDS = ["system.skillTypes", "system.skillType"];

function addEntry(catalogue: BuilderCatalogue, entry: EntryLike, origin: string): void {
  const uuid = typeof entry.uuid === "string" ? entry.uuid : null;
  const name = typeof entry.name === "string" ? entry.name : "";
  if (!uuid || name === "") return;
  if (entry.type === "lifepath") {
    const types = Array.isArray(entry.system?.skillTypes) ? entry.system.skillTypes.filter((t): t is string => typeof t === "string") : [];
    catalogue.lifepaths.push({ uuid, name, types, origin });
  } else if (entry.type === "skill" && typeof entry.system?.skillType === "string") {
    catalogue.skills.push({ uuid, name, type: entry.system.skillType });
  } else if (entry.type === "trait") {
    catalogue.traits.push({ uuid, name });
  }
}

/** Every Lifepath, Skill and Trait the user can see, the world's first, then each Item compendium's. */
export async function loadCatalogue(): Promise<BuilderCatalogue> {
  const catalogue = emptyCatalogue();
  const worldLabel = game.i18n?.localize("GOLDHACK.Builder.WorldItems") ?? "World";
  for (const item of game.items?.contents ?? []) {
    addEntry(catalogue, { uuid: item.uuid, name: item.name, type: item.type, system: item.system as EntryLike["system"] }, worldLabel);
  }
  for (const pack of game.packs?.contents ?? []) {
    if (pack.documentName !== "Item" || !pack.visible) continue;
    const index = await pack.getIndex({ fields: INDEX_FIELDS as never });
    for (const entry of index.contents as EntryLike[]) addEntry(catalogue, entry, pack.title);
  }
  return catalogue;
}

/** The item data of each uuid; the uuids that no longer resolve (a deleted entry) are listed apart. */
export async function loadSources(uuids: readonly string[]): Promise<{ sources: Map<string, ItemData>; missing: string[] }> {
  const sources = new Map<string, ItemData>();
  const missing: string[] = [];
  for (const uuid of uuids) {
    const doc = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
    if (doc instanceof Item) sources.set(uuid, doc.toObject() as unknown as ItemData);
    else missing.push(uuid);
  }
  return { sources, missing };
}
