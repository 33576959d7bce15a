import { describe, expect, it } from "vitest";
import {
  agingSummary,
  cyclesIn,
  defaultCycleUnits,
  practiceCycles,
  previewPractice,
  recoveryFailureChoices,
  restFirstProblem,
  ruleFailedRecovery,
  spanWeeks,
  suggestOutcome,
  suggestOutcomes,
} from "../../src/rules/downtime";
import { canAdvance, PRACTICE_ORDER } from "../../src/rules/learning";

describe("cycles per unit and Type (SRD: Changes › Downtime & Practice)", () => {
  it("counts whole cycles of the Type's unit in the downtime", () => {
    expect(spanWeeks({ count: 6, unit: "month" })).toBe(24);
    expect(cyclesIn({ count: 6, unit: "month" }, "week")).toBe(24);
    expect(cyclesIn({ count: 6, unit: "month" }, "month")).toBe(6);
    expect(cyclesIn({ count: 6, unit: "month" }, "season")).toBe(2);
    expect(cyclesIn({ count: 6, unit: "month" }, "year")).toBe(0);
    expect(cyclesIn({ count: 2, unit: "year" }, "season")).toBe(8);
    expect(cyclesIn({ count: 5, unit: "week" }, "month")).toBe(1);
  });

  it("defaults slowest to fastest: Magic in years, Fight in weeks, never faster for a slower Type", () => {
    const units = defaultCycleUnits();
    expect(units.magic).toBe("year");
    expect(units.fight).toBe("week");
    const weeks = { week: 1, month: 4, season: 12, year: 48 };
    const order = PRACTICE_ORDER.map((t) => weeks[units[t] ?? "week"]);
    expect([...order].sort((a, b) => b - a)).toEqual(order);
    expect(new Set(Object.values(units)).size).toBe(4);
  });

  it("follows a hack's order and the GM's edited units", () => {
    expect(defaultCycleUnits(["song", "blade"])).toEqual({ song: "year", blade: "month" });
    const units = { ...defaultCycleUnits(), magic: "month" as const };
    expect(practiceCycles({ count: 6, unit: "month" }, "magic", units)).toBe(6);
    expect(() => practiceCycles({ count: 6, unit: "month" }, "cooking", units)).toThrow(/no cycle unit/);
  });

  it("refuses a broken span", () => {
    expect(() => cyclesIn({ count: -1, unit: "month" }, "week")).toThrow(RangeError);
    expect(() => cyclesIn({ count: 1, unit: "fortnight" as "week" }, "week")).toThrow(RangeError);
  });
});

describe("the Pass/Fail suggestion (SRD: Changes › Skill Learning)", () => {
  it("suggests what the next rating still needs", () => {
    expect(suggestOutcome({ rating: 0, passed: 0, failed: 0 })).toBe("passed");
    expect(suggestOutcome({ rating: 2, passed: 3, failed: 0 })).toBe("failed");
    expect(suggestOutcome({ rating: 2, passed: 0, failed: 2 })).toBe("passed");
    expect(suggestOutcome({ rating: 3, passed: 2, failed: 0 })).toBe("failed");
    expect(suggestOutcome({ rating: 3, passed: 1, failed: 0 })).toBe("passed");
  });

  it("never wastes a cycle: the suggested logs learn as many ratings as any choice could", () => {
    const start = { rating: 1, passed: 0, failed: 0 };
    const outcomes = suggestOutcomes(start, 8);
    // Rating 1 → 2 takes 2 passes and 1 fail (3 cycles), 2 → 3 takes 3 and 2 (5 cycles).
    expect(previewPractice(start, outcomes)).toEqual({ state: { rating: 3, passed: 0, failed: 0 }, advancements: 2 });
    // Every other list of 8 logs learns at most 2.
    for (let mask = 0; mask < 256; mask += 1) {
      const other = Array.from({ length: 8 }, (_, i) => ((mask >> i) & 1 ? "passed" : "failed") as "passed" | "failed");
      expect(previewPractice(start, other).advancements).toBeLessThanOrEqual(2);
    }
  });

  it("teaches an unknown Skill with one pass, then practises it at rating 1", () => {
    const outcomes = suggestOutcomes({ rating: 0, passed: 0, failed: 0 }, 2);
    expect(outcomes).toEqual(["passed", "passed"]);
    expect(previewPractice({ rating: 0, passed: 0, failed: 0 }, outcomes).state).toEqual({ rating: 1, passed: 1, failed: 0 });
    expect(canAdvance(1, 1, 0)).toBe(false);
  });
});

describe("rest first (SRD: Changes › Downtime & Practice)", () => {
  const interfering = [
    { id: "f1", name: "Broken arm" },
    { id: "f2", name: "Grief" },
  ];
  it("names the first interfering Fallout neither rested nor treated", () => {
    expect(restFirstProblem(interfering, { f1: "rest" }, true)).toEqual({ key: "GOLDHACK.Downtime.Error.RestFirst", data: { fallout: "Grief" } });
    expect(restFirstProblem(interfering, {}, true)?.data?.fallout).toBe("Broken arm");
  });
  it("lets practice go ahead once each is rested or treated, or when nothing is practised", () => {
    expect(restFirstProblem(interfering, { f1: "rest", f2: "treat" }, true)).toBeNull();
    expect(restFirstProblem(interfering, {}, false)).toBeNull();
    expect(restFirstProblem([], {}, true)).toBeNull();
  });
});

describe("recovery outcomes (SRD: Recovering From Fallout, Permanent Fallout)", () => {
  it("offers permanent only after a warning", () => {
    expect(recoveryFailureChoices(false)).toEqual(["worsen", "longer"]);
    expect(recoveryFailureChoices(true)).toEqual(["worsen", "longer", "permanent"]);
  });
  it("worsens by 1, lasts longer unchanged, or becomes permanent when warned", () => {
    const before = { rating: 2, permanent: false };
    expect(ruleFailedRecovery(before, "worsen", false)).toEqual({ ok: true, fallout: { rating: 3, permanent: false } });
    expect(ruleFailedRecovery(before, "longer", false)).toEqual({ ok: true, fallout: { rating: 2, permanent: false } });
    expect(ruleFailedRecovery(before, "permanent", true)).toEqual({ ok: true, fallout: { rating: 2, permanent: true } });
  });
  it("refuses permanent without a warning before the roll", () => {
    expect(ruleFailedRecovery({ rating: 2, permanent: false }, "permanent", false)).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotWarned" } });
  });
});

describe("aging's Potential and caps (SRD: Aging Your Character; The Basic Chart)", () => {
  it("Young to Adult: Potential 3, Fate and Persona capped at 3, Skills at 5, a Trait Vote", () => {
    expect(agingSummary({ age: "young", fate: 4, persona: 2 })).toMatchObject({
      from: "young",
      to: "adult",
      potential: 3,
      fate: 3,
      persona: 2,
      fateLost: 1,
      fateMax: 3,
      personaMax: 3,
      maxRating: 5,
      traitVote: true,
    });
  });
  it("Elder leaves play: no new caps, no vote", () => {
    expect(agingSummary({ age: "elder", fate: 2, persona: 0 })).toMatchObject({ to: null, potential: null, fateMax: null, maxRating: null, traitVote: false });
  });
});

describe("downtime refuses malformed input with its exact message (issue 19)", () => {
  it("names the span's count or unit, and the cycle unit, that is wrong", () => {
    expect(() => spanWeeks({ count: 1.5, unit: "week" })).toThrow("span.count must be a whole number, got 1.5");
    expect(() => spanWeeks({ count: 2, unit: "fortnight" as "week" })).toThrow("span.unit must be one of week, month, season, year, got fortnight");
    expect(() => spanWeeks({ count: 2, unit: 4 as unknown as "week" })).toThrow("span.unit must be one of week, month, season, year, got 4");
    expect(() => cyclesIn({ count: 2, unit: "year" }, "day" as "week")).toThrow("cycleUnit must be one of week, month, season, year, got day");
  });

  it("names a negative number of cycles", () => {
    expect(() => suggestOutcomes({ rating: 1, passed: 0, failed: 0 }, -1)).toThrow("cycles must be at least 0, got -1");
    expect(suggestOutcomes({ rating: 1, passed: 0, failed: 0 }, 0)).toEqual([]);
  });

  it("refuses an empty practice order, or one that is not a list", () => {
    expect(() => defaultCycleUnits([])).toThrow("order must list at least one Type");
    expect(() => defaultCycleUnits("magic" as unknown as string[])).toThrow("order must list at least one Type");
  });

  it("spreads any number of Types over the four units, slowest first, ending in weeks", () => {
    expect(defaultCycleUnits(["a"])).toEqual({ a: "year" });
    expect(defaultCycleUnits(["a", "b", "c", "d", "e"])).toEqual({ a: "year", b: "year", c: "season", d: "month", e: "week" });
  });
});
