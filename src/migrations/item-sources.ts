import { migrationNote, renameKey, type MigrationStep, type Repair, runMigrations, type SystemSource, typeKey } from "./schema-version";

/** The one Type whose sixes explode in the SRD: what version 0's `magic` flag meant. SRD: Alterations › My Skill Is Magic! */
const MAGIC_TYPE = "magic";

/** A stored flag as a boolean ("true"/"false" strings too); null when it says neither. */
function flag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  return null;
}

/**
 * Version 0 skills kept their Type in `type` (often capitalised, "Magic") and a stored `magic` flag;
 * now the Type is `skillType` in lower case and Magic is derived from it. In that old shape the flag is
 * dropped only where the Type already says the same; a Magic flag on a skill with no Type makes it a Magic skill, and one
 * that contradicts its Type makes it Magic too (the dice it rolled with), with a console note naming the
 * old Type, so the skill still explodes as it did.
 */
const SKILL_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    migrate(source) {
      // Only a source in version 0's shape (`type`, or no Type at all) gave the flag a meaning; beside
      // today's `skillType` it is a stray key, and Magic is read from the Type.
      const oldShape = "type" in source || !("skillType" in source);
      renameKey(source, "type", "skillType");
      if (!("magic" in source)) return;
      if (!oldShape) {
        delete source.magic;
        return;
      }
      const magic = flag(source.magic);
      const stored = typeKey(source.skillType);
      const type = typeof stored === "string" && stored !== "" ? stored : null;
      delete source.magic;
      if (magic !== true || type === MAGIC_TYPE) {
        if (magic === false && type === MAGIC_TYPE) migrationNote("a Magic skill stored as not Magic stays Magic: Magic is read from its Type");
        return;
      }
      if (type !== null) migrationNote(`a skill of Type ${type} stored as Magic is now of Type ${MAGIC_TYPE}, so its sixes still explode`);
      source.skillType = MAGIC_TYPE;
    },
  },
];

/** A skill's Type in capitals or with spaces (a hand-edited import at any version) is read as its key. */
const repairSkillType: Repair = (source) => {
  if ("skillType" in source) source.skillType = typeKey(source.skillType);
};

/** Version 0 traits kept their text in `notes`. */
const TRAIT_STEPS: readonly MigrationStep[] = [{ version: 1, migrate: (source) => void renameKey(source, "notes", "description") }];

/** Version 0 fallouts kept their rating in `value`. */
const FALLOUT_STEPS: readonly MigrationStep[] = [{ version: 1, migrate: (source) => void renameKey(source, "value", "rating") }];

/** Version 0 lifepaths kept their three Types in `types`, sometimes as one comma-separated string. */
const LIFEPATH_STEPS: readonly MigrationStep[] = [{ version: 1, migrate: (source) => void renameKey(source, "types", "skillTypes") }];

/**
 * A lifepath's Types as one comma-separated string, or as a list with capitals ("Fight") or spaces, at
 * any version, become the list of keys, in the same order.
 */
const repairLifepathTypes: Repair = (source) => {
  const stored = source.skillTypes;
  if (typeof stored === "string") {
    source.skillTypes = stored
      .split(",")
      .map(typeKey)
      .filter((type) => type !== "");
  } else if (Array.isArray(stored)) {
    source.skillTypes = stored.map(typeKey);
  }
};

/** Brings a skill's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateSkillSource = (source: SystemSource): SystemSource => runMigrations(source, SKILL_STEPS, [repairSkillType]);
/** Brings a trait's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateTraitSource = (source: SystemSource): SystemSource => runMigrations(source, TRAIT_STEPS);
/** Brings a fallout's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateFalloutSource = (source: SystemSource): SystemSource => runMigrations(source, FALLOUT_STEPS);
/** Brings a lifepath's `system` source up to {@link SCHEMA_VERSION}. */
export const migrateLifepathSource = (source: SystemSource): SystemSource => runMigrations(source, LIFEPATH_STEPS, [repairLifepathTypes]);
