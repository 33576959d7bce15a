import { renameKey, type MigrationStep, runMigrations, type SystemSource } from "./schema-version";

/**
 * Version 0 skills kept their Type in `type` (often capitalised, "Magic") and a stored `magic` flag;
 * now the Type is `skillType` in lower case and Magic is derived from it.
 */
const SKILL_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    migrate(source) {
      renameKey(source, "type", "skillType");
      if (typeof source.skillType === "string") source.skillType = source.skillType.trim().toLowerCase();
      delete source.magic;
    },
  },
];

/** Version 0 traits kept their text in `notes`. */
const TRAIT_STEPS: readonly MigrationStep[] = [{ version: 1, migrate: (source) => void renameKey(source, "notes", "description") }];

/** Version 0 fallouts kept their rating in `value`. */
const FALLOUT_STEPS: readonly MigrationStep[] = [{ version: 1, migrate: (source) => void renameKey(source, "value", "rating") }];

/** Version 0 lifepaths kept their three Types in `types`, sometimes as one comma-separated string. */
const LIFEPATH_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    migrate(source) {
      renameKey(source, "types", "skillTypes");
      if (typeof source.skillTypes === "string") {
        source.skillTypes = source.skillTypes
          .split(",")
          .map((type) => type.trim().toLowerCase())
          .filter((type) => type !== "");
      }
    },
  },
];

/** Brings a skill's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateSkillSource = (source: SystemSource): SystemSource => runMigrations(source, SKILL_STEPS);
/** Brings a trait's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateTraitSource = (source: SystemSource): SystemSource => runMigrations(source, TRAIT_STEPS);
/** Brings a fallout's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateFalloutSource = (source: SystemSource): SystemSource => runMigrations(source, FALLOUT_STEPS);
/** Brings a lifepath's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateLifepathSource = (source: SystemSource): SystemSource => runMigrations(source, LIFEPATH_STEPS);
