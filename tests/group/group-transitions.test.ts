/**
 * group-state.ts's transitions, verdicts and odds, exactly (issue 27: `npm run mutate` covers each procedure's state
 * module at 90 %). Pure: no stand-in. Rules read from the SRD (../shared/rules/), cited where a test reads one:
 * Alterations › Assisting & Hindering Other's Intents ("a Helpful Task … the best roll counts", "a Needed Task … the
 * worst roll counts", a hinderer's extra hits "reduce" the hits), and Alterations › Alternative: Helping & Hindering
 * ("Only the roll with the most hits succeeds").
 */
import { describe, expect, it } from "vitest";
import {
  alternativeLogs,
  answerGroupFallout,
  breakTie,
  closeGroup,
  countedParts,
  createGroup,
  editPart,
  type GroupInput,
  type GroupPartInput,
  type GroupRoll,
  type GroupState,
  groupOdds,
  groupVerdict,
  landRoll,
  mainOb,
  MAX_PARTS,
  MAX_SKILL_NAME,
  MAX_TEXT,
  offerGroupFallout,
  partExplodes,
  planOf,
  removePart,
  reviseRoll,
  rollRefusal,
  type Transition,
} from "../../src/group/group-state";
import { groupPassProbability, helpingAlternativeProbability, hinderingAlternativeOdds, hinderingOdds, resolveTest } from "../../src/rules";

const part = (id: string, ob: number, over: Partial<GroupPartInput> = {}): GroupPartInput => ({
  id, actorUuid: `Actor.${id}`, actorName: id.toUpperCase(), skillId: `s-${id}`, skillName: "Stealth", rating: 3, potential: 3, magic: false, ob, task: `${id}'s task`, ...over,
});
const input = (over: Partial<GroupInput> = {}): GroupInput => ({
  mode: "needed", reading: "extraHits", alternative: false, ownerPartId: "a", intent: "Sneak in", consequence: "Spotted", parts: [part("a", 2), part("b", 1), part("c", 3)], ...over,
});
const ok = (t: Transition): GroupState => {
  if (!t.ok) throw new Error(t.problem.key);
  return t.state;
};
const make = (over: Partial<GroupInput> = {}): GroupState => ok(createGroup(input(over)));
const key = (name: string) => `GOLDHACK.Group.Error.${name}`;
const refused = (t: Transition, name: string, data?: Record<string, unknown>) => {
  expect(t.ok).toBe(false);
  if (t.ok) return;
  expect(t.problem).toEqual(data ? { key: key(name), data } : { key: key(name) });
};
const OWNER = { isGM: false, ownsActor: true };
const rollFor = (state: GroupState, id: string, faces: number[]): GroupRoll => {
  const p = state.parts.find((x) => x.id === id);
  if (!p) throw new Error(id);
  const plan = planOf(p);
  return { messageId: `m-${id}`, userId: "u", plan, faces, result: resolveTest(plan, faces), fate: false };
};
const choiceOf = (state: GroupState, id: string) => {
  const p = state.parts.find((x) => x.id === id);
  return { actorUuid: p?.actorUuid ?? "", skillId: p?.skillId ?? null, ob: p?.ob ?? 0 };
};
const land = (state: GroupState, id: string, faces: number[]): GroupState => ok(landRoll(state, id, OWNER, choiceOf(state, id), rollFor(state, id, faces)));

describe("createGroup's refusals, each with its key and data", () => {
  it("refuses a bad mode, too few and too many parts", () => {
    refused(createGroup(input({ mode: "solo" as never })), "BadMode");
    refused(createGroup(input({ parts: [] })), "TooFew", { min: 1 });
    refused(createGroup(input({ mode: "hindering", parts: [part("a", 2)] })), "TooFew", { min: 2 });
    expect(createGroup(input({ mode: "hindering", parts: [part("a", 2), part("b", 1)] })).ok).toBe(true);
    expect(createGroup(input({ parts: [part("a", 2)] })).ok).toBe(true);
    const many = (n: number) => Array.from({ length: n }, (_, i) => part(i === 0 ? "a" : `p${i}`, 1));
    expect(createGroup(input({ parts: many(MAX_PARTS) })).ok).toBe(true);
    refused(createGroup(input({ parts: many(MAX_PARTS + 1) })), "TooMany", { max: MAX_PARTS });
  });

  it("refuses a part with no id, a repeated id, no actor, a bad Ob, rating or Potential", () => {
    refused(createGroup(input({ parts: [part("a", 2), part("", 1)] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2), part("a", 1)] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { actorUuid: "" })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 0)] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 1.5)] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { rating: -1 })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { potential: -1 })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 100)] })), "ObTooHigh", { max: 99 });
    expect(createGroup(input({ parts: [part("a", 99)] })).ok).toBe(true);
    refused(createGroup(input({ parts: [part("a", 2, { rating: 100 })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { potential: 100 })] })), "BadPart");
    expect(createGroup(input({ parts: [part("a", 2, { rating: 99, potential: 99 })] })).ok).toBe(true);
  });

  it("refuses Potential with no dice, naming the actor; a rating with Potential 0 rolls", () => {
    refused(createGroup(input({ parts: [part("a", 2, { rating: 0, potential: 0, skillId: null })] })), "NoDice", { actor: "A" });
    expect(createGroup(input({ parts: [part("a", 2, { rating: 0, potential: 1, skillId: null })] })).ok).toBe(true);
    expect(createGroup(input({ parts: [part("a", 2, { rating: 1, potential: 0 })] })).ok).toBe(true);
  });

  it("refuses a Skill to learn on a Skill part, or with no name or no Type", () => {
    const learn = { name: "Climb", type: "survive", explodes: false };
    refused(createGroup(input({ parts: [part("a", 2, { rating: 0, learn })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { rating: 0, skillId: null, learn: { ...learn, name: "   " } })] })), "BadPart");
    refused(createGroup(input({ parts: [part("a", 2, { rating: 0, skillId: null, learn: { ...learn, type: "" } })] })), "BadPart");
    expect(createGroup(input({ parts: [part("a", 2, { rating: 0, skillId: null, learn: null })] })).ok).toBe(true);
  });

  it("refuses an owner not among the parts and an Intent of blanks", () => {
    refused(createGroup(input({ ownerPartId: "z" })), "NoOwner");
    refused(createGroup(input({ intent: " \n " })), "NoIntent");
  });

  it("trims and cuts the texts, trims the Skill to learn, and starts every part waiting with nothing settled", () => {
    const long = "x".repeat(MAX_TEXT + 10);
    const s = make({
      intent: `  ${long}`,
      consequence: "  Spotted  ",
      parts: [part("a", 2, { task: ` ${long} ` }), part("b", 1, { rating: 0, skillId: null, learn: { name: `  ${"y".repeat(MAX_SKILL_NAME + 5)}  `, type: "survive", explodes: true } })],
    });
    expect(s.intent).toBe("x".repeat(MAX_TEXT));
    expect(s.consequence).toBe("Spotted");
    expect(s.parts[0]?.task).toBe("x".repeat(MAX_TEXT));
    expect(s.parts[1]?.learn).toEqual({ name: "y".repeat(MAX_SKILL_NAME), type: "survive", explodes: true });
    expect(s.parts[0]).not.toHaveProperty("learn");
    expect(s).toMatchObject({ mode: "needed", reading: "extraHits", alternative: false, ownerPartId: "a", status: "open", tieBrokenBy: null, fallout: null });
    expect(s.parts.map((p) => [p.status, p.roll])).toEqual([["waiting", null], ["waiting", null]]);
    expect(make({ mode: "hindering", reading: "addToOb", alternative: true })).toMatchObject({ mode: "hindering", reading: "addToOb", alternative: true });
  });
});

describe("rolling, revising, editing, removing, closing", () => {
  it("rollRefusal: a part not there or removed, a closed group, a part rolled, a user who does not own the actor; the GM may", () => {
    const s = land(make(), "a", [4, 4, 1]);
    expect(rollRefusal(s, "z", OWNER)).toEqual({ key: key("NoPart") });
    expect(rollRefusal(ok(removePart(s, "b")), "b", OWNER)).toEqual({ key: key("NoPart") });
    expect(rollRefusal(ok(closeGroup(s)), "b", OWNER)).toEqual({ key: key("Closed") });
    expect(rollRefusal(s, "a", OWNER)).toEqual({ key: key("AlreadyRolled"), data: { actor: "A" } });
    expect(rollRefusal(s, "b", { isGM: false, ownsActor: false })).toEqual({ key: key("NotOwner"), data: { actor: "B" } });
    expect(rollRefusal(s, "b", { isGM: true, ownsActor: false })).toBeNull();
    expect(rollRefusal(s, "b", OWNER)).toBeNull();
  });

  it("landRoll refuses a roll of another actor, Skill or Ob, and lands a copy of the roll", () => {
    const s = make();
    const roll = rollFor(s, "b", [4, 1, 1]);
    const choice = choiceOf(s, "b");
    refused(landRoll(s, "b", OWNER, { ...choice, actorUuid: "Actor.c" }, roll), "PartChanged", { actor: "B" });
    refused(landRoll(s, "b", OWNER, { ...choice, skillId: null }, roll), "PartChanged", { actor: "B" });
    refused(landRoll(s, "b", OWNER, { ...choice, ob: 2 }, roll), "PartChanged", { actor: "B" });
    refused(landRoll(s, "b", { isGM: false, ownsActor: false }, choice, roll), "NotOwner", { actor: "B" });
    const next = ok(landRoll(s, "b", OWNER, choice, roll));
    expect(next.parts[1]).toMatchObject({ status: "rolled", roll });
    expect(next.parts[1]?.roll).not.toBe(roll);
    expect(s.parts[1]).toMatchObject({ status: "waiting", roll: null });
  });

  it("reviseRoll: refused for a part not rolled; clears a broken tie and an offered Fallout, keeps an answered one", () => {
    const s = land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1)] }), "a", [4, 4, 4]);
    refused(reviseRoll(s, "b", { faces: [], result: rollFor(s, "b", [1]).result, fate: false }), "NoPart");
    refused(reviseRoll(s, "z", { faces: [], result: rollFor(s, "a", [1]).result, fate: false }), "NoPart");
    const tied = ok(breakTie(land(s, "b", [4, 4, 1]), "b"));
    expect(tied.tieBrokenBy).toBe("b");
    const faces = [4, 4, 4, 4];
    const plan = planOf(tied.parts[0] as never);
    const revised = ok(reviseRoll(tied, "a", { faces, result: resolveTest(plan, [4, 4, 4]), fate: true }));
    expect(revised.tieBrokenBy).toBeNull();
    expect(revised.parts[0]?.roll).toMatchObject({ faces, fate: true, messageId: "m-a" });
    expect(tied.parts[0]?.roll?.fate).toBe(false);
    const offered = ok(offerGroupFallout(tied));
    expect(offered.fallout).toEqual({ status: "offered", rating: 1 });
    expect(ok(reviseRoll(offered, "a", { faces, result: resolveTest(plan, [4, 4, 4]), fate: true })).fallout).toBeNull();
    const accepted = ok(answerGroupFallout(offered, true));
    expect(ok(reviseRoll(accepted, "a", { faces, result: resolveTest(plan, [4, 4, 4]), fate: true })).fallout).toEqual({ status: "accepted", rating: 1 });
  });

  it("editPart: refused for a part gone, a closed group, a part rolled, a bad Ob or rating; else changes that part only", () => {
    const s = land(make(), "a", [4, 4, 1]);
    const change = { skillId: "s-x", skillName: "Climb", rating: 2, magic: true, ob: 4 };
    refused(editPart(s, "z", change), "NoPart");
    refused(editPart(ok(removePart(s, "b")), "b", change), "NoPart");
    refused(editPart(ok(closeGroup(s)), "b", change), "Closed");
    refused(editPart(s, "a", change), "PartChanged", { actor: "A" });
    refused(editPart(s, "b", { ...change, ob: 0 }), "BadPart");
    refused(editPart(s, "b", { ...change, rating: -1 }), "BadPart");
    expect(editPart(s, "b", { ...change, rating: 0, ob: 1 }).ok).toBe(true);
    const next = ok(editPart(s, "b", change));
    expect(next.parts[1]).toMatchObject(change);
    expect(next.parts[2]).toEqual(s.parts[2]);
    expect(s.parts[1]).toMatchObject({ skillId: "s-b", ob: 1 });
  });

  it("removePart: refused for a part gone, the owner, and once Fallout is offered; clears a broken tie", () => {
    const s = land(land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1), part("c", 1)] }), "a", [4, 4, 4]), "b", [4, 4, 1]);
    refused(removePart(s, "z"), "NoPart");
    refused(removePart(s, "a"), "RemoveOwner");
    const removed = ok(removePart(s, "c"));
    expect(removed.parts[2]?.status).toBe("removed");
    refused(removePart(removed, "c"), "NoPart");
    const broken = ok(breakTie(removed, "b"));
    refused(removePart(ok(offerGroupFallout(broken)), "b"), "Settled");
    const three = ok(breakTie(land(land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1), part("c", 1)] }), "a", [4, 4, 4]), "b", [4, 4, 1]), "b"));
    // c still to roll: the tie is broken but not final; removing c clears who broke it.
    expect(ok(removePart(three, "c")).tieBrokenBy).toBeNull();
    expect(s.parts[2]?.status).toBe("waiting");
  });

  it("closeGroup: once only, and the state given is left open", () => {
    const s = make();
    const closed = ok(closeGroup(s));
    expect(closed.status).toBe("closed");
    expect(s.status).toBe("open");
    refused(closeGroup(closed), "Closed");
  });
});

describe("verdicts", () => {
  it("nothing rolled: none, final only once closed", () => {
    expect(groupVerdict(make())).toEqual({ kind: "none", final: false });
    expect(groupVerdict(ok(closeGroup(make())))).toEqual({ kind: "none", final: true });
  });

  it("needed, 'the worst roll counts': the whole result of the worst, with no shift and not broken", () => {
    const s = land(land(land(make(), "a", [4, 4, 4, 1]), "b", [4, 4, 1]), "c", [4, 1, 1]);
    expect(groupVerdict(s)).toEqual({ kind: "result", countedPartId: "c", passed: false, hits: 1, extraHits: 0, remainingOb: 2, shift: 0, broken: false, final: true });
  });

  it("helpful, 'the best roll counts'", () => {
    const s = land(land(make({ mode: "helpful" }), "a", [4, 4, 4]), "b", [4, 1, 1]);
    expect(groupVerdict(s)).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 3, extraHits: 1, remainingOb: 0, shift: 0, broken: false, final: false });
  });

  it("the alternative helping: the most hits against the owner's Ob (doubled for her Potential)", () => {
    const s = make({ mode: "helpful", alternative: true, ownerPartId: "b", parts: [part("a", 2), part("b", 2, { rating: 0, skillId: null })] });
    expect(mainOb(s)).toBe(4);
    const r = land(land(s, "a", [4, 4, 4]), "b", [1, 1, 1]);
    expect(groupVerdict(r)).toEqual({ kind: "result", countedPartId: "a", passed: false, hits: 3, extraHits: 0, remainingOb: 1, shift: 0, broken: false, final: true });
  });

  it("hindering: none until the hindered roll is down or while she is gone; her roll alone is her result", () => {
    const two = [part("a", 2), part("b", 1)];
    const b = land(make({ mode: "hindering", parts: two }), "b", [4, 4, 1]);
    expect(groupVerdict(b)).toEqual({ kind: "none", final: false });
    const both = land(b, "a", [4, 4, 4, 4]);
    expect(groupVerdict(both, new Set(["a"]))).toEqual({ kind: "none", final: true });
    const alone = land(make({ mode: "hindering", parts: two }), "a", [4, 4, 4]);
    expect(groupVerdict(alone)).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 3, extraHits: 1, remainingOb: 0, shift: 0, broken: false, final: false });
    const altAlone = land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 4]);
    expect(groupVerdict(altAlone)).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 3, extraHits: 1, remainingOb: 0, shift: 0, broken: false, final: false });
  });

  it("hindering, English reading: the hinderer's extra hits come off the hindered hits (shift), no tie", () => {
    // a: 4 hits vs Ob 2; b: 2 hits vs Ob 1, 1 extra: a keeps 3 hits, still passes.
    const s = land(land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1)] }), "a", [4, 4, 4, 4]), "b", [4, 4, 1]);
    expect(groupVerdict(s)).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 3, extraHits: 1, remainingOb: 0, shift: 1, broken: false, final: true });
  });

  it("a tie broken by the owner is her pass with no extra hits; by a hinderer, a fail by 1; the English reading shows the hits left", () => {
    const s = land(land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1)] }), "a", [4, 4, 4]), "b", [4, 4, 1]);
    refused(breakTie(s, "z"), "NotTied");
    expect(groupVerdict(ok(breakTie(s, "a")))).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 2, extraHits: 0, remainingOb: 0, shift: 1, broken: true, final: true });
    expect(groupVerdict(ok(breakTie(s, "b")))).toEqual({ kind: "result", countedPartId: "a", passed: false, hits: 2, extraHits: 0, remainingOb: 1, shift: 1, broken: true, final: true });
    // A breaker no longer among the tied is ignored.
    expect(groupVerdict({ ...s, tieBrokenBy: "c" })).toEqual({ kind: "tie", tiedPartIds: ["a", "b"], final: true });
  });

  it("the Spanish reading: the hits stay the hindered roll's own when a tie is broken", () => {
    const s = land(land(make({ mode: "hindering", reading: "addToOb", parts: [part("a", 2), part("b", 1)] }), "a", [4, 4, 4]), "b", [4, 1, 1]);
    expect(groupVerdict(ok(breakTie(s, "b")))).toEqual({ kind: "result", countedPartId: "a", passed: false, hits: 3, extraHits: 0, remainingOb: 1, shift: 1, broken: true, final: true });
  });

  it("the alternative hindering, 'Only the roll with the most hits succeeds': the winner, a tie, and its break", () => {
    const two = [part("a", 2), part("b", 1)];
    const won = land(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 4]), "b", [4, 4, 1]);
    expect(groupVerdict(won)).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 3, extraHits: 1, remainingOb: 0, shift: 0, broken: false, final: true });
    const lost = land(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1]), "b", [4, 4, 4]);
    // She passed her own Ob 2 but lost the contest: her Ob left is read as at least 1.
    expect(groupVerdict(lost)).toEqual({ kind: "result", countedPartId: "b", passed: false, hits: 2, extraHits: 0, remainingOb: 1, shift: 0, broken: false, final: true });
    const lostBy2 = land(land(make({ mode: "hindering", alternative: true, parts: [part("a", 3), part("b", 1)] }), "a", [4, 1, 1]), "b", [4, 4, 4]);
    expect(groupVerdict(lostBy2)).toMatchObject({ countedPartId: "b", passed: false, remainingOb: 2 });
    const tie = land(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1]), "b", [4, 4, 1]);
    expect(groupVerdict(tie)).toEqual({ kind: "tie", tiedPartIds: ["a", "b"], final: true });
    expect(groupVerdict({ ...tie, tieBrokenBy: "z" })).toEqual({ kind: "tie", tiedPartIds: ["a", "b"], final: true });
    expect(groupVerdict(ok(breakTie(tie, "a")))).toEqual({ kind: "result", countedPartId: "a", passed: true, hits: 2, extraHits: 0, remainingOb: 0, shift: 0, broken: true, final: true });
    expect(groupVerdict(ok(breakTie(tie, "b")))).toEqual({ kind: "result", countedPartId: "b", passed: false, hits: 2, extraHits: 0, remainingOb: 1, shift: 0, broken: true, final: true });
    refused(breakTie(won, "a"), "NoTie");
  });

  it("alternativeLogs: the winner logs a pass, every other roller a fail; null before the verdict is final or outside the alternative hindering", () => {
    const two = [part("a", 2), part("b", 1)];
    const lost = land(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1]), "b", [4, 4, 4]);
    expect(alternativeLogs(lost)).toEqual([{ partId: "a", outcome: "failed" }, { partId: "b", outcome: "passed" }]);
    expect(alternativeLogs(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1]))).toBeNull();
    expect(alternativeLogs(land(land(make({ mode: "hindering", parts: two }), "a", [4, 4, 1]), "b", [4, 4, 4]))).toBeNull();
    expect(alternativeLogs(land(make({ alternative: true }), "a", [4, 4, 1]))).toBeNull();
    // The alternative helping, final: each part logs her own roll there, so no alternative logs.
    expect(alternativeLogs(ok(closeGroup(land(land(make({ mode: "helpful", alternative: true }), "a", [4, 4, 1]), "b", [4, 4, 4]))))).toBeNull();
    const alone = ok(closeGroup(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1])));
    expect(alternativeLogs(alone)).toEqual([{ partId: "a", outcome: "passed" }]);
    const aloneFailed = ok(closeGroup(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 1, 1])));
    expect(alternativeLogs(aloneFailed)).toEqual([{ partId: "a", outcome: "failed" }]);
    const tie = land(land(make({ mode: "hindering", alternative: true, parts: two }), "a", [4, 4, 1]), "b", [4, 4, 1]);
    expect(alternativeLogs(tie)).toBeNull();
    expect(alternativeLogs(ok(breakTie(tie, "a")))).toEqual([{ partId: "a", outcome: "passed" }, { partId: "b", outcome: "failed" }]);
  });
});

describe("the Fallout the GM offers", () => {
  it("refused before the verdict is final, for a pass, and twice; rated by the Ob left; answered once", () => {
    const first = land(make(), "a", [4, 1, 1]);
    refused(offerGroupFallout(first), "NotFinal");
    refused(offerGroupFallout(make()), "NotFinal");
    const passed = ok(closeGroup(land(make(), "a", [4, 4, 1])));
    refused(offerGroupFallout(passed), "NotFailed");
    const failed = ok(closeGroup(first));
    const offered = ok(offerGroupFallout(failed));
    expect(offered.fallout).toEqual({ status: "offered", rating: 1 });
    expect(failed.fallout).toBeNull();
    refused(offerGroupFallout(offered), "Settled");
    refused(answerGroupFallout(failed, true), "NoOffer");
    expect(ok(answerGroupFallout(offered, true)).fallout).toEqual({ status: "accepted", rating: 1 });
    const refusedOffer = ok(answerGroupFallout(offered, false));
    expect(refusedOffer.fallout).toEqual({ status: "refused", rating: 1 });
    refused(answerGroupFallout(refusedOffer, true), "NoOffer");
    expect(offered.fallout?.status).toBe("offered");
    // A tie is no result: nothing to offer.
    const tie = land(land(make({ mode: "hindering", parts: [part("a", 2), part("b", 1)] }), "a", [4, 4, 4]), "b", [4, 4, 1]);
    refused(offerGroupFallout(tie), "NotFinal");
    refused(offerGroupFallout(tie, new Set(["a"])), "NotFinal");
  });
});

describe("explosion and plans", () => {
  it("a Skill part explodes by her Skill's Magic (even at rating 0), a Potential part by the Skill she would learn (ruling-untrained-magic)", () => {
    expect(partExplodes({ skillId: "s", magic: true, learn: null })).toBe(true);
    expect(partExplodes({ skillId: "s", magic: false, learn: { name: "X", type: "magic", explodes: true } })).toBe(false);
    expect(partExplodes({ skillId: null, magic: true, learn: null })).toBe(false);
    expect(partExplodes({ skillId: null, magic: false, learn: { name: "X", type: "magic", explodes: true } })).toBe(true);
    expect(partExplodes({ skillId: null, magic: false, learn: { name: "X", type: "craft", explodes: false } })).toBe(false);
    expect(planOf({ rating: 0, potential: 3, ob: 2, magic: false, skillId: null, learn: { name: "X", type: "magic", explodes: true } })).toMatchObject({ dice: 3, ob: 4, explode: true });
    expect(planOf({ rating: 2, potential: 3, ob: 2, magic: false, skillId: "s" })).toMatchObject({ dice: 2, ob: 2, explode: false });
  });
});

describe("odds before anyone rolls", () => {
  const plansOf = (s: GroupState) => s.parts.filter((p) => p.status !== "removed").map(planOf);
  it("needed and helpful: the rules core's figures, with and without Fate, and no tie", () => {
    const s = make();
    expect(groupOdds(s)).toEqual({ pass: groupPassProbability("needed", plansOf(s)), passWithFate: groupPassProbability("needed", plansOf(s), { fate: true }), tie: null });
    const h = make({ mode: "helpful" });
    expect(groupOdds(h)).toEqual({ pass: groupPassProbability("helpful", plansOf(h)), passWithFate: groupPassProbability("helpful", plansOf(h), { fate: true }), tie: null });
    const alt = make({ mode: "helpful", alternative: true, ownerPartId: "c" });
    expect(groupOdds(alt)).toEqual({ pass: helpingAlternativeProbability(plansOf(alt), 3), passWithFate: helpingAlternativeProbability(plansOf(alt), 3, { fate: true }), tie: null });
  });

  it("removed parts are left out", () => {
    const s = ok(removePart(make(), "c"));
    expect(groupOdds(s)?.pass).toBe(groupPassProbability("needed", plansOf(s)));
    expect(plansOf(s)).toHaveLength(2);
  });

  it("hindering: the reading's odds and tie, with Fate; the alternative shows no 'with Fate' figure; none with nobody hindering", () => {
    const s = make({ mode: "hindering" });
    const [target, ...others] = plansOf(s);
    if (!target) throw new Error();
    const odds = hinderingOdds(target, others, "extraHits");
    expect(groupOdds(s)).toEqual({ pass: odds.pass, passWithFate: hinderingOdds(target, others, "extraHits", { fate: true }).pass, tie: odds.tie });
    const es = make({ mode: "hindering", reading: "addToOb" });
    expect(groupOdds(es)?.pass).toBe(hinderingOdds(target, others, "addToOb").pass);
    expect(groupOdds(es)?.pass).not.toBe(odds.pass);
    const alt = make({ mode: "hindering", alternative: true });
    const a = hinderingAlternativeOdds(target, others);
    expect(groupOdds(alt)).toEqual({ pass: a.pass, passWithFate: null, tie: a.tie });
    const alone = ok(removePart(make({ mode: "hindering", parts: [part("a", 2), part("b", 1)] }), "b"));
    expect(groupOdds(alone)).toBeNull();
  });

  it("a part rolled with no roll stored (a damaged card) does not count", () => {
    const s = land(make(), "a", [4, 4, 1]);
    const damaged = { ...s, parts: s.parts.map((p) => (p.id === "a" ? { ...p, roll: null } : p)) };
    expect(countedParts(damaged)).toEqual([]);
    expect(countedParts(s).map((p) => p.id)).toEqual(["a"]);
  });

  it("a part of one die has odds", () => {
    expect(groupOdds(make({ parts: [part("a", 1, { rating: 1 })] }))?.pass).toBeCloseTo(0.5, 12);
  });

  it("none with the owner missing or a part with no dice", () => {
    expect(groupOdds({ ...make(), ownerPartId: "z" })).toBeNull();
    const s = make();
    const noDice = { ...s, parts: s.parts.map((p, i) => (i === 1 ? { ...p, rating: 0, potential: 0, skillId: null } : p)) };
    expect(groupOdds(noDice)).toBeNull();
  });
});
