import { beforeAll, describe, expect, it } from "vitest";
import type { ModelClass } from "../foundry/fields";
import { installGoldHack } from "../foundry/documents";
import { readAllPacks, type SourceDocument } from "./read-sources";

/**
 * Every Actor and Item in our compendium sources (embedded Items too) must hold
 * `system` data that our own data models accept unchanged: validated through the
 * models' field definitions, via the Foundry stand-in, never a copy of the schema.
 */
type Models = Record<string, ModelClass>;
let actorModels: Models;
let itemModels: Models;

beforeAll(async () => {
  const env = await installGoldHack();
  actorModels = env.config.Actor.dataModels as Models;
  itemModels = env.config.Item.dataModels as Models;
});

interface Checked {
  where: string;
  type: string;
  system: Record<string, unknown>;
  models: () => Models;
}

function documentsToCheck(): Checked[] {
  const out: Checked[] = [];
  for (const { pack, entries } of readAllPacks().values()) {
    for (const { file, doc } of entries) {
      const where = `${pack}/${file}`;
      const d = doc as SourceDocument & { type?: string; system?: Record<string, unknown>; items?: (SourceDocument & { type: string; system: Record<string, unknown> })[] };
      if (d._key.startsWith("!actors!") && d.type && d.system) out.push({ where, type: d.type, system: d.system, models: () => actorModels });
      if (d._key.startsWith("!items!") && d.type && d.system) out.push({ where, type: d.type, system: d.system, models: () => itemModels });
      for (const item of d.items ?? []) out.push({ where: `${where} › ${item.name}`, type: item.type, system: item.system, models: () => itemModels });
    }
  }
  return out;
}

const checked = documentsToCheck();

describe("compendium system data through the data models", () => {
  it("covers every Actor and Item of the packs", () => {
    expect(checked.length).toBeGreaterThan(150);
    expect(new Set(checked.map((c) => c.type))).toEqual(new Set(["character", "npc", "skill", "trait", "fallout", "lifepath"]));
  });

  it.each(checked.map((c) => [c.where, c] as const))("%s is valid as stored", (_where, { type, system, models }) => {
    const model = models()[type];
    expect(model, `a data model for ${type}`).toBeDefined();
    expect(model?.validateSource(system, { clean: false })).toEqual([]);
  });

  it.each(checked.map((c) => [c.where, c] as const))("%s is kept unchanged by cleaning", (_where, { type, system, models }) => {
    const model = models()[type] as ModelClass;
    const cleaned = model.cleanData(structuredClone(system));
    for (const [key, value] of Object.entries(system)) expect(cleaned[key], key).toEqual(value);
  });
});
