import { OB_GRADES } from "../rules";
import { migrationNote, type MigrationStep, type Repair, runMigrations, type SystemSource } from "./schema-version";

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

/** A stored count as a finite number: numbers and numeric strings as they are, anything else null. */
function numeric(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Fate or Persona that is not a number (a word typed into an import, `true`, NaN) would make the whole
 * character invalid, and Foundry would hide it: it becomes 0 instead, with a console note. A plain number
 * stored at the current version (hand-edited) is wrapped as `{value}`. Null or missing is left for the
 * field's initial value; a value above Potential is clamped when the character is prepared.
 */
const repairPools: Repair = (source) => {
  for (const pool of ["fate", "persona"] as const) {
    if (!(pool in source)) continue;
    const stored = source[pool];
    if (stored === null || stored === undefined) continue;
    const holder = isRecord(stored) ? stored : { value: stored };
    if (!("value" in holder) || holder.value === null || holder.value === undefined) {
      source[pool] = holder;
      continue;
    }
    const n = numeric(holder.value);
    if (n === null) migrationNote(`${pool} was not a number (${JSON.stringify(holder.value) ?? String(holder.value)}); it is now 0`);
    source[pool] = { ...holder, value: n ?? 0 };
  }
};

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
  return runMigrations(source, CHARACTER_STEPS, [repairPools]);
}

/** Brings an NPC's `system` source up to {@link SCHEMA_VERSION}. */
export function migrateNpcSource(source: SystemSource): SystemSource {
  return runMigrations(source, NPC_STEPS);
}
