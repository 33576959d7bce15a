import { describe, expect, it } from "vitest";
import { MAX_INLINE_OB, parseInlineTest, resolveInlineSkill, skillCatalogue, INLINE_TEST_PATTERN } from "../../src/enrichers/inline-test-args";

describe("parseInlineTest", () => {
  it("reads the Skill and the Ob, in any order and case", () => {
    expect(parseInlineTest("test", "Stealth ob=3")).toEqual({ ok: true, value: { command: "test", skill: "Stealth", ob: 3 } });
    expect(parseInlineTest("REQUEST", "OB=2 Sleight of Hand")).toEqual({ ok: true, value: { command: "request", skill: "Sleight of Hand", ob: 2 } });
    expect(parseInlineTest("test", "  Sigilo   ob=1 ")).toEqual({ ok: true, value: { command: "test", skill: "Sigilo", ob: 1 } });
    expect(parseInlineTest("test", `"Stealth" ob=${MAX_INLINE_OB}`)).toEqual({ ok: true, value: { command: "test", skill: "Stealth", ob: MAX_INLINE_OB } });
  });

  it("leaves the Ob to the dialog when none is given", () => {
    expect(parseInlineTest("test", "Stealth")).toEqual({ ok: true, value: { command: "test", skill: "Stealth" } });
  });

  it("refuses a bad Ob with the value and the bound", () => {
    for (const value of ["0", "-1", "2.5", "three", "", String(MAX_INLINE_OB + 1), "3x"]) {
      expect(parseInlineTest("test", `Stealth ob=${value}`), value).toEqual({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.BadOb", data: { value, max: MAX_INLINE_OB } } });
    }
    expect(parseInlineTest("test", "Stealth ob=2 ob=3")).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.BadOb" } });
  });

  it("refuses a missing Skill, an unknown option and an unknown command", () => {
    expect(parseInlineTest("test", "ob=3")).toEqual({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.NoSkill" } });
    expect(parseInlineTest("test", "")).toEqual({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.NoSkill" } });
    expect(parseInlineTest("test", "Stealth dc=3")).toEqual({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.UnknownOption", data: { option: "dc=3" } } });
    expect(parseInlineTest("roll", "Stealth")).toEqual({ ok: false, problem: { key: "GOLDHACK.Enricher.Error.UnknownCommand", data: { command: "roll" } } });
  });
});

describe("INLINE_TEST_PATTERN", () => {
  const matches = (text: string): string[][] => [...text.matchAll(INLINE_TEST_PATTERN)].map((m) => [m[1] ?? "", m[2] ?? "", m[3] ?? ""]);
  it("finds each link with its label, and nothing else", () => {
    expect(matches("Roll [[/test Stealth ob=3]] or [[/request Sigilo ob=2]]{sneak past}.")).toEqual([
      ["test", "Stealth ob=3", ""],
      ["request", "Sigilo ob=2", "sneak past"],
    ]);
    expect(matches("[[/r 1d6]] [[/testing x]] @UUID[x]{y}")).toEqual([]);
    expect(matches("[[/test]]")).toEqual([["test", "", ""]]);
  });
});

describe("resolveInlineSkill", () => {
  const catalogue = skillCatalogue([
    [
      { _id: "skstealth0000000", name: "Stealth" },
      { _id: "skmedicine000000", name: "Medicine" },
    ],
    [
      { _id: "skstealth0000000", name: "Sigilo" },
      { _id: "skmedicine000000", name: "Medicina" },
    ],
  ]);

  it("joins the twins by id", () => {
    expect(catalogue).toEqual([
      { id: "skstealth0000000", names: ["Stealth", "Sigilo"] },
      { id: "skmedicine000000", names: ["Medicine", "Medicina"] },
    ]);
  });

  it("finds the actor's own Skill, ignoring case and accents", () => {
    expect(resolveInlineSkill("stealth", [{ id: "a", name: "Stealth" }], catalogue)).toEqual({ kind: "skill", id: "a", name: "Stealth" });
    expect(resolveInlineSkill("Medicína", [{ id: "b", name: "Medicina" }], catalogue)).toEqual({ kind: "skill", id: "b", name: "Medicina" });
    expect(resolveInlineSkill("Weaving", [{ id: "c", name: "weaving" }], catalogue)).toEqual({ kind: "skill", id: "c", name: "weaving" });
  });

  it("finds the actor's Skill through its twin in the other language", () => {
    expect(resolveInlineSkill("Sigilo", [{ id: "a", name: "Stealth" }], catalogue)).toEqual({ kind: "skill", id: "a", name: "Stealth" });
    expect(resolveInlineSkill("Stealth", [{ id: "a", name: "Sigilo" }], catalogue)).toEqual({ kind: "skill", id: "a", name: "Sigilo" });
  });

  it("tests Potential to learn a known Skill the actor lacks, named as the catalogue lists it first", () => {
    expect(resolveInlineSkill("Sigilo", [], catalogue)).toEqual({ kind: "potential", learnSkillName: "Stealth" });
  });

  it("refuses a Skill nobody knows", () => {
    expect(resolveInlineSkill("Juggling", [{ id: "a", name: "Stealth" }], catalogue)).toEqual({
      kind: "unknown",
      problem: { key: "GOLDHACK.Enricher.Error.UnknownSkill", data: { skill: "Juggling" } },
    });
  });
});
