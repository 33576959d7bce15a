/**
 * Every GM action's declared payload refuses each field missing, mistyped, out of bounds or carrying a
 * prototype key, at the top and in every nested object. One table drives all actions (issue 26).
 */
import { describe, expect, it } from "vitest";
import { readPayload } from "../../src/channel/schema";
import { checkSchema, type SchemaCase } from "../support/schema-cases";
import { GROUP_ACTION_SCHEMAS, GROUP_CREATE_SCHEMA, GROUP_REQUEST_SCHEMA } from "../../src/group/group-schemas";
import { NOMINATE_SCHEMAS, VOTE_SCHEMAS } from "../../src/session/vote-schemas";
import { DOWNTIME_SCHEMAS } from "../../src/downtime/downtime-schemas";

describe("readPayload", () => {
  it("keeps only declared fields and never builds on Object.prototype", () => {
    const read = readPayload({ traits: { kind: "idMap", values: ["helps"], max: 5 } }, JSON.parse('{"traits":{"abc":"helps"}}'));
    expect(read).toEqual({ ok: true, value: { traits: { abc: "helps" } } });
    expect(readPayload({ n: { kind: "int", min: 0, max: 3, optional: true } }, {})).toEqual({ ok: true, value: {} });
  });
  it("reads a nested object, a nullable one, a list of uuids and a list of options", () => {
    const schema = {
      span: { kind: "object", of: { count: { kind: "int", min: 1, max: 9 } } },
      skill: { kind: "object", nullable: true, of: { name: { kind: "text", max: 9 } } },
      actors: { kind: "uuids", max: 3 },
      logs: { kind: "enumList", values: ["passed", "failed"], max: 3 },
    } as const;
    expect(readPayload(schema, { span: { count: 2 }, skill: null, actors: ["Actor.a"], logs: ["failed"] })).toEqual({ ok: true, value: { span: { count: 2 }, skill: null, actors: ["Actor.a"], logs: ["failed"] } });
    expect(readPayload(schema, { span: { count: 2, extra: 1 }, skill: null, actors: [], logs: [] })).toMatchObject({ ok: false, problem: { data: { field: "span.extra" } } });
  });
});

const downtimeOn = { downtimeId: "d1", actorUuid: "Actor.abc" };
const plan = { restUnits: 1, care: { f1: "treat" }, practice: [{ skillId: "s1", newSkill: null, units: 1, outcomes: ["passed", "failed"] }] };

/** Every GM-bound action: its name (as the channel carries it), its schema, valid samples filling every nested part. */
export const SCHEMA_CASES: SchemaCase[] = [
  { action: "group: request around each action", schema: GROUP_REQUEST_SCHEMA, samples: [{ messageId: "abc123" }] },
  { action: "group: roll", schema: GROUP_ACTION_SCHEMAS.roll, samples: [{ action: "roll", partId: "p1", persona: 1, traits: { t1: "helps" }, fallouts: ["f1"], messageMode: "public" }] },
  { action: "group: remove", schema: GROUP_ACTION_SCHEMAS.remove, samples: [{ action: "remove", partId: "p1" }] },
  { action: "group: breakTie", schema: GROUP_ACTION_SCHEMAS.breakTie, samples: [{ action: "breakTie", partId: "p1" }] },
  { action: "group: close", schema: GROUP_ACTION_SCHEMAS.close, samples: [{ action: "close" }] },
  { action: "group: offerFallout", schema: GROUP_ACTION_SCHEMAS.offerFallout, samples: [{ action: "offerFallout" }] },
  { action: "group: answerFallout", schema: GROUP_ACTION_SCHEMAS.answerFallout, samples: [{ action: "answerFallout", accept: true }] },
  {
    action: "group: create",
    schema: GROUP_CREATE_SCHEMA,
    samples: [{ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "", parts: [{ id: "p0", actorUuid: "Actor.abc", skillId: null, ob: 2, task: "", learnSkillName: "Climb", learnSkillType: "survive" }] }],
  },
  { action: "vote: nominate an award", schema: NOMINATE_SCHEMAS.rewards, samples: [{ kind: "rewards", voteId: "v1", actorUuid: "Actor.abc", award: "mvp", reason: "held the gate" }] },
  {
    action: "vote: nominate a Trait change",
    schema: NOMINATE_SCHEMAS.traits,
    samples: [{ kind: "traits", voteId: "v1", actorUuid: "Actor.abc", changeKind: "change", itemId: "i1", traitName: "Scarred", traitDescription: "From the fire", reason: "" }],
  },
  { action: "vote: vote", schema: VOTE_SCHEMAS.vote, samples: [{ kind: "rewards", voteId: "v1", nominationId: "n1", approve: true }] },
  { action: "vote: participant", schema: VOTE_SCHEMAS.participant, samples: [{ kind: "traits", voteId: "v1", userId: "u1", present: false }] },
  { action: "vote: close", schema: VOTE_SCHEMAS.close, samples: [{ kind: "rewards", voteId: "v1" }] },
  { action: "downtime: start", schema: DOWNTIME_SCHEMAS.start, samples: [{ span: { count: 6, unit: "month" }, cycleUnits: { magic: "year" }, actorUuids: ["Actor.abc", "Actor.def"] }] },
  {
    action: "downtime: submit a plan",
    schema: DOWNTIME_SCHEMAS.submit,
    samples: [
      { ...downtimeOn, plan },
      { ...downtimeOn, plan: { ...plan, practice: [{ skillId: null, newSkill: { name: "Climbing", type: "survive" }, units: 1, outcomes: ["passed"] }] } },
    ],
  },
  { action: "downtime: return a plan", schema: DOWNTIME_SCHEMAS.return, samples: [{ ...downtimeOn, note: "Rest first" }] },
  { action: "downtime: marks", schema: DOWNTIME_SCHEMAS.marks, samples: [{ ...downtimeOn, marks: { interfering: ["f1"], healed: [], warned: ["f2"], ages: true } }] },
  { action: "downtime: start a recovery", schema: DOWNTIME_SCHEMAS.startRecovery, samples: [{ ...downtimeOn, falloutId: "f1" }] },
  { action: "downtime: recovery rolled", schema: DOWNTIME_SCHEMAS.recoveryRolled, samples: [{ ...downtimeOn, falloutId: "f1", messageId: "m1" }] },
  { action: "downtime: rule a recovery", schema: DOWNTIME_SCHEMAS.rule, samples: [{ ...downtimeOn, falloutId: "f1", ruling: "permanent" }] },
  { action: "downtime: apply", schema: DOWNTIME_SCHEMAS.apply, samples: [{ downtimeId: "d1" }] },
];

describe("every GM action's payload", () => {
  it.each(SCHEMA_CASES.map((c) => [c.action, c] as const))("%s", (_name, c) => checkSchema(c.schema, ...c.samples));
});
