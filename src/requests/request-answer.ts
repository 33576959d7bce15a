/**
 * Answering a request card with a roll. The owning player clicks the card, rolls through the test
 * dialog (Skill and Ob locked as the GM set them), and the card is then marked answered with a link to
 * the roll: here when this client may write the card, through the active GM otherwise. Whoever writes
 * checks everything again from the messages themselves (the roll's author and options, the card's
 * state), so a client sending other values cannot answer a request with a different Test.
 * SRD: Tests › 2) Choosing The Skill & The Obstacle
 */
import { askGM, readPayload } from "../channel";
import { ANSWER_SCHEMA } from "./request-schemas";
import { warn } from "../documents/notify";
import { testCardOf } from "../dice/test-card-state";
import { defaultSkillType } from "../data/defaults";
import type { TestRequest } from "../data/test-choice";
import type { Problem } from "../rules";
import type { AnswerQueryData, AnswerReply } from "./declarations";
import { ANSWER_ACTION } from "./request-actions";
import { requestCardOf, writeRequestCard } from "./request-messages";
import { answerProblem, answeredCard, testRequestFor, type RolledTest } from "./request-state";

export { ANSWER_ACTION } from "./request-actions";

const refused = (key: string, data?: Record<string, string | number>): AnswerReply => ({ ok: false, problem: { key, ...(data ? { data } : {}) } });


/** The Test a roll message carries, as an answer is checked against it; null when it carries none. */
export function rolledTestOf(message: ChatMessage.Implementation): RolledTest | null {
  const card = testCardOf(message);
  if (!card) return null;
  const { test, outcome } = card;
  const { choice } = test;
  return {
    requestId: choice.requestId,
    actorUuid: choice.actorUuid,
    kind: choice.kind,
    skillId: choice.skillId,
    ...(choice.learnSkillName ? { learnSkillName: choice.learnSkillName } : {}),
    ...(choice.learnSkillType ? { learnSkillType: choice.learnSkillType } : {}),
    ob: choice.ob,
    passed: outcome.passed,
  };
}

/**
 * Marks a request answered by a roll, on the active GM's client, for `sender` (the user Foundry's server
 * says asked), after checking it all again: the card is a GM's and open, the roll was posted by the
 * sender for this card, the sender owns the actor now, and the locked Skill and Ob are the card's. A
 * second answer is refused (answers on one card run one at a time).
 */
export async function applyAnswer(sender: User, data: AnswerQueryData): Promise<AnswerReply> {
  const { requestId, rollMessageId } = data;
  const message = game.messages?.get(requestId);
  const card = message ? requestCardOf(message) : null;
  if (!message || !card) return refused("GOLDHACK.Request.Error.NotFound");
  if (!game.user || !message.canUserModify(game.user, "update")) return refused("GOLDHACK.Request.Error.NoGM");
  const rollMessage = game.messages?.get(rollMessageId);
  const rolled = rollMessage ? rolledTestOf(rollMessage) : null;
  const author = rollMessage?.author;
  if (!rollMessage || !rolled || !author) return refused("GOLDHACK.Request.Error.NoRoll");
  // Only the player who rolled may link the roll (a GM may link anyone's).
  if (author.id !== sender.id && !sender.isGM) return refused("GOLDHACK.Request.Error.NotYourRoll");
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  const answerer = { userId: author.id ?? "", ownsActor: actor instanceof Actor && actor.testUserPermission(author, "OWNER") };
  const problem = answerProblem(card, requestId, rolled, answerer, defaultSkillType());
  if (problem) return { ok: false, problem };
  await writeRequestCard(message, card, answeredCard(card, rollMessageId, rolled, answerer, rollMessage.timestamp ?? Date.now()));
  return { ok: true };
}

/** The channel handler, on the active GM's client. */
export async function handleAnswer(sender: User, payload: unknown): Promise<AnswerReply> {
  if (!game.user?.isGM) return refused("GOLDHACK.Request.Error.NoGM");
  const read = readPayload(ANSWER_SCHEMA, payload);
  if (!read.ok) return { ok: false, problem: read.problem };
  return applyAnswer(sender, read.value);
}

/** Links a roll to the card it answers, through the active GM (who alone writes request cards). */
export async function submitAnswer(requestId: string, rollMessage: ChatMessage.Implementation): Promise<AnswerReply> {
  const data: AnswerQueryData = { requestId, rollMessageId: rollMessage.id ?? "" };
  const reply = await askGM(ANSWER_ACTION, data);
  // The channel's "no GM" reads better here as the request's own message.
  if (!reply.ok && reply.problem.key === "GOLDHACK.Channel.Error.NoGM") return refused("GOLDHACK.Request.Error.NoGM");
  return reply.ok ? { ok: true } : reply;
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
