/**
 * A group card's state read back from a stored message (issue 27: `npm run mutate` covers each
 * procedure's state module). A card edited by hand or out of range reads as damaged (null), never throws;
 * a good one reads back as a copy. Bounds: docs (rules journal) ruling-rating-cap, issue 26's group Obs.
 */
import { describe, expect, it } from "vitest";
import { createGroup, type GroupInput, type GroupState, landRoll, MAX_GROUP_OB, MAX_PARTS, MAX_STORED_FACES, planOf, readGroupState, type Transition } from "../../src/group/group-state";
import { resolveTest } from "../../src/rules";

const ok = (t: Transition): GroupState => {
  if (!t.ok) throw new Error(t.problem.key);
  return t.state;
};
const part = (id: string, name: string) => ({ id, actorUuid: `Actor.${id}`, actorName: name, skillId: `s-${id}`, skillName: "Stealth", rating: 3, potential: 3, magic: false, ob: 2, task: "Creep" });
const input: GroupInput = { mode: "needed", reading: "extraHits", alternative: false, ownerPartId: "p0", intent: "Slip past", consequence: "Alarm", parts: [part("p0", "Sela"), part("p1", "Brom")] };
const rolled = (): GroupState => {
  const state = ok(createGroup(input));
  const p = state.parts[0];
  if (!p) throw new Error("no part");
  const plan = planOf(p);
  const faces = [4, 5, 1];
  return ok(landRoll(state, "p0", { isGM: true, ownsActor: true }, { actorUuid: p.actorUuid, skillId: p.skillId, ob: p.ob }, { messageId: "m0", userId: "u", plan, faces, result: resolveTest(plan, faces), fate: false }));
};
type Json = Record<string, unknown>;
const json = (): Json => JSON.parse(JSON.stringify(rolled())) as Json;
const withPart = (change: (p: Json) => void, index = 0): Json => {
  const s = json();
  change((s.parts as Json[])[index] as Json);
  return s;
};
const withRoll = (change: (r: Json) => void): Json => withPart((p) => change(p.roll as Json));

describe("readGroupState", () => {
  it("reads a good card back as a copy, waiting and rolled parts alike", () => {
    const state = rolled();
    const read = readGroupState(state);
    expect(read).toEqual(state);
    expect(read).not.toBe(state);
    expect(readGroupState(ok(createGroup(input)))).toEqual(ok(createGroup(input)));
    expect(readGroupState({ ...json(), status: "closed", mode: "hindering", reading: "addToOb" })).toMatchObject({ status: "closed", mode: "hindering", reading: "addToOb" });
    expect(readGroupState({ ...json(), mode: "helpful" })).toMatchObject({ mode: "helpful" });
    expect(readGroupState({ ...json(), fallout: { rating: 0 } })).not.toBeNull();
    expect(readGroupState({ ...json(), fallout: { rating: MAX_GROUP_OB } })).not.toBeNull();
    expect(readGroupState({ ...json(), fallout: null })).not.toBeNull();
    expect(readGroupState(withPart((p) => (p.skillId = null)))).not.toBeNull();
    expect(readGroupState(withPart((p) => (p.status = "removed")))).not.toBeNull();
    expect(readGroupState(withPart((p) => Object.assign(p, { ob: 1, rating: 0, potential: 0 })))).not.toBeNull();
    expect(readGroupState(withPart((p) => Object.assign(p, { ob: MAX_GROUP_OB, rating: 99, potential: 99 })))).not.toBeNull();
    expect(readGroupState(withRoll((r) => Object.assign(r, { faces: [1, 6] })))).not.toBeNull();
    expect(readGroupState(withRoll((r) => Object.assign(r, { faces: Array.from({ length: MAX_STORED_FACES }, () => 4) })))).not.toBeNull();
    expect(readGroupState(withRoll((r) => ((r.plan as Json).dice = 0)))).not.toBeNull();
    expect(readGroupState(withRoll((r) => ((r.plan as Json).dice = MAX_STORED_FACES)))).not.toBeNull();
    expect(readGroupState(withRoll((r) => ((r.plan as Json).ob = 2 * MAX_GROUP_OB + MAX_STORED_FACES)))).not.toBeNull();
    expect(readGroupState(withRoll((r) => Object.assign(r.result as Json, { hits: MAX_STORED_FACES, extraHits: 0, remainingOb: 2 * MAX_GROUP_OB + MAX_STORED_FACES })))).not.toBeNull();
    const twelve = json();
    twelve.parts = Array.from({ length: MAX_PARTS }, (_, i) => ({ ...((twelve.parts as Json[])[1] as Json), id: `q${i}` }));
    expect(readGroupState(twelve)).not.toBeNull();
  });

  it("reads a damaged card as nothing", () => {
    const thirteen = json();
    thirteen.parts = Array.from({ length: MAX_PARTS + 1 }, (_, i) => ({ ...((thirteen.parts as Json[])[1] as Json), id: `q${i}` }));
    const bad: [string, unknown][] = [
      ["null", null],
      ["text", "card"],
      ["no mode", { ...json(), mode: undefined }],
      ["mode", { ...json(), mode: "solo" }],
      ["reading", { ...json(), reading: "both" }],
      ["parts", { ...json(), parts: "p0" }],
      ["13 parts", thirteen],
      ["owner", { ...json(), ownerPartId: 0 }],
      ["status", { ...json(), status: "done" }],
      ["fallout", { ...json(), fallout: { rating: MAX_GROUP_OB + 1 } }],
      ["fallout -1", { ...json(), fallout: { rating: -1 } }],
      ["fallout list", { ...json(), fallout: [1] }],
      ["fallout text", { ...json(), fallout: "1" }],
      ["part text", withPart((p) => Object.keys(p).forEach((k) => Reflect.deleteProperty(p, k)))],
      ["part id", withPart((p) => (p.id = 1))],
      ["actorUuid", withPart((p) => (p.actorUuid = null))],
      ["actorName", withPart((p) => (p.actorName = 2))],
      ["skillName", withPart((p) => (p.skillName = null))],
      ["skillId", withPart((p) => (p.skillId = 7))],
      ["task", withPart((p) => (p.task = null))],
      ["magic", withPart((p) => (p.magic = "no"))],
      ["ob 0", withPart((p) => (p.ob = 0))],
      ["ob 1e20", withPart((p) => (p.ob = 1e20))],
      ["ob 100", withPart((p) => (p.ob = MAX_GROUP_OB + 1))],
      ["rating", withPart((p) => (p.rating = -1))],
      ["rating 100", withPart((p) => (p.rating = 100))],
      ["potential", withPart((p) => (p.potential = 1.5))],
      ["potential 100", withPart((p) => (p.potential = 100))],
      ["part status", withPart((p) => (p.status = "gone"))],
      ["roll text", withPart((p) => (p.roll = "x"))],
      ["roll list", withPart((p) => (p.roll = []))],
      ["roll message", withRoll((r) => (r.messageId = 1))],
      ["roll plan", withRoll((r) => (r.plan = null))],
      ["roll result", withRoll((r) => (r.result = 3))],
      ["roll faces", withRoll((r) => (r.faces = "456"))],
      ["203 dice", withRoll((r) => ((r.plan as Json).dice = MAX_STORED_FACES + 1))],
      ["dice -1", withRoll((r) => ((r.plan as Json).dice = -1))],
      ["plan ob", withRoll((r) => ((r.plan as Json).ob = 2 * MAX_GROUP_OB + MAX_STORED_FACES + 1))],
      ["plan ob -1", withRoll((r) => ((r.plan as Json).ob = -1))],
      ["face 7", withRoll((r) => (r.faces = [4, 7]))],
      ["face 0", withRoll((r) => (r.faces = [0]))],
      ["faces too many", withRoll((r) => (r.faces = Array.from({ length: MAX_STORED_FACES + 1 }, () => 4)))],
      ["hits", withRoll((r) => ((r.result as Json).hits = -1))],
      ["hits too many", withRoll((r) => ((r.result as Json).hits = MAX_STORED_FACES + 1))],
      ["extra", withRoll((r) => ((r.result as Json).extraHits = MAX_STORED_FACES + 1))],
      ["extra -1", withRoll((r) => ((r.result as Json).extraHits = -1))],
      ["left", withRoll((r) => ((r.result as Json).remainingOb = 2 * MAX_GROUP_OB + MAX_STORED_FACES + 1))],
      ["left -1", withRoll((r) => ((r.result as Json).remainingOb = -1))],
    ];
    for (const [what, value] of bad) expect(readGroupState(value), what).toBeNull();
  });
});
