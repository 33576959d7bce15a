/**
 * Every GM action's declared payload refuses each field missing, mistyped, out of bounds or carrying a
 * prototype key, at the top and in every nested object. One table drives all actions (issue 26).
 */
import { describe, expect, it } from "vitest";
import { readPayload } from "../../src/channel/schema";
import { checkSchema } from "../support/schema-cases";
import { SCHEMA_CASES } from "../support/action-schemas";

describe("readPayload", () => {
  it("keeps only declared fields and never builds on Object.prototype", () => {
    const read = readPayload({ traits: { kind: "idMap", values: ["helps"], max: 5 } }, JSON.parse('{"traits":{"abc":"helps"}}'));
    expect(read).toEqual({ ok: true, value: { traits: { abc: "helps" } } });
    expect(readPayload({ n: { kind: "int", min: 0, max: 3, optional: true } }, {})).toEqual({ ok: true, value: {} });
  });
  it("reads a nested object, a nullable one, a list of uuids and a list of options", () => {
    const schema = {
      span: { kind: "object", of: { count: { kind: "int", min: 1, max: 9 } } },
      skill: { kind: "object", nullable: true, of: { name: { kind: "text", max: 9 } } },
      actors: { kind: "uuids", max: 3 },
      logs: { kind: "enumList", values: ["passed", "failed"], max: 3 },
    } as const;
    expect(readPayload(schema, { span: { count: 2 }, skill: null, actors: ["Actor.a"], logs: ["failed"] })).toEqual({ ok: true, value: { span: { count: 2 }, skill: null, actors: ["Actor.a"], logs: ["failed"] } });
    expect(readPayload(schema, { span: { count: 2, extra: 1 }, skill: null, actors: [], logs: [] })).toMatchObject({ ok: false, problem: { data: { field: "span.extra" } } });
  });
});

describe("every GM action's payload", () => {
  it.each(SCHEMA_CASES.map((c) => [`${c.action}: ${c.label}`, c] as const))("%s", (_name, c) => checkSchema(c.schema, ...c.samples));
});
