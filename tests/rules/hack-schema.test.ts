import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { CHART_FIELDS, CHART_MINIMUMS, HACK_AGE_FIELDS, HACK_COMPENDIUM_KINDS, HACK_FIELDS, HACK_NUMBER_MAX, HACK_OB_FIELDS, HACK_TERMS, HACK_TYPE_FIELDS, SRD_HACK, validateHack } from "../../src/rules";
import { BAD_HACKS, seaHack } from "./hack-cases";

/**
 * The JSON Schema authors' editors use and the rules-core validator must agree: every hack the schema
 * refuses the validator refuses, every good hack both accept, and the fields each declares are the same.
 * What a schema cannot express (a row for each age, Fate within Potential, repeated keys) only the
 * validator sees; those cases are marked `structural: false` and must pass the schema.
 */
const schema = JSON.parse(readFileSync(new URL("../../schemas/hack.schema.json", import.meta.url), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true });
const check = ajv.compile(schema);

describe("schemas/hack.schema.json and validateHack agree", () => {
  it("both accept the good hacks", () => {
    for (const good of [SRD_HACK, seaHack(), { name: "Plain" }, { name: { en: "x" }, compendiums: { skill: ["my-mod.skills"] } }]) {
      expect(check(JSON.parse(JSON.stringify(good))), JSON.stringify(check.errors)).toBe(true);
      expect(validateHack(good)).toEqual([]);
    }
  });

  for (const bad of BAD_HACKS) {
    it(`${bad.name}: the validator refuses it, the schema ${bad.structural ? "too" : "cannot see it"}`, () => {
      const hack = bad.hack();
      expect(validateHack(hack)).not.toEqual([]);
      expect(check(hack)).toBe(!bad.structural);
    });
  }

  it("declares the same fields and chart minimums as the validator", () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...HACK_FIELDS].sort());
    expect(Object.keys(schema.properties.types.items.properties).sort()).toEqual([...HACK_TYPE_FIELDS].sort());
    expect(Object.keys(schema.properties.ages.items.properties).sort()).toEqual([...HACK_AGE_FIELDS].sort());
    expect(Object.keys(schema.properties.obGrades.items.properties).sort()).toEqual([...HACK_OB_FIELDS].sort());
    expect(Object.keys(schema.properties.compendiums.properties).sort()).toEqual([...HACK_COMPENDIUM_KINDS].sort());
    expect(Object.keys(schema.properties.terms.properties).sort()).toEqual([...HACK_TERMS].sort());
    const row = schema.$defs.chartRow;
    expect([...row.required].sort()).toEqual([...CHART_FIELDS].sort());
    for (const field of CHART_FIELDS) expect(row.properties[field].minimum, field).toBe(CHART_MINIMUMS[field]);
    for (const field of CHART_FIELDS) expect(row.properties[field].maximum, field).toBe(HACK_NUMBER_MAX);
    expect(schema.properties.types.items.properties.practiceOrder.maximum).toBe(HACK_NUMBER_MAX);
    expect(schema.properties.obGrades.items.properties.ob.maximum).toBe(HACK_NUMBER_MAX);
  });
});
