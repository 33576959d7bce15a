import { describe, expect, it } from "vitest";
import {
  breakTie,
  closeGroup,
  createGroup,
  editPart,
  type GroupInput,
  type GroupRoll,
  type GroupState,
  groupOdds,
  groupVerdict,
  landRoll,
  offerGroupFallout,
  removePart,
  reviseRoll,
} from "../../src/group/group-state";
import { groupPassProbability, planTest, resolveTest } from "../../src/rules";

const part = (id: string, ob: number, rating = 3) => ({ id, actorUuid: `Actor.${id}`, actorName: id, skillId: `s-${id}`, skillName: "Stealth", rating, potential: 3, magic: false, ob, task: `${id}'s task` });
const input = (over: Partial<GroupInput> = {}): GroupInput => ({
  mode: "needed", reading: "extraHits", alternative: false, ownerPartId: "a", intent: "Sneak in", consequence: "Spotted", parts: [part("a", 2), part("b", 1), part("c", 3)], ...over,
});
const make = (over: Partial<GroupInput> = {}): GroupState => {
  const t = createGroup(over.parts || over.mode ? input(over) : input(over));
  if (!t.ok) throw new Error(t.problem.key);
  return t.state;
};
const OWNER = { isGM: false, ownsActor: true };
const rollFor = (state: GroupState, id: string, faces: number[]): GroupRoll => {
  const p = state.parts.find((x) => x.id === id);
  if (!p) throw new Error(id);
  const plan = planTest({ rating: p.rating, potential: p.potential, ob: p.ob });
  return { messageId: `m-${id}`, userId: "u", plan, faces, result: resolveTest(plan, faces), fate: false };
};
const land = (state: GroupState, id: string, faces: number[]): GroupState => {
  const p = state.parts.find((x) => x.id === id);
  const t = landRoll(state, id, OWNER, { actorUuid: p?.actorUuid ?? "", skillId: p?.skillId ?? null, ob: p?.ob ?? 0 }, rollFor(state, id, faces));
  if (!t.ok) throw new Error(t.problem.key);
  return t.state;
};

describe("creating a group", () => {
  it("refuses hindering with one part, an owner not among the parts, and an empty Intent", () => {
    expect(createGroup(input({ mode: "hindering", parts: [part("a", 2)] }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.TooFew" } });
    expect(createGroup(input({ ownerPartId: "z" }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NoOwner" } });
    expect(createGroup(input({ intent: "  " }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NoIntent" } });
    expect(createGroup(input({ parts: [part("a", 0)] }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.BadPart" } });
  });
});

describe("needed", () => {
  it("counts the worst roll, and is final once everyone rolled", () => {
    let s = make();
    s = land(s, "a", [4, 5, 1]); // 2 hits vs Ob 2: pass, 0 extra
    expect(groupVerdict(s)).toMatchObject({ kind: "result", countedPartId: "a", passed: true, final: false });
    s = land(s, "b", [1, 1, 1]); // 0 vs 1: 1 Ob left
    s = land(s, "c", [4, 1, 1]); // 1 vs 3: 2 Ob left, the worst
    expect(groupVerdict(s)).toMatchObject({ kind: "result", countedPartId: "c", passed: false, remainingOb: 2, final: true });
    expect(offerGroupFallout(s)).toMatchObject({ ok: true, state: { fallout: { status: "offered", rating: 2 } } });
  });

  it("refuses a second roll, a roll by someone else, a changed part and a roll after closing, leaving the state as it was", () => {
    const s = land(make(), "a", [4, 5, 1]);
    const before = JSON.stringify(s);
    const a = s.parts[0];
    const choice = { actorUuid: a?.actorUuid ?? "", skillId: a?.skillId ?? null, ob: 2 };
    expect(landRoll(s, "a", OWNER, choice, rollFor(s, "a", [1, 1, 1]))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.AlreadyRolled" } });
    expect(landRoll(s, "b", { isGM: false, ownsActor: false }, { ...choice, actorUuid: "Actor.b", skillId: "s-b", ob: 1 }, rollFor(s, "b", [1, 1, 1]))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotOwner" } });
    expect(landRoll(s, "b", OWNER, { actorUuid: "Actor.b", skillId: "s-b", ob: 2 }, rollFor(s, "b", [1, 1, 1]))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.PartChanged" } });
    expect(editPart(s, "a", { skillId: null, skillName: "P", rating: 0, magic: false, ob: 1 })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.PartChanged" } });
    const closed = closeGroup(s);
    if (!closed.ok) throw new Error();
    expect(landRoll(closed.state, "b", OWNER, { actorUuid: "Actor.b", skillId: "s-b", ob: 1 }, rollFor(s, "b", [4, 1, 1]))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.Closed" } });
    expect(JSON.stringify(s)).toBe(before);
  });

  it("closed early, counts only the rolls made; a gone or removed part's roll does not count", () => {
    let s = land(land(make(), "a", [4, 5, 1]), "c", [1, 1, 1]);
    expect(groupVerdict(s, new Set(["c"]))).toMatchObject({ kind: "result", countedPartId: "a", passed: true, final: false });
    const removed = removePart(s, "c");
    if (!removed.ok) throw new Error();
    s = removed.state;
    expect(groupVerdict(s)).toMatchObject({ countedPartId: "a", final: false });
    const closed = closeGroup(s);
    if (!closed.ok) throw new Error();
    expect(groupVerdict(closed.state)).toMatchObject({ countedPartId: "a", passed: true, final: true });
    expect(removePart(s, "a")).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.RemoveOwner" } });
  });
});

describe("helpful", () => {
  it("counts the best roll, and Fate on another roll changes which counts", () => {
    let s = make({ mode: "helpful" });
    s = land(s, "a", [4, 4, 4]); // 3 vs 2: +1
    s = land(s, "b", [6, 1, 1]); // 1 vs 1: +0
    s = land(s, "c", [1, 1, 1]);
    expect(groupVerdict(s)).toMatchObject({ countedPartId: "a", extraHits: 1 });
    const plan = s.parts[1]?.roll?.plan ?? planTest({ rating: 3, potential: 3, ob: 1 });
    const revised = reviseRoll(s, "b", { faces: [6, 1, 1, 5, 6, 4], result: resolveTest({ ...plan, explode: true }, [6, 1, 1, 5, 6, 4]), fate: true });
    if (!revised.ok) throw new Error();
    expect(groupVerdict(revised.state)).toMatchObject({ countedPartId: "b", extraHits: 3, passed: true });
  });

  it("the alternative: the roll with most hits counts against the owner's Ob", () => {
    let s = make({ mode: "helpful", alternative: true, ownerPartId: "c" });
    s = land(s, "a", [4, 4, 1]);
    s = land(s, "b", [4, 1, 1]);
    s = land(s, "c", [1, 1, 1]);
    expect(groupVerdict(s)).toMatchObject({ countedPartId: "a", hits: 2, passed: false, remainingOb: 1 });
  });
});

describe("hindering", () => {
  const two = [part("a", 2), part("b", 1)];
  it("English reading: the hinderer's extra hits off the target's hits; an exact cancel is a tie the GM breaks", () => {
    let s = make({ mode: "hindering", parts: two });
    s = land(s, "a", [4, 4, 4]); // 3 vs 2: +1
    expect(groupVerdict(s)).toMatchObject({ kind: "result", passed: true, final: false });
    s = land(s, "b", [4, 4, 1]); // 2 vs 1: +1 extra → cancels a's extra: tie
    expect(groupVerdict(s)).toEqual({ kind: "tie", tiedPartIds: ["a", "b"], final: true });
    expect(breakTie(s, "z")).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotTied" } });
    const broken = breakTie(s, "b");
    if (!broken.ok) throw new Error();
    expect(groupVerdict(broken.state)).toMatchObject({ kind: "result", passed: false, remainingOb: 1, broken: true, final: true });
  });

  it("Spanish reading: all the hinderer's hits onto the target's Ob", () => {
    let s = make({ mode: "hindering", reading: "addToOb", parts: two });
    s = land(s, "a", [4, 4, 4]);
    s = land(s, "b", [4, 1, 1]); // 1 hit: Ob 3, a has 3: tie
    expect(groupVerdict(s)).toMatchObject({ kind: "tie" });
    s = make({ mode: "hindering", reading: "addToOb", parts: two });
    s = land(land(s, "a", [4, 4, 4]), "b", [4, 4, 1]); // Ob 4: fails by 1
    expect(groupVerdict(s)).toMatchObject({ kind: "result", passed: false, remainingOb: 1, shift: 2 });
  });

  it("alternative: most hits wins", () => {
    let s = make({ mode: "hindering", alternative: true, parts: two });
    s = land(land(s, "a", [4, 1, 1]), "b", [4, 4, 1]);
    expect(groupVerdict(s)).toMatchObject({ kind: "result", countedPartId: "b", passed: false });
  });
});

describe("odds before anyone rolls", () => {
  it("needed is the product of each pass chance; helpful at least one; Fate never lowers them", () => {
    const s = make();
    const odds = groupOdds(s);
    const plans = s.parts.map((p) => planTest({ rating: p.rating, potential: p.potential, ob: p.ob }));
    expect(odds?.pass).toBeCloseTo(groupPassProbability("needed", plans), 12);
    expect(odds?.passWithFate).toBeGreaterThan(odds?.pass ?? 1);
    const helpful = groupOdds(make({ mode: "helpful" }));
    expect(helpful?.pass).toBeGreaterThan(odds?.pass ?? 1);
    const hindering = groupOdds(make({ mode: "hindering" }));
    expect(hindering?.tie).toBeGreaterThan(0);
  });
});
