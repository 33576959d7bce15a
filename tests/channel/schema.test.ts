/** Every GM action's declared payload refuses each field missing, mistyped, out of bounds or carrying a prototype key. */
import { describe, expect, it } from "vitest";
import { readPayload } from "../../src/channel/schema";
import { checkSchema } from "../support/schema-cases";
import { GROUP_ACTION_SCHEMAS, GROUP_CREATE_SCHEMA, GROUP_REQUEST_SCHEMA } from "../../src/group/group-schemas";

describe("readPayload", () => {
  it("keeps only declared fields and never builds on Object.prototype", () => {
    const read = readPayload({ traits: { kind: "idMap", values: ["helps"], max: 5 } }, JSON.parse('{"traits":{"abc":"helps"}}'));
    expect(read).toEqual({ ok: true, value: { traits: { abc: "helps" } } });
    expect(readPayload({ n: { kind: "int", min: 0, max: 3, optional: true } }, {})).toEqual({ ok: true, value: {} });
  });
});

describe("group actions", () => {
  it("the request around each action", () => checkSchema(GROUP_REQUEST_SCHEMA, { messageId: "abc123" }));
  it("roll", () => checkSchema(GROUP_ACTION_SCHEMAS.roll, { action: "roll", partId: "p1", persona: 1, traits: { t1: "helps" }, fallouts: ["f1"], messageMode: "public" }));
  it("remove", () => checkSchema(GROUP_ACTION_SCHEMAS.remove, { action: "remove", partId: "p1" }));
  it("breakTie", () => checkSchema(GROUP_ACTION_SCHEMAS.breakTie, { action: "breakTie", partId: "p1" }));
  it("close", () => checkSchema(GROUP_ACTION_SCHEMAS.close, { action: "close" }));
  it("offerFallout", () => checkSchema(GROUP_ACTION_SCHEMAS.offerFallout, { action: "offerFallout" }));
  it("answerFallout", () => checkSchema(GROUP_ACTION_SCHEMAS.answerFallout, { action: "answerFallout", accept: true }));
  it("create", () =>
    checkSchema(GROUP_CREATE_SCHEMA, { mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "", parts: [{ id: "p0", actorUuid: "Actor.abc", skillId: null, ob: 2, task: "" }] }));
});

describe("vote actions", async () => {
  const { NOMINATE_SCHEMAS, VOTE_SCHEMAS } = await import("../../src/session/vote-schemas");
  it("nominate an award", () => checkSchema(NOMINATE_SCHEMAS.rewards, { kind: "rewards", voteId: "v1", actorUuid: "Actor.abc", award: "mvp", reason: "held the gate" }));
  it("nominate a Trait change", () =>
    checkSchema(NOMINATE_SCHEMAS.traits, { kind: "traits", voteId: "v1", actorUuid: "Actor.abc", changeKind: "change", itemId: "i1", traitName: "Scarred", traitDescription: "From the fire", reason: "" }));
  it("vote", () => checkSchema(VOTE_SCHEMAS.vote, { kind: "rewards", voteId: "v1", nominationId: "n1", approve: true }));
  it("participant", () => checkSchema(VOTE_SCHEMAS.participant, { kind: "traits", voteId: "v1", userId: "u1", present: false }));
  it("close", () => checkSchema(VOTE_SCHEMAS.close, { kind: "rewards", voteId: "v1" }));
});
