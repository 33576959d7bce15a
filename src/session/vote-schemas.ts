/**
 * The votes' channel payloads, declared once (pure): each carries the vote it is about and the sender's
 * choices only (a nomination, a yes or no, a user to add or remove). Who votes is the sender Foundry's
 * server names; what a close awards is counted by the GM's client from the stored vote.
 */
import type { Schema } from "../channel/schema";
import { REWARD_AWARDS } from "../rules";

/** The longest reason, Trait name or description a payload may carry; the transitions refuse shorter overlong text with their own message. */
export const MAX_VOTE_TEXT = 4000;

const VOTE = {
  kind: { kind: "enum", values: ["rewards", "traits"] },
  voteId: { kind: "id" },
} as const satisfies Schema;

/** Nominating, by kind of vote: an award for a character, or a Trait change (flat: its kind, the Trait, the new name and text). */
export const NOMINATE_SCHEMAS = {
  rewards: {
    ...VOTE,
    kind: { kind: "enum", values: ["rewards"] },
    actorUuid: { kind: "uuid" },
    award: { kind: "enum", values: REWARD_AWARDS.map((a) => a.key) },
    reason: { kind: "text", max: MAX_VOTE_TEXT, optional: true },
  },
  traits: {
    ...VOTE,
    kind: { kind: "enum", values: ["traits"] },
    actorUuid: { kind: "uuid" },
    changeKind: { kind: "enum", values: ["add", "change", "remove"] },
    itemId: { kind: "id", optional: true },
    traitName: { kind: "text", max: MAX_VOTE_TEXT, optional: true },
    traitDescription: { kind: "text", max: MAX_VOTE_TEXT, optional: true },
    reason: { kind: "text", max: MAX_VOTE_TEXT, optional: true },
  },
} as const satisfies Record<"rewards" | "traits", Schema>;

/** Every other vote action's payload. */
export const VOTE_SCHEMAS = {
  vote: { ...VOTE, nominationId: { kind: "id" }, approve: { kind: "bool" } },
  participant: { ...VOTE, userId: { kind: "id" }, present: { kind: "bool" } },
  close: VOTE,
} as const satisfies Record<string, Schema>;
