/**
 * What a group card needs at startup, apart from its actions (loaded on the first one): the channel
 * actions' names, the queue a card's actions run in, the state a message holds and what this client's
 * user sees of each part's actor. The card is drawn on every client when the chat log loads.
 */
import { GoldHackCharacterData } from "../data/actor/character";
import { GoldHackGroupMessageData } from "../data/chat-message/group-message";
import { isGmAuthored } from "../documents/official";
import { actorFate, findTestActor } from "../dice/test-actor";
import type { MessageMode } from "../compat";
import type { TestChoice } from "../data/test-choice";
import { type GroupState, readGroupState } from "./group-state";

export { CREATE_ACTION, GROUP_ACTION } from "./group-names";

/**
 * What a player chooses for her part, and nothing else: the Persona she spends, which of her own Traits
 * help or hinder, which of her Fallouts apply, who sees the card. The GM's client reads the Skill, Ob,
 * ratings and every die and Ob these add from the character and the group card.
 */
export interface PartChoices {
  persona: number;
  traits: Record<string, "helps" | "hinders">;
  fallouts: string[];
  messageMode?: MessageMode;
}

export type GroupAction =
  | ({ action: "roll"; partId: string } & PartChoices)
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

/** The choices a player's dialog made for her part, read off its modifiers: ids and uses, no numbers. */
export function partChoicesOf(choice: TestChoice): PartChoices {
  const traits: Record<string, "helps" | "hinders"> = {};
  const fallouts: string[] = [];
  for (const m of choice.modifiers) {
    if (!m.sourceId) continue;
    if (m.kind === "trait-help") traits[m.sourceId] = "helps";
    else if (m.kind === "trait-hinder") traits[m.sourceId] = "hinders";
    else if (m.kind === "fallout" && !fallouts.includes(m.sourceId)) fallouts.push(m.sourceId);
  }
  return { persona: choice.persona, traits, fallouts, ...(choice.messageMode ? { messageMode: choice.messageMode } : {}) };
}
