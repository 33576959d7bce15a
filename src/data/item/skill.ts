import type { EmptyObject } from "fvtt-types/utils";
import { migrateSkillSource } from "../../migrations/item-sources";
import { defaultSkillType } from "../defaults";
import { COUNT_MAX } from "../limits";
import { skillTypeChoices } from "./skill-types";
import { richTextField, schemaVersionField } from "../fields";

const { fields } = foundry.data;

// Bounded at COUNT_MAX: the SRD sets no maximum, and an unbounded typo would build millions of dice.
// Ruling: ruling-rating-cap (rules journal)
const count = (initial: number) => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: COUNT_MAX, initial });

function defineSkillSchema() {
  return {
    schemaVersion: schemaVersionField(),
    skillType: new fields.StringField({ required: true, blank: false, initial: defaultSkillType, choices: skillTypeChoices }),
    rating: count(1),
    // Tests logged toward the next rating. SRD: Changes › Skill Learning
    passed: count(0),
    failed: count(0),
    description: richTextField(),
  };
}

export type SkillSchema = ReturnType<typeof defineSkillSchema>;

/** A Skill's `system`: its Type, rating and learning logs. Magic is read from the Type, never stored. */
export class GoldHackSkillData extends foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Item.skill"];

  static override defineSchema(): SkillSchema {
    return defineSkillSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSkillSource(source);
    return super.migrateData(source);
  }

  /** Whether its Type explodes sixes (CONFIG.GOLDHACK.skillTypes). SRD: Alterations › My Skill Is Magic! */
  get magic(): boolean {
    return CONFIG.GOLDHACK.skillTypes[this.skillType]?.explodes ?? false;
  }
}
