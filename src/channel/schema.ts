/**
 * A GM action's payload, declared once as a schema with types and bounds, and read against it before
 * the handler runs. Pure. A payload only carries choices (ids, booleans, an option, a count the player
 * may choose): anything the schema does not name, a value of the wrong type or out of bounds, and any
 * key that could reach an object's prototype is refused with a localised message naming the field.
 */
import type { Problem } from "../rules";

export type Field =
  | { kind: "id"; optional?: true }
  | { kind: "uuid"; optional?: true }
  | { kind: "text"; max: number; optional?: true }
  | { kind: "int"; min: number; max: number; optional?: true }
  | { kind: "bool"; optional?: true }
  | { kind: "enum"; values: readonly string[]; optional?: true }
  | { kind: "nullableId"; optional?: true }
  | { kind: "ids"; max: number; optional?: true }
  | { kind: "idMap"; values: readonly string[]; max: number; optional?: true }
  | { kind: "list"; of: Schema; max: number; optional?: true }
  | { kind: "object"; of: Schema; nullable?: true; optional?: true }
  | { kind: "uuids"; max: number; optional?: true }
  | { kind: "enumList"; values: readonly string[]; max: number; optional?: true };

export type Schema = Readonly<Record<string, Field>>;

type ValueOf<F extends Field> = F extends { kind: "id" | "uuid" | "text" }
  ? string
  : F extends { kind: "int" }
    ? number
    : F extends { kind: "bool" }
      ? boolean
      : F extends { kind: "enum"; values: readonly (infer V)[] }
        ? V
        : F extends { kind: "nullableId" }
          ? string | null
          : F extends { kind: "ids" }
            ? string[]
            : F extends { kind: "idMap"; values: readonly (infer V)[] }
              ? Record<string, V>
              : F extends { kind: "list"; of: infer S extends Schema }
                ? Parsed<S>[]
                : F extends { kind: "object"; of: infer S extends Schema; nullable: true }
                  ? Parsed<S> | null
                  : F extends { kind: "object"; of: infer S extends Schema }
                    ? Parsed<S>
                    : F extends { kind: "uuids" }
                      ? string[]
                      : F extends { kind: "enumList"; values: readonly (infer V)[] }
                        ? V[]
                        : never;

/** What a payload read against schema `S` is: each field's value, optional fields possibly absent. */
export type Parsed<S extends Schema> = { [K in keyof S as S[K] extends { optional: true } ? never : K]: ValueOf<S[K]> } & {
  [K in keyof S as S[K] extends { optional: true } ? K : never]?: ValueOf<S[K]>;
};

export type PayloadRead<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Keys that could reach an object's prototype, refused as a key anywhere in a payload. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The longest id (Foundry's are 16 characters) and uuid (a path of ids) a payload may carry. */
export const MAX_ID = 64;
export const MAX_UUID = 256;
const ID = /^[A-Za-z0-9_-]+$/;
const UUID = /^[A-Za-z0-9_.-]+$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= MAX_ID && ID.test(v) && !PROTOTYPE_KEYS.has(v);
const isUuid = (v: unknown): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= MAX_UUID && UUID.test(v) && !v.split(".").some((s) => PROTOTYPE_KEYS.has(s));

class Refused extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}

function readField(field: Field, value: unknown, path: string): unknown {
  const fail = (): never => {
    throw new Refused(path);
  };
  switch (field.kind) {
    case "id":
      return isId(value) ? value : fail();
    case "uuid":
      return isUuid(value) ? value : fail();
    case "text":
      return typeof value === "string" && value.length <= field.max ? value : fail();
    case "int":
      return Number.isSafeInteger(value) && (value as number) >= field.min && (value as number) <= field.max ? value : fail();
    case "bool":
      return typeof value === "boolean" ? value : fail();
    case "enum":
      return typeof value === "string" && field.values.includes(value) ? value : fail();
    case "nullableId":
      return value === null || isId(value) ? value : fail();
    case "ids": {
      if (!Array.isArray(value) || value.length > field.max || !value.every(isId) || new Set(value).size !== value.length) return fail();
      return [...(value as string[])];
    }
    case "idMap": {
      if (!isRecord(value)) return fail();
      const entries = Object.entries(value);
      if (entries.length > field.max) return fail();
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [key, v] of entries) {
        if (!isId(key) || typeof v !== "string" || !field.values.includes(v)) throw new Refused(`${path}.${key}`);
        out[key] = v;
      }
      return { ...out };
    }
    case "list": {
      if (!Array.isArray(value) || value.length > field.max) return fail();
      return value.map((entry: unknown, i) => readObject(field.of, entry, `${path}.${i}`));
    }
    case "object":
      return value === null && field.nullable ? null : readObject(field.of, value, path);
    case "uuids": {
      if (!Array.isArray(value) || value.length > field.max || !value.every(isUuid) || new Set(value).size !== value.length) return fail();
      return [...(value as string[])];
    }
    case "enumList": {
      if (!Array.isArray(value) || value.length > field.max || !value.every((v) => typeof v === "string" && field.values.includes(v))) return fail();
      return [...(value as string[])];
    }
  }
}

function readObject(schema: Schema, data: unknown, prefix: string): Record<string, unknown> {
  if (!isRecord(data)) throw new Refused(prefix || "payload");
  for (const key of Object.keys(data)) {
    if (PROTOTYPE_KEYS.has(key) || !Object.hasOwn(schema, key)) throw new Refused(prefix ? `${prefix}.${key}` : key);
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!Object.hasOwn(data, key) || data[key] === undefined) {
      if (field.optional) continue;
      throw new Refused(path);
    }
    out[key] = readField(field, data[key], path);
  }
  return out;
}

/** Reads `data` against `schema`: the parsed value, or the refusal naming the first field that is not as declared. */
export function readPayload<S extends Schema>(schema: S, data: unknown): PayloadRead<Parsed<S>> {
  try {
    return { ok: true, value: readObject(schema, data, "") as Parsed<S> };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: error.field } } };
    throw error;
  }
}
