/**
 * Where the session lives: a hidden world setting. Why a setting: only a GM may write one (a player's
 * client cannot forge a record into it), it survives any reload, and it is not in the chat log, which a
 * cleared chat would empty. Only the active GM's client writes it, one change at a time (SESSION_QUEUE).
 */
import { oneAtATime } from "../channel";
import { SYSTEM_ID } from "../constants";
import { keepsTheSession, SESSION_SETTING } from "./campaign-settings";

export { keepsTheSession } from "./campaign-settings";
import type { TestHistoryEntry } from "../data/test-history";
import { collecting, ending, evidenceTests, parseSession, type SessionState } from "./session-state";

/** Every read-change-write of the stored session runs in this queue. */
export const SESSION_QUEUE = "goldhack.campaign.session";

/** The stored session; null when there is none (or its setting is not registered: a world without the campaign). */
export function readSession(): SessionState | null {
  try {
    return parseSession(game.settings?.get(SYSTEM_ID, SESSION_SETTING));
  } catch {
    return null;
  }
}

export async function writeSession(state: SessionState): Promise<void> {
  await game.settings?.set(SYSTEM_ID, SESSION_SETTING, JSON.parse(JSON.stringify(state)) as Record<string, unknown>);
}


/**
 * In the queue: reads the session, applies `change` (null: nothing to write), writes it. Only on the GM's
 * client that keeps it; elsewhere nothing happens.
 */
export async function changeSession(change: (state: SessionState | null) => SessionState | null): Promise<SessionState | null> {
  if (!keepsTheSession()) return null;
  return oneAtATime(SESSION_QUEUE, async () => {
    const next = change(readSession());
    if (next) await writeSession(next);
    return next;
  });
}

/** The collecting session's Tests of a character, as the vote's evidence (null: no session is collecting). */
export function sessionEvidence(actorUuid: string): TestHistoryEntry[] | null {
  const session = readSession();
  return collecting(session) ? evidenceTests(session, actorUuid) : null;
}

/** GM, when the reward vote opens: the session is ending with that vote (it collects until the vote is applied). */
export async function sessionEnding(voteId: string): Promise<void> {
  await changeSession((state) => {
    if (!collecting(state)) return null;
    const next = ending(state, voteId);
    return next.ok ? next.state : null;
  });
}
