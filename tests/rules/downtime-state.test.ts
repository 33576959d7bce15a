import { describe, expect, it } from "vitest";
import { applyDowntime } from "../../src/downtime/downtime-apply";
import { parsePlan } from "../../src/downtime/downtime-plan";
import {
  type CharacterFacts,
  createDowntime,
  type DowntimePlan,
  type DowntimeState,
  recordRecovery,
  returnPlan,
  ruleRecovery,
  setMarks,
  startRecovery,
  submitPlan,
} from "../../src/downtime/downtime-state";
import { AGES, BASIC_CHART, defaultCycleUnits, SKILL_TYPES } from "../../src/rules";

const facts = (): CharacterFacts => ({
  uuid: "Actor.a",
  name: "Sela",
  age: "young",
  fate: 4,
  persona: 2,
  skills: [
    { id: "s1", name: "Swords", type: "fight", learning: { rating: 2, passed: 2, failed: 1 } },
    { id: "s2", name: "History", type: "lore", learning: { rating: 1, passed: 0, failed: 0 } },
  ],
  fallouts: [
    { id: "f1", name: "Broken arm", rating: 2, permanent: false },
    { id: "f2", name: "Old scar", rating: 1, permanent: true },
  ],
});

function started(): DowntimeState {
  const made = createDowntime("d1", { count: 6, unit: "month" }, defaultCycleUnits(), [{ uuid: "Actor.a", name: "Sela" }], SKILL_TYPES);
  if (!made.ok) throw new Error("not created");
  return made.state;
}

const ok = <T>(r: { ok: true; state: T } | { ok: false; problem: unknown }): T => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problem)}`);
  return r.state;
};

// Fight practises in weeks: 1 month = 4 cycles; Lore in years: nothing fits in 6 months.
const plan = (overrides: Partial<DowntimePlan> = {}): DowntimePlan => ({
  restUnits: 2,
  care: { f1: "rest" },
  practice: [{ skillId: "s1", newSkill: null, units: 1, outcomes: ["passed", "failed", "failed", "passed"] }],
  ...overrides,
});

describe("creating a downtime", () => {
  it("refuses a bad length, no characters or a Type without a unit", () => {
    expect(createDowntime("d", { count: 0, unit: "month" }, defaultCycleUnits(), [{ uuid: "a", name: "A" }], SKILL_TYPES)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.Length" } });
    expect(createDowntime("d", { count: 1, unit: "month" }, defaultCycleUnits(), [], SKILL_TYPES)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NoCharacters" } });
    expect(createDowntime("d", { count: 1, unit: "month" }, { magic: "year" }, [{ uuid: "a", name: "A" }], SKILL_TYPES)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.CycleUnit" } });
  });
});

describe("plans", () => {
  it("accepts a plan that fits, and the GM can send it back with a note", () => {
    const state = ok(submitPlan(started(), "Actor.a", plan(), facts(), true));
    expect(state.participants[0]).toMatchObject({ planStatus: "submitted" });
    const back = ok(returnPlan(state, "Actor.a", "Rest longer"));
    expect(back.participants[0]).toMatchObject({ planStatus: "returned", note: "Rest longer" });
  });

  const problemOf = (p: DowntimePlan, state = started(), owner = true) => {
    const r = submitPlan(state, "Actor.a", p, facts(), owner);
    return r.ok ? null : r.problem;
  };

  it("refuses more time than the downtime has, naming both", () => {
    expect(problemOf(plan({ restUnits: 6 }))).toEqual({ key: "GOLDHACK.Downtime.Error.TooLong", data: { used: 7, total: 6, unit: "month" } });
  });

  it("refuses a Skill the character does not have, but learns a new one from a first pass", () => {
    expect(problemOf(plan({ practice: [{ skillId: "nope", newSkill: null, units: 1, outcomes: ["passed", "passed", "passed", "passed"] }] }))?.key).toBe("GOLDHACK.Downtime.Error.NoSuchSkill");
    const learn = { skillId: null, newSkill: { name: "Climbing", type: "survive" }, units: 1, outcomes: ["passed", "passed", "failed", "passed"] as const };
    expect(problemOf(plan({ practice: [{ ...learn, outcomes: [...learn.outcomes] }] }))).toBeNull();
    expect(problemOf(plan({ practice: [{ ...learn, outcomes: ["failed", "passed", "passed", "passed"] }] }))).toEqual({ key: "GOLDHACK.Downtime.Error.UntrainedPass", data: { skill: "Climbing" } });
    expect(problemOf(plan({ practice: [{ ...learn, newSkill: { name: "swords", type: "fight" }, outcomes: [...learn.outcomes] }] }))?.key).toBe("GOLDHACK.Downtime.Error.AlreadyKnown");
  });

  it("refuses logs that do not match the cycles, and time too short for one cycle", () => {
    expect(problemOf(plan({ practice: [{ skillId: "s1", newSkill: null, units: 1, outcomes: ["passed"] }] }))).toEqual({ key: "GOLDHACK.Downtime.Error.Cycles", data: { skill: "Swords", cycles: 4, logs: 1 } });
    expect(problemOf(plan({ practice: [{ skillId: "s2", newSkill: null, units: 4, outcomes: [] }] }))).toEqual({ key: "GOLDHACK.Downtime.Error.TooShort", data: { skill: "History", cycle: "year" } });
  });

  it("refuses skipping an interfering Fallout, and rest without rest time", () => {
    const marked = ok(setMarks(started(), "Actor.a", { interfering: ["f1", "ghost"], healed: [], warned: [], ages: false }, facts()));
    expect(marked.participants[0]?.interfering).toEqual(["f1"]);
    expect(problemOf(plan({ care: {} }), marked)).toEqual({ key: "GOLDHACK.Downtime.Error.RestFirst", data: { fallout: "Broken arm" } });
    expect(problemOf(plan({ restUnits: 0 }), marked)?.key).toBe("GOLDHACK.Downtime.Error.NoRestTime");
    expect(problemOf(plan({ care: { f2: "treat", f1: "rest" } }), marked)?.key).toBe("GOLDHACK.Downtime.Error.PermanentTreat");
  });

  it("refuses a plan from someone who does not own the character", () => {
    expect(problemOf(plan(), started(), false)).toEqual({ key: "GOLDHACK.Downtime.Error.NotOwner", data: { actor: "Sela" } });
  });

  it("reads only well-formed plans from a payload", () => {
    expect(parsePlan(plan())).toEqual(plan());
    expect(parsePlan({ ...plan(), restUnits: -1 })).toBeNull();
    expect(parsePlan({ ...plan(), care: { f1: "ignore" } })).toBeNull();
    expect(parsePlan({ ...plan(), practice: [{ skillId: "s1", newSkill: { name: "x", type: "fight" }, units: 1, outcomes: [] }] })).toBeNull();
    expect(parsePlan({ ...plan(), practice: [{ skillId: "s1", newSkill: null, units: 1, outcomes: ["maybe"] }] })).toBeNull();
  });
});

describe("recovery", () => {
  const treating = (warned: string[]) => {
    let state = ok(setMarks(started(), "Actor.a", { interfering: [], healed: [], warned, ages: false }, facts()));
    state = ok(submitPlan(state, "Actor.a", plan({ care: { f1: "treat" }, restUnits: 0 }), facts(), true));
    return ok(startRecovery(state, "Actor.a", "f1", facts(), true));
  };

  it("offers permanent only when warned before the roll; a warning after does not count", () => {
    let state = treating([]);
    state = ok(setMarks(state, "Actor.a", { interfering: [], healed: [], warned: ["f1"], ages: false }, facts()));
    state = ok(recordRecovery(state, "Actor.a", "f1", { messageId: "m1", ob: 2, passed: false }));
    expect(ruleRecovery(state, "Actor.a", "f1", "permanent")).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotWarned" } });
    const longer = ruleRecovery(state, "Actor.a", "f1", "longer");
    expect(longer).toMatchObject({ ok: true, fallout: { rating: 2, permanent: false } });
    if (longer.ok) expect(ruleRecovery(longer.state, "Actor.a", "f1", "worsen")).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.AlreadyRuled" } });
  });

  it("makes a warned Fallout permanent at the GM's ruling", () => {
    const state = ok(recordRecovery(treating(["f1"]), "Actor.a", "f1", { messageId: "m1", ob: 2, passed: false }));
    expect(ruleRecovery(state, "Actor.a", "f1", "permanent")).toMatchObject({ ok: true, fallout: { rating: 2, permanent: true } });
  });

  it("refuses a recovery of a Fallout the plan does not treat, and a second one", () => {
    const state = ok(submitPlan(started(), "Actor.a", plan(), facts(), true));
    expect(startRecovery(state, "Actor.a", "f1", facts(), true)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotTreated" } });
    const done = ok(recordRecovery(treating([]), "Actor.a", "f1", { messageId: "m1", ob: 2, passed: true }));
    expect(startRecovery(done, "Actor.a", "f1", facts(), true)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.RecoveryDone" } });
  });
});

describe("applying", () => {
  it("heals what the GM marked, logs each cycle, ages, and refuses a second time", () => {
    let state = ok(setMarks(started(), "Actor.a", { interfering: ["f1"], healed: ["f1"], warned: [], ages: true }, facts()));
    state = ok(submitPlan(state, "Actor.a", plan(), facts(), true));
    const applied = applyDowntime(state, new Map([["Actor.a", facts()]]), 1000, BASIC_CHART, AGES);
    if (!applied.ok) throw new Error("refused");
    const [changes] = applied.value.changes;
    // Swords 2 (2 passed, 1 failed) + P, F → 3 passed 2 failed: rating 3; then F, P → 1 passed 1 failed.
    expect(changes?.skillUpdates).toEqual([{ skillId: "s1", learning: { rating: 3, passed: 1, failed: 1 } }]);
    expect(changes?.deleteFallouts).toEqual(["f1"]);
    expect(changes?.aging).toEqual({ age: "adult", fate: 3, persona: 2 });
    expect(applied.value.state.result?.participants[0]).toMatchObject({ healed: ["Broken arm"], practice: [{ skill: "Swords", cycles: 4, from: 2, to: 3 }], aging: { to: "adult", potential: 3 } });
    expect(applyDowntime(applied.value.state, new Map([["Actor.a", facts()]]), 2000, BASIC_CHART, AGES)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.Applied" } });
  });

  it("blocks practice while an interfering Fallout is not healed", () => {
    let state = ok(setMarks(started(), "Actor.a", { interfering: ["f1"], healed: [], warned: [], ages: false }, facts()));
    state = ok(submitPlan(state, "Actor.a", plan(), facts(), true));
    const applied = applyDowntime(state, new Map([["Actor.a", facts()]]), 1000, BASIC_CHART, AGES);
    if (!applied.ok) throw new Error("refused");
    expect(applied.value.changes[0]?.skillUpdates).toEqual([]);
    expect(applied.value.state.result?.participants[0]?.blockedBy).toBe("Broken arm");
  });
});
