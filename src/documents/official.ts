/**
 * Official records: a card, flag or summary that other code believes (a vote's results card, a
 * downtime summary, a group or request card) counts only when a GM wrote it. Foundry's server sets a
 * chat message's `author` to the user who created it and refuses a player's message naming anyone
 * else, and only the author or a GM may change a message afterwards; so `author.isGM` says that the
 * record's content came from a GM's client. Anything else is a player's claim, to be drawn as plain
 * chat or ignored, never acted on.
 */
import { SYSTEM_ID } from "../constants";

/** The little of a chat message this needs: its author, and its flags when it is read for one. */
export interface AuthoredRecord {
  readonly author?: { readonly isGM?: boolean } | null;
}

interface FlaggedRecord extends AuthoredRecord {
  getFlag(scope: typeof SYSTEM_ID, key: never): unknown;
}

/** Whether a GM wrote this message (its author is a GM user). A message whose author is gone is not. */
export function isGmAuthored(message: AuthoredRecord | null | undefined): boolean {
  return message?.author?.isGM === true;
}

/**
 * The system's flag `key` on a message, only when a GM wrote the message; undefined otherwise (no
 * flag, or a player's message claiming to be an official record).
 */
export function officialFlag(message: FlaggedRecord | null | undefined, key: string): unknown {
  if (!message || !isGmAuthored(message)) return undefined;
  return (message.getFlag as (scope: string, key: string) => unknown).call(message, SYSTEM_ID, key);
}
