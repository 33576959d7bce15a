/**
 * Request cards as chat messages: a ChatMessage of type "request" whose `system` (a
 * GoldHackRequestMessageData) is the card, drawn from that model on every client, for its viewer and
 * language, when the message renders. Cards from 0.1.0 kept the same data in `flags.goldhack.request`:
 * they are read (and answered) where they are, never rewritten into the new shape.
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { GoldHackRequestMessageData, type RequestMessageSource } from "../data/chat-message/request-message";
import { isGmAuthored } from "../documents/official";
import { parseRequestCard, type RequestCard, type RequestedSkill, withLearningType } from "./request-state";
import { defaultSkillType } from "../data/defaults";
import { requestCardContext, type RequestViewer } from "./request-card-context";

export const REQUEST_CARD_TEMPLATE = systemPath("templates/chat/request-card.hbs");

/** The ChatMessage subtype of request and proposal cards. */
export const REQUEST_MESSAGE_TYPE = "request";

/** Where 0.1.0 kept a card: `flags.goldhack.request`. */
const LEGACY_FLAG = "request";

/** Whether a message claims to be a request card (by its type, or a 0.1.0 flag), trusted or not. */
export function claimsRequestCard(message: ChatMessage.Implementation): boolean {
  return message.type === REQUEST_MESSAGE_TYPE || message.getFlag(SYSTEM_ID, LEGACY_FLAG) !== undefined;
}

const isLegacy = (message: ChatMessage.Implementation): boolean => message.type !== REQUEST_MESSAGE_TYPE;

/** The card a model holds; the schema and validateJoint have checked it, this only narrows the strings. */
function cardFromModel(data: RequestMessageSource): RequestCard | null {
  const origin = data.origin === "request" || data.origin === "proposal" ? data.origin : null;
  const status = data.status === "proposed" || data.status === "open" || data.status === "answered" ? data.status : null;
  if (!origin || !status) return null;
  let skill: RequestedSkill | null = null;
  if (data.skill?.kind === "skill" && data.skill.id) skill = { kind: "skill", id: data.skill.id, name: data.skill.name };
  else if (data.skill?.kind === "potential") skill = { kind: "potential", id: null, name: data.skill.name, ...(data.skill.type ? { type: data.skill.type } : {}) };
  return {
    origin,
    status,
    actorUuid: data.actorUuid,
    actorName: data.actorName,
    skill,
    ob: data.ob,
    intent: data.intent,
    task: data.task,
    consequence: data.consequence,
    locked: { skill: data.locked.skill, ob: data.locked.ob },
    answer: data.answer ? { ...data.answer } : null,
  };
}

/** The card as stored, untrusted: from the model, or from a 0.1.0 flag. */
function storedCard(message: ChatMessage.Implementation): RequestCard | null {
  if (!isLegacy(message)) {
    const { system } = message;
    return system instanceof GoldHackRequestMessageData ? cardFromModel(system.toObject() as unknown as RequestMessageSource) : null;
  }
  return parseRequestCard(message.getFlag(SYSTEM_ID, LEGACY_FLAG));
}

/** Whether the last write to a message was a GM's: Foundry's server stamps `_stats.lastModifiedBy` with the writer. */
function lastWrittenByGM(message: ChatMessage.Implementation): boolean {
  const id = message._stats?.lastModifiedBy;
  return typeof id === "string" && game.users?.get(id)?.isGM === true;
}

/**
 * The request card a message holds, or null for any other message, and for a card that cannot be
 * trusted. Only a GM's own message may hold an open or answered request; a player may post a proposal
 * (its Intent and Task are hers to declare), but her card claiming anything more, or her edit of her
 * proposal into a request, is not a request. One 0.1.0 shape is trusted on a player's message: a proposal
 * a GM answered in place, as long as the last write to it was a GM's (her own later edit undoes that).
 */
export function requestCardOf(message: ChatMessage.Implementation): RequestCard | null {
  const card = storedCard(message);
  if (!card) return null;
  if (card.status === "proposed") return card.origin === "proposal" ? card : null;
  if (isGmAuthored(message)) return card;
  return isLegacy(message) && card.origin === "proposal" && lastWrittenByGM(message) ? card : null;
}

/** Who is looking at a card on this client. */
export function currentViewer(card: RequestCard): RequestViewer {
  const user = game.user;
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  const ownsActor = actor instanceof Actor && user ? actor.testUserPermission(user, "OWNER") : false;
  return { isGM: user?.isGM ?? false, ownsActor };
}

/** The card's HTML for this client's user. */
export async function renderRequestCard(card: RequestCard, messageId: string, viewer: RequestViewer = currentViewer(card)): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD_TEMPLATE, requestCardContext(card, messageId, viewer));
}

/** The card as the model stores it. */
function modelSource(card: RequestCard): RequestMessageSource {
  const skill = card.skill ? { kind: card.skill.kind, id: card.skill.id, name: card.skill.name, type: card.skill.type ?? "" } : null;
  return { ...card, skill, locked: { ...card.locked }, answer: card.answer ? { ...card.answer } : null };
}

/**
 * Posts a new card (a GM's request or a player's proposal) as the current user; every client draws it
 * from its data. A request for Potential to learn a Skill gets that Skill's Type fixed on the card now:
 * the one the request names, or the default Type (the SRD's Expertise, or the hack's), so the roll that
 * answers it cannot teach the Skill as another Type.
 */
export async function postRequestCard(posted: RequestCard): Promise<ChatMessage.Implementation | null> {
  const card = withLearningType(posted, defaultSkillType());
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  const data = {
    type: REQUEST_MESSAGE_TYPE,
    content: "",
    speaker: ChatMessage.getSpeaker(actor instanceof Actor ? { actor } : {}),
    system: modelSource(card),
  } as unknown as ChatMessage.CreateData;
  const message = await ChatMessage.implementation.create(data);
  return message ?? null;
}

/**
 * Writes what changed from `before` to `after` (the caller has checked the change and the right to
 * write), each changed part by its own dot-path, so nothing else on the card is rewritten: under
 * `system.` for a card of type "request", under the 0.1.0 flag for an old card.
 */
export async function writeRequestCard(message: ChatMessage.Implementation, before: RequestCard, after: RequestCard): Promise<void> {
  const legacy = isLegacy(message);
  const prefix = legacy ? `flags.${SYSTEM_ID}.${LEGACY_FLAG}.` : "system.";
  const from = (legacy ? before : modelSource(before)) as unknown as Record<string, unknown>;
  const to = (legacy ? after : modelSource(after)) as unknown as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to)) if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) changes[`${prefix}${key}`] = to[key];
  if (Object.keys(changes).length) await message.update(changes as ChatMessage.UpdateData);
}
