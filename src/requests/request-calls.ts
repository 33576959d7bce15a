/**
 * What starts at init for requests, apart from their code (loaded on first use): the GM actions' names
 * and queues, and the calls a button, a macro or an inline link makes (`requestTest`, `proposeTest`,
 * a card's Roll and Set buttons), each loading its module the first time.
 */
import { lazyModule } from "../channel";
import type * as Answer from "./request-answer";
import type * as Api from "./request-api";

export { ANSWER_ACTION, answerQueueKey, PROPOSAL_ACTION, proposalQueueKey } from "./request-actions";

/** The request form and the GM's answer to proposals (request-api.ts). */
export const requestApi = lazyModule(() => import("./request-api"));
/** Rolling from a request card and the GM's side of the answer (request-answer.ts). */
export const requestAnswer = lazyModule(() => import("./request-answer"));

/** See request-api.ts. */
export const requestTest = async (...args: Parameters<typeof Api.requestTest>): Promise<ChatMessage.Implementation[]> => (await requestApi()).requestTest(...args);
/** See request-api.ts. */
export const proposeTest = async (...args: Parameters<typeof Api.proposeTest>): Promise<ChatMessage.Implementation | null> => (await requestApi()).proposeTest(...args);
/** See request-api.ts. */
export const answerProposalCard = async (message: ChatMessage.Implementation): Promise<boolean> => (await requestApi()).answerProposalCard(message);
/** See request-answer.ts. */
export const rollFromRequest = async (...args: Parameters<typeof Answer.rollFromRequest>): Promise<ChatMessage.Implementation | null> => (await requestAnswer()).rollFromRequest(...args);
