import { describe, expect, it } from "vitest";
import { assertResolvedTest } from "../../src/rules";

describe("assertResolvedTest: a resolved Test is an object whose numbers agree", () => {
  it("accepts a pass and a failure as resolveTest makes them", () => {
    expect(() => assertResolvedTest("result", { hits: 3, passed: true, extraHits: 1, remainingOb: 0 })).not.toThrow();
    expect(() => assertResolvedTest("result", { hits: 1, passed: false, extraHits: 0, remainingOb: 2 })).not.toThrow();
  });

  it("refuses null, a number or a string as a whole, naming it, before reading any field", () => {
    expect(() => assertResolvedTest("result", null)).toThrow("result must be a resolved Test, got null");
    expect(() => assertResolvedTest("target.result", 3)).toThrow("target.result must be a resolved Test, got 3");
    expect(() => assertResolvedTest("result", "passed")).toThrow("result must be a resolved Test, got passed");
  });
});
