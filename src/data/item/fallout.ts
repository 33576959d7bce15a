import type { EmptyObject } from "fvtt-types/utils";
import { migrateFalloutSource } from "../../migrations/item-sources";
import { COUNT_MAX } from "../limits";
import { richTextField, schemaVersionField } from "../fields";

const { fields } = foundry.data;

function defineFalloutSchema() {
  return {
    schemaVersion: schemaVersionField(),
    // The Ob points remaining when it was taken. SRD: Changes › Fallout: The Cost Of Unlucky Success
    rating: new fields.NumberField({ required: true, nullable: false, integer: true, min: 1, max: COUNT_MAX, initial: 1 }),
    permanent: new fields.BooleanField({ required: true, initial: false }),
    description: richTextField(),
  };
}

export type FalloutSchema = ReturnType<typeof defineFalloutSchema>;

/** A Fallout's `system`: rating (its Ob penalty) and whether it is permanent. SRD: Changes › Fallout */
export class GoldHackFalloutData extends foundry.abstract.TypeDataModel<FalloutSchema, Item.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Item.fallout"];

  static override defineSchema(): FalloutSchema {
    return defineFalloutSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateFalloutSource(source);
    return super.migrateData(source);
  }
}
