/**
 * The downtime's pure transitions, pinned exactly (issue 27: `npm run mutate` covers each procedure's state
 * module). Each refusal names its problem and data; each accepted step changes only what it says.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Permanent Fallout
 */
import { describe, expect, it } from "vitest";
import {
  type CharacterFacts,
  createDowntime,
  type DowntimePlan,
  type DowntimeState,
  MAX_SPAN_COUNT,
  parseDowntime,
  participantOf,
  recordRecovery,
  returnPlan,
  ruleRecovery,
  setMarks,
  startRecovery,
  submitPlan,
} from "../../src/downtime/downtime-state";
import { defaultCycleUnits, SKILL_TYPES } from "../../src/rules";

const E = "GOLDHACK.Downtime.Error.";
const facts = (over: Partial<CharacterFacts> = {}): CharacterFacts => ({
  uuid: "Actor.a",
  name: "Sela",
  age: "young",
  fate: 4,
  persona: 2,
  skills: [{ id: "s1", name: "Swords", type: "fight", learning: { rating: 2, passed: 2, failed: 1 } }],
  fallouts: [
    { id: "f1", name: "Broken arm", rating: 2, permanent: false },
    { id: "f2", name: "Old scar", rating: 1, permanent: true },
    { id: "f3", name: "Fever", rating: 1, permanent: false },
  ],
  ...over,
});
const ok = <T>(r: { ok: true; state: T } | { ok: false; problem: unknown }): T => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problem)}`);
  return r.state;
};
const two = [
  { uuid: "Actor.a", name: "Sela" },
  { uuid: "Actor.b", name: "Brom" },
];
const started = (): DowntimeState => ok(createDowntime("d1", { count: 6, unit: "month" }, defaultCycleUnits(), two, SKILL_TYPES, 5));
const treatPlan = (care: DowntimePlan["care"] = { f1: "treat", f3: "treat" }): DowntimePlan => ({ restUnits: 0, care, practice: [] });
const treating = (): DowntimeState => ok(submitPlan(started(), "Actor.a", treatPlan(), facts(), true));

describe("createDowntime", () => {
  it("starts every character with an empty record, in planning, at the time given", () => {
    const state = ok(createDowntime("d9", { count: 3, unit: "season" }, { fight: "week", lore: "year", extra: "month" }, [two[0] as { uuid: string; name: string }], ["fight", "lore"], 1234));
    expect(state).toEqual({
      id: "d9",
      status: "planning",
      span: { count: 3, unit: "season" },
      cycleUnits: { fight: "week", lore: "year" },
      participants: [{ actorUuid: "Actor.a", name: "Sela", interfering: [], healed: [], warned: [], ages: false, plan: null, planStatus: "open", note: "", recoveries: [] }],
      result: null,
      summaryMessageId: null,
      startedAt: 1234,
    });
    expect(ok(createDowntime("d", { count: 1, unit: "week" }, {}, two, [])).startedAt).toBe(0);
  });

  it("takes 1 to 99 whole periods of a known unit, and refuses anything else naming the bound", () => {
    expect(ok(createDowntime("d", { count: 1, unit: "week" }, {}, two, [])).span).toEqual({ count: 1, unit: "week" });
    expect(ok(createDowntime("d", { count: MAX_SPAN_COUNT, unit: "year" }, {}, two, [])).span.count).toBe(99);
    for (const span of [{ count: 0, unit: "week" }, { count: 100, unit: "week" }, { count: 1.5, unit: "week" }, { count: Number.NaN, unit: "week" }, { count: 2, unit: "day" }]) {
      expect(createDowntime("d", span as never, {}, two, []), JSON.stringify(span)).toEqual({ ok: false, problem: { key: `${E}Length`, data: { max: 99 } } });
    }
  });

  it("refuses no characters, and a Type with no cycle unit, naming the Type", () => {
    expect(createDowntime("d", { count: 1, unit: "week" }, {}, [], [])).toEqual({ ok: false, problem: { key: `${E}NoCharacters` } });
    expect(createDowntime("d", { count: 1, unit: "week" }, { fight: "week", lore: "decade" as never }, two, ["fight", "lore"])).toEqual({ ok: false, problem: { key: `${E}CycleUnit`, data: { type: "lore" } } });
  });
});

describe("a participant's steps", () => {
  it("find the participant by actor, or none", () => {
    expect(participantOf(started(), "Actor.b")?.name).toBe("Brom");
    expect(participantOf(started(), "Actor.z")).toBeNull();
  });

  it("are refused once applied, and for a character not taking part", () => {
    const applied = { ...started(), status: "applied" as const };
    expect(returnPlan(applied, "Actor.a", "")).toEqual({ ok: false, problem: { key: `${E}Applied` } });
    expect(returnPlan(started(), "Actor.z", "")).toEqual({ ok: false, problem: { key: `${E}NotTakingPart` } });
  });

  it("submit a plan only from an owner, clear the GM's note, and leave the other participant alone", () => {
    expect(submitPlan(started(), "Actor.a", treatPlan(), facts(), false)).toEqual({ ok: false, problem: { key: `${E}NotOwner`, data: { actor: "Sela" } } });
    const sent = ok(submitPlan(started(), "Actor.a", treatPlan(), facts(), true));
    const back = ok(returnPlan(sent, "Actor.a", "Rest first"));
    expect(participantOf(back, "Actor.a")).toMatchObject({ planStatus: "returned", note: "Rest first" });
    const again = ok(submitPlan(back, "Actor.a", treatPlan(), facts(), true));
    expect(participantOf(again, "Actor.a")).toMatchObject({ planStatus: "submitted", note: "", plan: treatPlan() });
    expect(participantOf(again, "Actor.b")).toEqual(participantOf(started(), "Actor.b"));
    // A plan that does not check out is refused with its problem.
    expect(submitPlan(started(), "Actor.a", { restUnits: 99, care: {}, practice: [] }, facts(), true)).toMatchObject({ ok: false, problem: { key: `${E}TooLong` } });
  });

  it("return only a submitted plan, with a note cut at 500 characters", () => {
    expect(returnPlan(started(), "Actor.a", "x")).toEqual({ ok: false, problem: { key: `${E}NothingToReturn`, data: { actor: "Sela" } } });
    const back = ok(returnPlan(treating(), "Actor.a", "y".repeat(600)));
    expect(participantOf(back, "Actor.a")?.note).toBe("y".repeat(500));
  });

  it("keep the GM's marks once each, only for Fallout the character has", () => {
    const marked = ok(setMarks(started(), "Actor.a", { interfering: ["f1", "f1", "zz"], healed: ["f3", "zz"], warned: ["f2", "f1"], ages: true }, facts()));
    expect(participantOf(marked, "Actor.a")).toMatchObject({ interfering: ["f1"], healed: ["f3"], warned: ["f2", "f1"], ages: true });
    expect(participantOf(ok(setMarks(marked, "Actor.a", { interfering: [], healed: [], warned: [], ages: false }, facts())), "Actor.a")).toMatchObject({ interfering: [], healed: [], warned: [], ages: false });
  });
});

describe("recovery Tests in a downtime", () => {
  it("start only for an owner, for her own non-permanent Fallout the plan treats", () => {
    expect(startRecovery(treating(), "Actor.a", "f1", facts(), false)).toEqual({ ok: false, problem: { key: `${E}NotOwner`, data: { actor: "Sela" } } });
    expect(startRecovery(treating(), "Actor.a", "zz", facts(), true)).toEqual({ ok: false, problem: { key: `${E}NoSuchFallout` } });
    expect(startRecovery(treating(), "Actor.a", "f2", facts(), true)).toEqual({ ok: false, problem: { key: `${E}PermanentTreat`, data: { fallout: "Old scar" } } });
    const resting = ok(submitPlan(started(), "Actor.a", { restUnits: 1, care: { f1: "rest" }, practice: [] }, facts(), true));
    expect(startRecovery(resting, "Actor.a", "f1", facts(), true)).toEqual({ ok: false, problem: { key: `${E}NotTreated`, data: { fallout: "Broken arm" } } });
    expect(startRecovery(started(), "Actor.a", "f1", facts(), true)).toEqual({ ok: false, problem: { key: `${E}NotTreated`, data: { fallout: "Broken arm" } } });
  });

  it("freeze the GM's warning as it stands, and restart a roll still under way rather than add one", () => {
    const warned = ok(setMarks(treating(), "Actor.a", { interfering: [], healed: [], warned: ["f1"], ages: false }, facts()));
    const once = ok(startRecovery(warned, "Actor.a", "f1", facts(), true));
    const expected = { falloutId: "f1", falloutName: "Broken arm", warned: true, status: "rolling", ratingBefore: null, messageId: null, ruling: null };
    expect(participantOf(once, "Actor.a")?.recoveries).toEqual([expected]);
    const other = ok(startRecovery(once, "Actor.a", "f3", facts(), true));
    const twice = ok(startRecovery(other, "Actor.a", "f1", facts(), true));
    expect(participantOf(twice, "Actor.a")?.recoveries.map((r) => [r.falloutId, r.warned])).toEqual([["f3", false], ["f1", true]]);
  });

  it("record the roll on that Fallout only, and only while it is rolling", () => {
    expect(recordRecovery(treating(), "Actor.a", "f1", { messageId: "m", ob: 2, passed: true })).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    let state = ok(startRecovery(treating(), "Actor.a", "f1", facts(), true));
    state = ok(startRecovery(state, "Actor.a", "f3", facts(), true));
    const passed = ok(recordRecovery(state, "Actor.a", "f1", { messageId: "m1", ob: 2, passed: true }));
    expect(participantOf(passed, "Actor.a")?.recoveries).toEqual([
      { falloutId: "f1", falloutName: "Broken arm", warned: false, status: "passed", ratingBefore: 2, messageId: "m1", ruling: null },
      { falloutId: "f3", falloutName: "Fever", warned: false, status: "rolling", ratingBefore: null, messageId: null, ruling: null },
    ]);
    expect(recordRecovery(passed, "Actor.a", "f1", { messageId: "m2", ob: 2, passed: false })).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    // One recovery Test per Fallout: f1's is done, f3's may still start again while rolling.
    expect(startRecovery(passed, "Actor.a", "f1", facts(), true)).toEqual({ ok: false, problem: { key: `${E}RecoveryDone`, data: { fallout: "Broken arm" } } });
    expect(participantOf(ok(startRecovery(passed, "Actor.a", "f3", facts(), true)), "Actor.a")?.recoveries.map((r) => r.status)).toEqual(["passed", "rolling"]);
    const failed = ok(recordRecovery(passed, "Actor.a", "f3", { messageId: "m3", ob: 1, passed: false }));
    expect(participantOf(failed, "Actor.a")?.recoveries[1]).toMatchObject({ status: "failed", ratingBefore: 1, messageId: "m3" });
  });

  it("are ruled on once, only when failed, on that Fallout only; the Fallout comes back as it must stand", () => {
    let state = ok(startRecovery(treating(), "Actor.a", "f1", facts(), true));
    expect(ruleRecovery(state, "Actor.a", "f1", "worsen")).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    state = ok(startRecovery(state, "Actor.a", "f3", facts(), true));
    state = ok(recordRecovery(state, "Actor.a", "f1", { messageId: "m1", ob: 2, passed: false }));
    state = ok(recordRecovery(state, "Actor.a", "f3", { messageId: "m3", ob: 1, passed: true }));
    expect(ruleRecovery(state, "Actor.a", "f3", "worsen")).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    expect(ruleRecovery(state, "Actor.a", "zz", "worsen")).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    const ruled = ruleRecovery(state, "Actor.a", "f1", "worsen");
    expect(ruled).toMatchObject({ ok: true, fallout: { rating: 3, permanent: false } });
    if (!ruled.ok) return;
    expect(participantOf(ruled.state, "Actor.a")?.recoveries.map((r) => r.ruling)).toEqual(["worsen", null]);
    expect(ruleRecovery(ruled.state, "Actor.a", "f1", "longer")).toEqual({ ok: false, problem: { key: `${E}AlreadyRuled`, data: { fallout: "Broken arm" } } });
    // A damaged record (failed, but no rating recorded) is not ruled on.
    const damaged = { ...state, participants: state.participants.map((p) => ({ ...p, recoveries: p.recoveries.map((r) => ({ ...r, ratingBefore: null })) })) };
    expect(ruleRecovery(damaged, "Actor.a", "f1", "worsen")).toEqual({ ok: false, problem: { key: `${E}NoRecovery` } });
    expect(ruleRecovery({ ...state, status: "applied" }, "Actor.a", "f1", "worsen")).toEqual({ ok: false, problem: { key: `${E}Applied` } });
  });
});

describe("parseDowntime", () => {
  it("reads back a stored downtime, planning or applied, as it is", () => {
    const state = started();
    expect(parseDowntime(state)).toBe(state);
    const applied = { ...state, status: "applied" };
    expect(parseDowntime(applied)).toBe(applied);
  });

  it("reads nothing from a value that is not one", () => {
    const good = started() as unknown as Record<string, unknown>;
    const bad: unknown[] = [
      undefined,
      null,
      "d1",
      7,
      {},
      { ...good, id: 3 },
      { ...good, status: "done" },
      { ...good, participants: "x" },
      { ...good, span: null },
      { ...good, span: "6 months" },
      { ...good, span: { count: 6, unit: "day" } },
      { ...good, cycleUnits: null },
      { ...good, cycleUnits: "week" },
    ];
    for (const value of bad) expect(parseDowntime(value), JSON.stringify(value)).toBeNull();
  });
});
