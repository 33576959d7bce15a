/**
 * The requests' GM action names and queue keys: what both the lazy calls (request-calls.ts) and the
 * modules they load (request-api.ts, request-answer.ts) need, in a file of its own so neither imports the other.
 */

/** The channel action that links a roll to the request card it answers. */
export const ANSWER_ACTION = "goldhack.answerRequest";
/** The channel action a GM's answer to a proposal takes (so two GMs answering at once are applied in turn). */
export const PROPOSAL_ACTION = "goldhack.answerProposal";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
/** Answers to one request card run one at a time. */
export const answerQueueKey = (payload: unknown): string | null => (isRecord(payload) && typeof payload.requestId === "string" ? payload.requestId : null);
/** Answers to one proposal run one at a time. */
export const proposalQueueKey = (payload: unknown): string | null => (isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : null);
