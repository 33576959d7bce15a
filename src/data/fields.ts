/** The fields every goldhack `system` model declares alike, made in one place. */
import { SCHEMA_VERSION } from "../migrations/schema-version";

const { fields } = foundry.data;

/** The schema version the `system` was last migrated to (src/migrations/); new documents start at the current one. */
export const schemaVersionField = () => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION });

/** Rich text, empty by default: a description, a biography, a page's notes. */
export const richTextField = () => new fields.HTMLField({ required: true, blank: true, initial: "" });
