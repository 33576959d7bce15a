import type { EmptyObject } from "fvtt-types/utils";
import { migrateTraitSource } from "../../migrations/item-sources";
import { richTextField, schemaVersionField } from "../fields";

function defineTraitSchema() {
  return {
    schemaVersion: schemaVersionField(),
    description: richTextField(),
  };
}

export type TraitSchema = ReturnType<typeof defineTraitSchema>;

/** A Trait's `system`: just its text; the group judges when it helps or hinders. SRD: Drives › Traits */
export class GoldHackTraitData extends foundry.abstract.TypeDataModel<TraitSchema, Item.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Item.trait"];

  static override defineSchema(): TraitSchema {
    return defineTraitSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateTraitSource(source);
    return super.migrateData(source);
  }
}
