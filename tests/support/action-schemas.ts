/**
 * The table every GM-bound action is checked by (issue 26): each channel action's name, what part of it
 * a row covers, its declared schema and valid samples that fill every nested part. tests/channel/schema.test.ts
 * runs every refusal on each row; tests/foundry/init-all.test.ts checks every action init registers has a row.
 */
import type { Schema } from "../../src/channel/schema";
import { GROUP_ACTION_SCHEMAS, GROUP_CREATE_SCHEMA, GROUP_REQUEST_SCHEMA } from "../../src/group/group-schemas";
import { CREATE_ACTION, GROUP_ACTION } from "../../src/group/group-names";
import { NOMINATE_SCHEMAS, VOTE_SCHEMAS } from "../../src/session/vote-schemas";
import { SESSION_ACTIONS } from "../../src/session/vote-settings";
import { DOWNTIME_SCHEMAS } from "../../src/downtime/downtime-schemas";
import { DOWNTIME_ACTIONS } from "../../src/downtime/downtime-names";
import { CARD_ACTION } from "../../src/dice/card-action-name";
import { cardPayloadSchema } from "../../src/dice/card-action-schemas";
import { ANSWER_ACTION, PROPOSAL_ACTION } from "../../src/requests/request-actions";
import { ANSWER_SCHEMA, PROPOSAL_ANSWER_SCHEMA } from "../../src/requests/request-schemas";

type Json = Record<string, unknown>;

/** One row: a channel action's name, the part of it covered, its schema and valid samples. */
export interface SchemaCase {
  action: string;
  label: string;
  schema: Schema;
  samples: [Json, ...Json[]];
}

const downtimeOn = { downtimeId: "d1", actorUuid: "Actor.abc" };
const plan = { restUnits: 1, care: { f1: "treat" }, practice: [{ skillId: "s1", newSkill: null, units: 1, outcomes: ["passed", "failed"] }] };

export const SCHEMA_CASES: SchemaCase[] = [
  { action: GROUP_ACTION, label: "request around each action", schema: GROUP_REQUEST_SCHEMA, samples: [{ messageId: "abc123" }] },
  { action: GROUP_ACTION, label: "roll", schema: GROUP_ACTION_SCHEMAS.roll, samples: [{ action: "roll", partId: "p1", persona: 1, traits: { t1: "helps" }, fallouts: ["f1"], messageMode: "public" }] },
  { action: GROUP_ACTION, label: "remove", schema: GROUP_ACTION_SCHEMAS.remove, samples: [{ action: "remove", partId: "p1" }] },
  { action: GROUP_ACTION, label: "breakTie", schema: GROUP_ACTION_SCHEMAS.breakTie, samples: [{ action: "breakTie", partId: "p1" }] },
  { action: GROUP_ACTION, label: "close", schema: GROUP_ACTION_SCHEMAS.close, samples: [{ action: "close" }] },
  { action: GROUP_ACTION, label: "offerFallout", schema: GROUP_ACTION_SCHEMAS.offerFallout, samples: [{ action: "offerFallout" }] },
  { action: GROUP_ACTION, label: "answerFallout", schema: GROUP_ACTION_SCHEMAS.answerFallout, samples: [{ action: "answerFallout", accept: true }] },
  {
    action: CREATE_ACTION, label: "create",
    schema: GROUP_CREATE_SCHEMA,
    samples: [{ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "", parts: [{ id: "p0", actorUuid: "Actor.abc", skillId: null, ob: 2, task: "", learnSkillName: "Climb", learnSkillType: "survive" }] }],
  },
  { action: SESSION_ACTIONS.nominate, label: "nominate an award", schema: NOMINATE_SCHEMAS.rewards, samples: [{ kind: "rewards", voteId: "v1", actorUuid: "Actor.abc", award: "mvp", reason: "held the gate" }] },
  {
    action: SESSION_ACTIONS.nominate, label: "nominate a Trait change",
    schema: NOMINATE_SCHEMAS.traits,
    samples: [{ kind: "traits", voteId: "v1", actorUuid: "Actor.abc", changeKind: "change", itemId: "i1", traitName: "Scarred", traitDescription: "From the fire", reason: "" }],
  },
  { action: SESSION_ACTIONS.vote, label: "vote", schema: VOTE_SCHEMAS.vote, samples: [{ kind: "rewards", voteId: "v1", nominationId: "n1", approve: true }] },
  { action: SESSION_ACTIONS.participant, label: "participant", schema: VOTE_SCHEMAS.participant, samples: [{ kind: "traits", voteId: "v1", userId: "u1", present: false }] },
  { action: SESSION_ACTIONS.close, label: "close", schema: VOTE_SCHEMAS.close, samples: [{ kind: "rewards", voteId: "v1" }] },
  { action: DOWNTIME_ACTIONS.start, label: "start", schema: DOWNTIME_SCHEMAS.start, samples: [{ span: { count: 6, unit: "month" }, cycleUnits: { magic: "year" }, actorUuids: ["Actor.abc", "Actor.def"] }] },
  {
    action: DOWNTIME_ACTIONS.submit, label: "submit a plan",
    schema: DOWNTIME_SCHEMAS.submit,
    samples: [
      { ...downtimeOn, plan },
      { ...downtimeOn, plan: { ...plan, practice: [{ skillId: null, newSkill: { name: "Climbing", type: "survive" }, units: 1, outcomes: ["passed"] }] } },
    ],
  },
  { action: DOWNTIME_ACTIONS.return, label: "return a plan", schema: DOWNTIME_SCHEMAS.return, samples: [{ ...downtimeOn, note: "Rest first" }] },
  { action: DOWNTIME_ACTIONS.marks, label: "marks", schema: DOWNTIME_SCHEMAS.marks, samples: [{ ...downtimeOn, marks: { interfering: ["f1"], healed: [], warned: ["f2"], ages: true } }] },
  { action: DOWNTIME_ACTIONS.startRecovery, label: "start a recovery", schema: DOWNTIME_SCHEMAS.startRecovery, samples: [{ ...downtimeOn, falloutId: "f1" }] },
  { action: DOWNTIME_ACTIONS.recoveryRolled, label: "recovery rolled", schema: DOWNTIME_SCHEMAS.recoveryRolled, samples: [{ ...downtimeOn, falloutId: "f1", messageId: "m1" }] },
  { action: DOWNTIME_ACTIONS.rule, label: "rule a recovery", schema: DOWNTIME_SCHEMAS.rule, samples: [{ ...downtimeOn, falloutId: "f1", ruling: "permanent" }] },
  { action: DOWNTIME_ACTIONS.apply, label: "apply", schema: DOWNTIME_SCHEMAS.apply, samples: [{ downtimeId: "d1" }] },
  { action: CARD_ACTION, label: "spend Fate", schema: cardPayloadSchema("spendFate"), samples: [{ messageId: "m1", action: { action: "spendFate" } }] },
  { action: CARD_ACTION, label: "reroll a die", schema: cardPayloadSchema("rerollDie"), samples: [{ messageId: "m1", action: { action: "rerollDie", die: 2 } }] },
  { action: CARD_ACTION, label: "offer Fallout", schema: cardPayloadSchema("offerFallout"), samples: [{ messageId: "m1", action: { action: "offerFallout" } }] },
  { action: CARD_ACTION, label: "accept Fallout", schema: cardPayloadSchema("acceptFallout"), samples: [{ messageId: "m1", action: { action: "acceptFallout", name: "Bruised" } }] },
  { action: CARD_ACTION, label: "refuse Fallout", schema: cardPayloadSchema("refuseFallout"), samples: [{ messageId: "m1", action: { action: "refuseFallout" } }] },
  { action: CARD_ACTION, label: "write the log", schema: cardPayloadSchema("writeLog"), samples: [{ messageId: "m1", action: { action: "writeLog" } }] },
  { action: ANSWER_ACTION, label: "answer a request", schema: ANSWER_SCHEMA, samples: [{ requestId: "r1", rollMessageId: "m1" }] },
  {
    action: PROPOSAL_ACTION,
    label: "answer a proposal",
    schema: PROPOSAL_ANSWER_SCHEMA,
    samples: [
      { messageId: "m1", input: { skill: { kind: "skill", id: "s1", name: "Stealth" }, ob: 3, intent: "Slip past", task: "Creep", consequence: "", allowSkillChange: false, allowObChange: true } },
      { messageId: "m1", input: { skill: { kind: "potential", id: null, name: "Climb", type: "survive" }, ob: 2, intent: "", task: "", consequence: "", allowSkillChange: false, allowObChange: false } },
    ],
  },
];
