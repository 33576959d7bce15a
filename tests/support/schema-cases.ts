/**
 * The schema checks every GM action gets: from one valid payload, each field missing, of the wrong
 * type, out of bounds, and a prototype key added at the top and inside every nested object, each must
 * be refused naming the field; the valid payload itself must read.
 */
import { expect } from "vitest";
import { readPayload, type Field, type Schema } from "../../src/channel/schema";

type Json = Record<string, unknown>;

const wrongType = (field: Field): unknown => (field.kind === "int" || field.kind === "bool" ? "1" : field.kind === "ids" || field.kind === "list" ? {} : 7);

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
    case "idMap":
      return [Object.fromEntries(Array.from({ length: field.max + 1 }, (_, i) => [`id${i}`, field.values[0]])), { a: "not-an-option" }, JSON.parse(`{"__proto__": "${field.values[0]}"}`)];
    case "list":
      return [Array.from({ length: field.max + 1 }, () => ({}))];
    case "bool":
      return [];
  }
}

/** Runs every refusal on `schema` from the valid `sample`. */
export function checkSchema(schema: Schema, sample: Json): void {
  expect(readPayload(schema, sample)).toMatchObject({ ok: true });
  const refusedFor = (data: unknown, field: string) => {
    const read = readPayload(schema, data);
    expect(read, `${field}: ${JSON.stringify(data)}`).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    if (!read.ok) expect(String(read.problem.data?.field), JSON.stringify(data)).toContain(field);
  };
  for (const [key, field] of Object.entries(schema)) {
    if (!field.optional) {
      const { [key]: _gone, ...missing } = sample;
      refusedFor(missing, key);
    }
    refusedFor({ ...sample, [key]: wrongType(field) }, key);
    refusedFor({ ...sample, [key]: null }, key);
    for (const bad of outOfBounds(field)) refusedFor({ ...sample, [key]: bad }, key);
    if (field.kind === "list" && Array.isArray(sample[key]) && (sample[key] as unknown[]).length > 0) {
      const first = (sample[key] as Json[])[0] ?? {};
      for (const [inner, innerField] of Object.entries(field.of)) {
        const { [inner]: _g, ...without } = first;
        if (!innerField.optional) refusedFor({ ...sample, [key]: [without] }, `${key}.0.${inner}`);
        for (const bad of outOfBounds(innerField)) refusedFor({ ...sample, [key]: [{ ...first, [inner]: bad }] }, `${key}.0.${inner}`);
      }
      refusedFor({ ...sample, [key]: [JSON.parse(JSON.stringify(first).replace(/^\{/, '{"__proto__":{"polluted":true},'))] }, `${key}.0.__proto__`);
    }
  }
  for (const bad of ["__proto__", "constructor", "prototype", "notInSchema"]) {
    refusedFor(JSON.parse(JSON.stringify(sample).replace(/^\{/, `{"${bad}":{"polluted":true},`)), bad);
  }
  refusedFor(null, "payload");
  refusedFor([sample], "payload");
  expect(({} as Json).polluted).toBeUndefined();
}
