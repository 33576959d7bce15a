/**
 * Answering a request card with a roll. The owning player clicks the card, rolls through the test
 * dialog (Skill and Ob locked as the GM set them), and the card is then marked answered with a link to
 * the roll: here when this client may write the card, through the active GM otherwise. Whoever writes
 * checks everything again from the messages themselves (the roll's author and options, the card's
 * state), so a client sending other values cannot answer a request with a different Test.
 * SRD: Tests › 2) Choosing The Skill & The Obstacle
 */
import { warn } from "../documents/notify";
import { testRollOf } from "../dice/test-message";
import type { TestRequest } from "../dice/test-choice";
import type { Problem } from "../rules";
import type { AnswerQueryData, AnswerReply } from "./declarations";
import { requestCardOf, writeRequestCard } from "./request-messages";
import { answerProblem, answeredCard, testRequestFor, type RolledTest } from "./request-state";

export const ANSWER_QUERY = "goldhack.answerRequest";

const refused = (key: string, data?: Record<string, string | number>): AnswerReply => ({ ok: false, problem: { key, ...(data ? { data } : {}) } });

/** Answers on one card run one after another on a client, so two cannot both pass the "not answered" check. */
const queues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/** The Test a roll message carries, as an answer is checked against it; null when it carries none. */
export function rolledTestOf(message: ChatMessage.Implementation): RolledTest | null {
  const roll = testRollOf(message);
  const test = roll?.test;
  const outcome = roll?.outcome;
  if (!test || !outcome) return null;
  const { choice } = test;
  return { requestId: choice.requestId, actorUuid: choice.actorUuid, kind: choice.kind, skillId: choice.skillId, ob: choice.ob, passed: outcome.passed };
}

/**
 * Marks a request answered by a roll, on a client that may write the card, after checking it all again:
 * the card is open, the roll was made for it, its author owns the actor now, and the locked Skill and Ob
 * are the card's. A second answer is refused.
 */
export async function applyAnswer(data: AnswerQueryData): Promise<AnswerReply> {
  const { requestId, rollMessageId } = data;
  return oneAtATime(requestId, async () => {
    const message = game.messages?.get(requestId);
    const card = message ? requestCardOf(message) : null;
    if (!message || !card) return refused("GOLDHACK.Request.Error.NotFound");
    if (!game.user || !message.canUserModify(game.user, "update")) return refused("GOLDHACK.Request.Error.NoGM");
    const rollMessage = game.messages?.get(rollMessageId);
    const rolled = rollMessage ? rolledTestOf(rollMessage) : null;
    const author = rollMessage?.author;
    if (!rollMessage || !rolled || !author) return refused("GOLDHACK.Request.Error.NoRoll");
    const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
    const answerer = { userId: author.id ?? "", ownsActor: actor instanceof Actor && actor.testUserPermission(author, "OWNER") };
    const problem = answerProblem(card, requestId, rolled, answerer);
    if (problem) return { ok: false, problem };
    await writeRequestCard(message, answeredCard(card, rollMessageId, rolled, answerer, rollMessage.timestamp ?? Date.now()));
    return { ok: true };
  });
}

/** The query handler, on the active GM's client. */
export async function handleAnswerQuery(data: AnswerQueryData): Promise<AnswerReply> {
  if (!game.user?.isGM) return refused("GOLDHACK.Request.Error.NoGM");
  const payload: unknown = data;
  if (typeof payload !== "object" || payload === null) return refused("GOLDHACK.Request.Error.NotFound");
  const { requestId, rollMessageId } = payload as Record<string, unknown>;
  if (typeof requestId !== "string" || typeof rollMessageId !== "string") return refused("GOLDHACK.Request.Error.NotFound");
  return applyAnswer({ requestId, rollMessageId });
}

/** Links a roll to the card it answers: written here when this user may, else asked of the active GM. */
export async function submitAnswer(requestId: string, rollMessage: ChatMessage.Implementation): Promise<AnswerReply> {
  const data: AnswerQueryData = { requestId, rollMessageId: rollMessage.id ?? "" };
  const message = game.messages?.get(requestId);
  if (message && game.user && message.canUserModify(game.user, "update")) return applyAnswer(data);
  const gm = game.users?.activeGM;
  if (!gm) return refused("GOLDHACK.Request.Error.NoGM");
  return gm.query(ANSWER_QUERY, data, { timeout: 30_000 });
}

/** Shows a refusal as the user's warning. */
export function warnProblem(problem: Problem): void {
  warn(problem.key, problem.data);
}

/** Opens the test dialog for a TestRequest and rolls; the actor's own rollTest by default. */
export type RequestRoller = (actor: Actor.Implementation, request: TestRequest) => Promise<ChatMessage.Implementation | null>;

const rollWithDialog: RequestRoller = (actor, request) => actor.rollTest(request);

/**
 * The card's Roll button: checks the card is open and the user owns its actor, opens the test dialog
 * prefilled (Skill and Ob locked unless the GM allowed changes), rolls, and links the roll to the card.
 * Returns the roll's message, or null when nothing was rolled. Refusals are localised warnings.
 */
export async function rollFromRequest(message: ChatMessage.Implementation, roller: RequestRoller = rollWithDialog): Promise<ChatMessage.Implementation | null> {
  const card = requestCardOf(message);
  const requestId = message.id ?? "";
  if (!card) {
    warn("GOLDHACK.Request.Error.NotFound");
    return null;
  }
  if (card.status === "answered") {
    warn("GOLDHACK.Request.Error.AlreadyAnswered", { actor: card.actorName });
    return null;
  }
  const request = testRequestFor(card, requestId);
  if (!request) {
    warn("GOLDHACK.Request.Error.NotOpen");
    return null;
  }
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  if (!(actor instanceof Actor)) {
    warn("GOLDHACK.Request.Error.NoActor");
    return null;
  }
  if (!game.user || !actor.testUserPermission(game.user, "OWNER")) {
    warn("GOLDHACK.Request.Error.NotOwner", { actor: card.actorName });
    return null;
  }
  const rolled = await roller(actor as Actor.Implementation, request);
  if (!rolled) return null;
  const reply = await submitAnswer(requestId, rolled);
  if (!reply.ok) warnProblem(reply.problem);
  return rolled;
}
