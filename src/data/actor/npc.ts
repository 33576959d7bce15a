import type { EmptyObject } from "fvtt-types/utils";
import { migrateNpcSource } from "../../migrations/actor-sources";
import { OB_GRADES } from "../../rules";
import { defaultAgeRow } from "../defaults";
import { COUNT_MAX } from "../limits";
import { richTextField, schemaVersionField } from "../fields";

const { fields } = foundry.data;

const OB_VALUES = Object.keys(OB_GRADES).map(Number);

function defineNpcSchema() {
  return {
    schemaVersion: schemaVersionField(),
    // The Ob this opponent sets, Amateur (1) to Legendary (5). SRD: Tests › 2) Choosing The Skill & The Obstacle
    ob: new fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: Math.min(...OB_VALUES),
      max: Math.max(...OB_VALUES),
      initial: 2,
    }),
    potential: new fields.NumberField({ required: true, nullable: false, integer: true, min: 1, max: COUNT_MAX, initial: () => defaultAgeRow().potential }),
    description: richTextField(),
  };
}

export type NpcSchema = ReturnType<typeof defineNpcSchema>;

/** A GM character's `system`: an opponent's Ob and a stored Potential (NPCs have no age chart). */
export class GoldHackNpcData extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Actor.npc"];

  static override defineSchema(): NpcSchema {
    return defineNpcSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateNpcSource(source);
    return super.migrateData(source);
  }
}
