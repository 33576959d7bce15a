import { OB_GRADES } from "../rules";
import { type MigrationStep, runMigrations, type SystemSource } from "./schema-version";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Version 0 stored Fate and Persona as plain numbers; now they are `{value}` (max is derived). */
const CHARACTER_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    migrate(source) {
      for (const pool of ["fate", "persona"] as const) {
        const old = source[pool];
        if (typeof old === "number" || (typeof old === "string" && old.trim() !== "")) source[pool] = { value: Number(old) };
        else if (isRecord(old)) delete old.max;
      }
    },
  },
];

/** Version 0 stored an NPC's Ob as its grade name ("difficult"); now it is the number 1–5. */
const NPC_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    migrate(source) {
      if (typeof source.ob !== "string") return;
      const grade = source.ob.trim().toLowerCase();
      const match = Object.entries(OB_GRADES).find(([, name]) => name === grade);
      if (match) source.ob = Number(match[0]);
    },
  },
];

/** Brings a character's `system` source up to {@link SCHEMA_VERSION}. */
export function migrateCharacterSource(source: SystemSource): SystemSource {
  return runMigrations(source, CHARACTER_STEPS);
}

/** Brings an NPC's `system` source up to {@link SCHEMA_VERSION}. */
export function migrateNpcSource(source: SystemSource): SystemSource {
  return runMigrations(source, NPC_STEPS);
}
