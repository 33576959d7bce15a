/**
 * The schema checks every GM action gets: from one valid payload, each field missing, of the wrong
 * type, out of bounds, and a prototype key added at the top and inside every nested object (a list's
 * entry, an object field), each must be refused naming the field; the valid payload itself must read.
 */
import { expect } from "vitest";
import { readPayload, type Field, type Schema } from "../../src/channel/schema";

type Json = Record<string, unknown>;

const wrongType = (field: Field): unknown =>
  field.kind === "int" || field.kind === "bool" ? "1" : field.kind === "ids" || field.kind === "list" || field.kind === "uuids" || field.kind === "enumList" ? {} : 7;

function outOfBounds(field: Field): unknown[] {
  switch (field.kind) {
    case "int":
      return [field.min - 1, field.max + 1, 1.5, 1e20, Number.NaN];
    case "text":
      return ["x".repeat(field.max + 1)];
    case "enum":
      return ["not-an-option", "__proto__"];
    case "id":
    case "nullableId":
      return ["", "x".repeat(65), "__proto__", "a b"];
    case "uuid":
      return ["", "Actor.__proto__", "Actor.constructor.x", "x".repeat(300)];
    case "ids":
      return [Array.from({ length: field.max + 1 }, (_, i) => `id${i}`), ["a", "a"], ["__proto__"]];
    case "uuids":
      return [Array.from({ length: field.max + 1 }, (_, i) => `Actor.id${i}`), ["Actor.a", "Actor.a"], ["Actor.__proto__"], [7]];
    case "enumList":
      return [Array.from({ length: field.max + 1 }, () => field.values[0]), ["not-an-option"], [7]];
    case "idMap":
      return [Object.fromEntries(Array.from({ length: field.max + 1 }, (_, i) => [`id${i}`, field.values[0]])), { a: "not-an-option" }, JSON.parse(`{"__proto__": "${field.values[0]}"}`)];
    case "list":
      return [Array.from({ length: field.max + 1 }, () => ({}))];
    case "object":
      return [[], "x"];
    case "bool":
      return [];
  }
}

/** `data` with a key that could reach a prototype (or any undeclared key) added first, as JSON would carry it. */
const withKey = (data: Json, key: string): Json => JSON.parse(JSON.stringify(data).replace(/^\{/, `{"${key}":{"polluted":true},`)) as Json;

/**
 * Runs every refusal on the fields of `schema`, from the valid `sample`, where `wrap` puts a changed
 * sample back into the whole payload and `prefix` is the path the refusal names.
 */
function checkFields(whole: Schema, schema: Schema, sample: Json, wrap: (inner: unknown) => unknown, prefix: string): void {
  const path = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const refusedFor = (inner: unknown, field: string) => {
    const data = wrap(inner);
    const read = readPayload(whole, data);
    expect(read, `${field}: ${JSON.stringify(data)}`).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    if (!read.ok) expect(String(read.problem.data?.field), JSON.stringify(data)).toContain(field);
  };
  for (const [key, field] of Object.entries(schema)) {
    if (!field.optional) {
      const { [key]: _gone, ...missing } = sample;
      refusedFor(missing, path(key));
    }
    refusedFor({ ...sample, [key]: wrongType(field) }, path(key));
    if (!(field.kind === "nullableId" || (field.kind === "object" && field.nullable))) refusedFor({ ...sample, [key]: null }, path(key));
    for (const bad of outOfBounds(field)) refusedFor({ ...sample, [key]: bad }, path(key));
    const value = sample[key];
    if (field.kind === "list" && Array.isArray(value) && value.length > 0) {
      const first = (value as Json[])[0] ?? {};
      checkFields(whole, field.of, first, (entry) => wrap({ ...sample, [key]: [entry, ...(value as Json[]).slice(1)] }), `${path(key)}.0`);
    }
    if (field.kind === "object" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      checkFields(whole, field.of, value as Json, (inner) => wrap({ ...sample, [key]: inner }), path(key));
    }
  }
  for (const bad of ["__proto__", "constructor", "prototype", "notInSchema"]) refusedFor(withKey(sample, bad), path(bad));
  refusedFor([sample], prefix || "payload");
}

/**
 * Runs every refusal on `schema` from the valid `sample`; `nested` are further valid samples that fill
 * in what `sample` leaves empty or null (a nullable object given, a list given an entry), each checked
 * the same way.
 */
export function checkSchema(schema: Schema, sample: Json, ...nested: Json[]): void {
  for (const valid of [sample, ...nested]) {
    expect(readPayload(schema, valid), JSON.stringify(valid)).toMatchObject({ ok: true });
    checkFields(schema, schema, valid, (inner) => inner, "");
  }
  expect(readPayload(schema, null)).toMatchObject({ ok: false, problem: { data: { field: "payload" } } });
  expect(({} as Json).polluted).toBeUndefined();
}
