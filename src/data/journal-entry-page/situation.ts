import type { EmptyObject } from "fvtt-types/utils";

import { CONFLICT_KINDS } from "./situation-limits";
import { richTextField } from "../fields";

export { CONFLICT_KINDS, MAX_POWERS, type ConflictKind } from "./situation-limits";

const { fields } = foundry.data;

function defineSituationSchema() {
  const text = () => new fields.StringField({ required: true, blank: true, initial: "" });
  return {
    /** Where does it take place? */
    place: text(),
    /** Who are the powers that be? Each a name and, optionally, the uuid of an Actor or journal page. */
    powers: new fields.ArrayField(new fields.SchemaField({ name: text(), link: text() }), { required: true, initial: [] }),
    /** How are the characters tied to those powers (what the table agreed; each character's own tie is on the character). */
    ties: text(),
    /** What's the main conflict? */
    conflict: text(),
    conflictKind: new fields.StringField({ required: true, blank: false, initial: "intrigue", choices: [...CONFLICT_KINDS] }),
    /** How do they relate to the people of that place? */
    people: text(),
    notes: richTextField(),
  };
}

export type SituationSchema = ReturnType<typeof defineSituationSchema>;

/**
 * A `situation` journal page's `system`: the SRD's four questions answered, the powers listed one by one
 * so a character can be tied to one. SRD: Gameplay: Situation
 */
export class GoldHackSituationData extends foundry.abstract.TypeDataModel<SituationSchema, JournalEntryPage.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.JournalEntryPage.situation"];

  static override defineSchema(): SituationSchema {
    return defineSituationSchema();
  }
}
