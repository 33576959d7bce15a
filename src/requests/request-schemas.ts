/**
 * The requests' channel payloads, declared once (pure). Answering a request carries two message ids:
 * the card and the roll (whose author answers, whose roll is checked). A GM's answer to a proposal
 * carries the card and the GM's choices; the transition checks Ob, text lengths and the Skill.
 */
import type { Schema } from "../channel/schema";
import { MAX_REQUEST_OB } from "./request-state";

/** The longest Intent, Task or consequence a payload may carry (the card keeps MAX_DECLARED_LENGTH and refuses more, named). */
export const MAX_REQUEST_TEXT_SENT = 2000;

export const ANSWER_SCHEMA = { requestId: { kind: "id" }, rollMessageId: { kind: "id" } } as const satisfies Schema;

export const PROPOSAL_ANSWER_SCHEMA = {
  messageId: { kind: "id" },
  input: {
    kind: "object",
    of: {
      skill: {
        kind: "object",
        of: {
          kind: { kind: "enum", values: ["skill", "potential"] },
          id: { kind: "nullableId" },
          name: { kind: "text", max: MAX_REQUEST_TEXT_SENT },
          type: { kind: "text", max: 64, optional: true },
        },
      },
      ob: { kind: "int", min: 1, max: MAX_REQUEST_OB },
      intent: { kind: "text", max: MAX_REQUEST_TEXT_SENT },
      task: { kind: "text", max: MAX_REQUEST_TEXT_SENT },
      consequence: { kind: "text", max: MAX_REQUEST_TEXT_SENT },
      allowSkillChange: { kind: "bool" },
      allowObChange: { kind: "bool" },
    },
  },
} as const satisfies Schema;
