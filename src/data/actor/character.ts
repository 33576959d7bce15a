import type { EmptyObject } from "fvtt-types/utils";
import { migrateCharacterSource } from "../../migrations/actor-sources";
import { defaultAge, defaultAgeRow } from "../defaults";
import { clampToPotential } from "../limits";
import { richTextField, schemaVersionField } from "../fields";

const { fields } = foundry.data;

/** Age keys and labels from CONFIG, read each time so a hack's ages count. */
const ageChoices = (): Record<string, string> =>
  Object.fromEntries(Object.entries(CONFIG.GOLDHACK.ages).map(([key, age]) => [key, age.label]));

const pool = (initial: () => number) =>
  new fields.SchemaField({
    value: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial }),
  });

function defineCharacterSchema() {
  return {
    schemaVersion: schemaVersionField(),
    age: new fields.StringField({ required: true, blank: false, initial: defaultAge, choices: ageChoices }),
    // Starting Rewards of the default age. SRD: Characters › The Basic Chart
    fate: pool(() => defaultAgeRow().fate),
    persona: pool(() => defaultAgeRow().persona),
    drives: new fields.SchemaField({
      belief: new fields.StringField({ required: true, blank: true, initial: "" }),
      goal: new fields.StringField({ required: true, blank: true, initial: "" }),
      instinct: new fields.StringField({ required: true, blank: true, initial: "" }),
    }),
    biography: richTextField(),
    // The character's tie to one of the Situation's powers, chosen in the builder: the power's name and its
    // link (an Actor or page uuid, "" for none), copied from the Situation page. SRD: Characters › Situation
    tie: new fields.SchemaField({
      power: new fields.StringField({ required: true, blank: true, initial: "" }),
      link: new fields.StringField({ required: true, blank: true, initial: "" }),
    }),
    // Set by the GM's Retire action only (GoldHackActor#setRetired). A retired character keeps its sheet and history
    // but leaves votes, group Tests and downtime. SRD: Changes › Aging Your Character ("You can retire your character")
    retired: new fields.BooleanField({ required: true, nullable: false, initial: false }),
  };
}

export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;

/** What prepareDerivedData adds: Potential from the chart, and Fate/Persona maxima equal to it (token bars read them). */
export type CharacterDerived = {
  potential: number;
  // Derived types replace, not merge, the schema's: so `value` is repeated here.
  fate: { value: number; max: number };
  persona: { value: number; max: number };
};

/**
 * A player character's `system`. Potential is derived from the age's row of CONFIG.GOLDHACK.ages (so a
 * hack's chart applies) and caps Fate and Persona. SRD: Characters › The Basic Chart
 */
export class GoldHackCharacterData extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, EmptyObject, CharacterDerived> {
  static override LOCALIZATION_PREFIXES = ["GOLDHACK.Actor.character"];

  static override defineSchema(): CharacterSchema {
    return defineCharacterSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateCharacterSource(source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const potential = CONFIG.GOLDHACK.ages[this.age]?.potential ?? 0;
    this.potential = potential;
    // Stored data may hold more than Potential allows (an import, a lowered age, a hack's chart): what is
    // prepared never does, so the sheet, the dialog and spending all read a legal value. SRD: The Basic Chart
    for (const pool of [this.fate, this.persona]) {
      pool.value = clampToPotential(pool.value, potential);
      pool.max = potential;
    }
  }
}

/**
 * Whether an actor is a retired character. Reads the stored field defensively (any actor, any document shape), so
 * callers outside the data layer need no cast. SRD: Changes › Aging Your Character
 */
export function isRetired(actor: { readonly type?: string; readonly system?: unknown } | null | undefined): boolean {
  return actor?.type === "character" && (actor.system as { retired?: unknown } | undefined)?.retired === true;
}
