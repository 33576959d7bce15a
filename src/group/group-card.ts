/**
 * What a group card needs at startup, apart from its actions (loaded on the first one): the channel
 * actions' names, the queue a card's actions run in, the state a message holds and what this client's
 * user sees of each part's actor. The card is drawn on every client when the chat log loads.
 */
import { GoldHackCharacterData } from "../data/actor/character";
import { GoldHackGroupMessageData } from "../data/chat-message/group-message";
import { isGmAuthored } from "../documents/official";
import { actorFate, findTestActor } from "../dice/test-actor";
import type { TestChoice } from "../dice/test-choice";
import { type GroupState, readGroupState } from "./group-state";

/** The channel action carrying every group card action. */
export const GROUP_ACTION = "goldhack.group";
/** The channel action that posts a group card. */
export const CREATE_ACTION = "goldhack.groupCreate";

export type GroupAction =
  | { action: "roll"; partId: string; choice: Partial<TestChoice> }
  | { action: "remove"; partId: string }
  | { action: "close" }
  | { action: "breakTie"; partId: string }
  | { action: "offerFallout" }
  | { action: "answerFallout"; accept: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The queue a group card's actions run in (the channel names it `${GROUP_ACTION}:${messageId}`). */
export const groupQueueKey = (payload: unknown): string | null => (isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : null);

/** The group state a message holds, or null (not a group card, or not a GM's). */
export function groupStateOf(message: ChatMessage.Implementation): GroupState | null {
  if (message.type !== "group" || !(message.system instanceof GoldHackGroupMessageData)) return null;
  if (!isGmAuthored(message)) return null;
  return readGroupState(message.system.toObject());
}

/** The actor facts a card shows for a part, for this client's user. */
export function lookOf(actorUuid: string, user: User | null): { gone: boolean; owns: boolean; fate: number; instinct: string; traits: string[] } {
  const actor = findTestActor(actorUuid);
  if (!actor) return { gone: true, owns: false, fate: 0, instinct: "", traits: [] };
  const instinct = actor.system instanceof GoldHackCharacterData ? actor.system.drives.instinct : "";
  const traits = actor.items.contents.filter((i) => i.type === "trait").map((i) => i.name);
  return { gone: false, owns: user ? actor.testUserPermission(user, "OWNER") : false, fate: actorFate(actor), instinct, traits };
}
