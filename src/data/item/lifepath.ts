import type { EmptyObject } from "fvtt-types/utils";
import { migrateLifepathSource } from "../../migrations/item-sources";
import { skillTypeChoices } from "./skill-types";
import { richTextField, schemaVersionField } from "../fields";

const { fields } = foundry.data;

/** A Lifepath gives access to exactly this many Types. SRD: Characters › Lifepaths */
export const LIFEPATH_TYPE_COUNT = 3;

function defineLifepathSchema() {
  return {
    schemaVersion: schemaVersionField(),
    // The first Type gives the free rating-2 Skill. SRD: Characters › Lifepaths
    skillTypes: new fields.ArrayField(new fields.StringField({ required: true, blank: false, choices: skillTypeChoices }), {
      required: true,
      initial: () => Object.keys(CONFIG.GOLDHACK.skillTypes).slice(0, LIFEPATH_TYPE_COUNT),
    }),
    description: richTextField(),
  };
}

export type LifepathSchema = ReturnType<typeof defineLifepathSchema>;

/** A Lifepath's `system`: its three Types in order, and its text. SRD: Characters › Lifepaths */
export class GoldHackLifepathData extends foundry.abstract.TypeDataModel<LifepathSchema, Item.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Item.lifepath"];

  static override defineSchema(): LifepathSchema {
    return defineLifepathSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateLifepathSource(source);
    return super.migrateData(source);
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<LifepathSchema>): void {
    if (data.skillTypes.length !== LIFEPATH_TYPE_COUNT) {
      throw new Error(`a Lifepath has exactly ${LIFEPATH_TYPE_COUNT} Types, got ${data.skillTypes.length}`);
    }
  }

  /** The Type of the free rating-2 Skill. */
  get freeSkillType(): string | undefined {
    return this.skillTypes[0];
  }
}
