/**
 * The group card's channel payloads, declared once (pure): each carries names and choices only; the GM's
 * client reads every rating, die and Ob from the actors and the card.
 */
import type { Schema } from "../channel/schema";
import { MESSAGE_MODES } from "../compat/message-mode";
import { MAX_PERSONA_DICE } from "../rules";
import type { GroupAction } from "./group-card";
import { MAX_GROUP_OB, MAX_PARTS, MAX_SKILL_NAME } from "./group-state";

/** The most Traits or Fallouts one part may name (a character has far fewer; the GM checks each is hers). */
export const MAX_CHOSEN = 50;

const PART = { partId: { kind: "id" } } as const satisfies Schema;

/** Each group action's payload, declared once: its name, and only the choices it may carry. */
export const GROUP_ACTION_SCHEMAS = {
  roll: {
    action: { kind: "enum", values: ["roll"] },
    ...PART,
    persona: { kind: "int", min: 0, max: MAX_PERSONA_DICE },
    traits: { kind: "idMap", values: ["helps", "hinders"], max: MAX_CHOSEN },
    fallouts: { kind: "ids", max: MAX_CHOSEN },
    messageMode: { kind: "enum", values: MESSAGE_MODES, optional: true },
  },
  remove: { action: { kind: "enum", values: ["remove"] }, ...PART },
  breakTie: { action: { kind: "enum", values: ["breakTie"] }, ...PART },
  close: { action: { kind: "enum", values: ["close"] } },
  offerFallout: { action: { kind: "enum", values: ["offerFallout"] } },
  answerFallout: { action: { kind: "enum", values: ["answerFallout"] }, accept: { kind: "bool" } },
} as const satisfies Record<GroupAction["action"], Schema>;

/** The whole request: which card, and one action on it. */
export const GROUP_REQUEST_SCHEMA = { messageId: { kind: "id" } } as const satisfies Schema;

/** The longest Intent, consequence or Task a request may carry (the card keeps the first 500 characters). */
export const MAX_REQUEST_TEXT = 2000;

/** The group request's payload, declared once: names and choices only; every rating is read from the actors. */
export const GROUP_CREATE_SCHEMA = {
  mode: { kind: "enum", values: ["needed", "helpful", "hindering"] },
  ownerPartId: { kind: "id" },
  intent: { kind: "text", max: MAX_REQUEST_TEXT },
  consequence: { kind: "text", max: MAX_REQUEST_TEXT },
  parts: {
    kind: "list",
    max: MAX_PARTS,
    of: { id: { kind: "id" }, actorUuid: { kind: "uuid" }, skillId: { kind: "nullableId" }, ob: { kind: "int", min: 1, max: MAX_GROUP_OB }, task: { kind: "text", max: MAX_REQUEST_TEXT },
      // A Potential part's Skill to learn: a name and a Type key; the GM's client reads the Type's Magic from its config.
      learnSkillName: { kind: "text", max: MAX_SKILL_NAME, optional: true },
      learnSkillType: { kind: "text", max: 64, optional: true },
    },
  },
} as const satisfies Schema;

