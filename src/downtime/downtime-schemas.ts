/**
 * The downtime's channel payloads, declared once (pure): each carries the downtime it is about and the
 * sender's choices only (a character, a Fallout, a plan, a ruling). Who asks is the sender Foundry's
 * server names; what a plan teaches, what a recovery Test rolled and what aging costs the GM's client
 * re-reads from the characters, the chat log and the stored downtime.
 */
import type { Schema } from "../channel/schema";
import { TIME_UNITS } from "../rules";
import { MAX_CYCLES, MAX_PRACTICE_ENTRIES, MAX_SKILL_NAME } from "./downtime-plan";

/** The most a payload may count in one number (time units, a span): far past any downtime; the transitions refuse less with their own message. */
export const MAX_DOWNTIME_COUNT = 9999;
/** The most characters one downtime (or one mark list) may name. */
export const MAX_DOWNTIME_CHARACTERS = 100;
/** The most Types a downtime's practice cycles may list (a hack adds a few to the SRD's). */
export const MAX_DOWNTIME_TYPES = 50;
/** The longest note the GM sends back with a plan (the transition keeps 500). */
export const MAX_DOWNTIME_NOTE = 4000;

const ON = { downtimeId: { kind: "id" }, actorUuid: { kind: "uuid" } } as const satisfies Schema;
const FALLOUT = { ...ON, falloutId: { kind: "id" } } as const satisfies Schema;

const PRACTICE_ENTRY = {
  skillId: { kind: "nullableId" },
  newSkill: { kind: "object", nullable: true, of: { name: { kind: "text", max: MAX_SKILL_NAME * 4 }, type: { kind: "id" } } },
  units: { kind: "int", min: 0, max: MAX_DOWNTIME_COUNT },
  outcomes: { kind: "enumList", values: ["passed", "failed"], max: MAX_CYCLES },
} as const satisfies Schema;

export const PLAN_SCHEMA = {
  restUnits: { kind: "int", min: 0, max: MAX_DOWNTIME_COUNT },
  care: { kind: "idMap", values: ["rest", "treat"], max: MAX_DOWNTIME_CHARACTERS },
  practice: { kind: "list", of: PRACTICE_ENTRY, max: MAX_PRACTICE_ENTRIES },
} as const satisfies Schema;

/** Every downtime action's payload, by the action's key in DOWNTIME_ACTIONS. */
export const DOWNTIME_SCHEMAS = {
  start: {
    span: { kind: "object", of: { count: { kind: "int", min: 0, max: MAX_DOWNTIME_COUNT }, unit: { kind: "enum", values: TIME_UNITS } } },
    cycleUnits: { kind: "idMap", values: TIME_UNITS, max: MAX_DOWNTIME_TYPES },
    actorUuids: { kind: "uuids", max: MAX_DOWNTIME_CHARACTERS },
  },
  submit: { ...ON, plan: { kind: "object", of: PLAN_SCHEMA } },
  return: { ...ON, note: { kind: "text", max: MAX_DOWNTIME_NOTE, optional: true } },
  marks: {
    ...ON,
    marks: {
      kind: "object",
      of: {
        interfering: { kind: "ids", max: MAX_DOWNTIME_CHARACTERS },
        healed: { kind: "ids", max: MAX_DOWNTIME_CHARACTERS },
        warned: { kind: "ids", max: MAX_DOWNTIME_CHARACTERS },
        ages: { kind: "bool" },
      },
    },
  },
  startRecovery: FALLOUT,
  recoveryRolled: { ...FALLOUT, messageId: { kind: "id" } },
  rule: { ...FALLOUT, ruling: { kind: "enum", values: ["worsen", "longer", "permanent"] } },
  apply: { downtimeId: { kind: "id" } },
} as const satisfies Record<string, Schema>;
