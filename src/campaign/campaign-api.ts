/**
 * What the GM does with a session: starts it (the records are collected from then on), ends it with the
 * reward vote (session-api.ts calls `sessionEnding`), and once the vote is applied the GM's client writes
 * the session's page in the campaign log. On the GM's load it catches up and writes a page a crash left
 * unwritten. Loaded on first use.
 */
import { gameI18n } from "../i18n/i18n";
import type { RewardVoteState } from "../session/vote-state";
import { readVote } from "../session/vote-store";
import { logOn } from "./campaign-settings";
import { escapeLogText, logDate } from "./log-page";
import { sessionPageOf, writeLogPage } from "./log-write";
import { catchUp } from "./session-collect";
import { changeSession, keepsTheSession, readSession } from "./session-store";
import { collecting, ended, logged, startSession as start, type SessionState } from "./session-state";

const warn = (key: string): void => void ui.notifications?.warn(game.i18n?.localize(key) ?? key);
const connectedUsers = (): { id: string; name: string }[] =>
  (game.users?.contents ?? []).filter((u) => u.active).map((u) => ({ id: u.id ?? "", name: u.name }));

/** GM: starts a session. False, with a warning, when one is already under way (or this is not the GM's client that keeps it). */
export async function startSession(): Promise<boolean> {
  if (!game.user?.isGM || !keepsTheSession()) {
    warn("GOLDHACK.Campaign.Error.NotGM");
    return false;
  }
  let problem: string | null = null;
  const next = await changeSession((current) => {
    const made = start({ id: foundry.utils.randomID(), now: Date.now(), number: (current?.number ?? 0) + 1, participants: connectedUsers() }, current);
    if (!made.ok) {
      problem = made.problem.key;
      return null;
    }
    return made.state;
  });
  if (!next) {
    warn(problem ?? "GOLDHACK.Campaign.Error.NotGM");
    return false;
  }
  ui.notifications?.info(game.i18n?.format("GOLDHACK.Campaign.Started", { number: String(next.number) }) ?? "");
  return true;
}

/** Writes the ended session's page, once, when the log is on. */
async function writePage(session: SessionState, vote: RewardVoteState | null): Promise<void> {
  if (!logOn() || session.logPage) return;
  const uuid = await writeLogPage(`session:${session.id}`, sessionPageOf(session, vote));
  await changeSession((state) => (state && state.id === session.id ? logged(state, uuid) : null));
}

/** GM, once a reward vote is applied: the session it ended is over, and its page is written. */
export async function onRewardVoteApplied(vote: RewardVoteState): Promise<void> {
  if (!keepsTheSession()) return;
  const session = readSession();
  if (!session || session.status === "ended" || session.voteId !== vote.id) return;
  const over = await changeSession((state) => (state && state.id === session.id ? ended(state, vote.closedAt ?? Date.now()) : null));
  if (over) await writePage(over, vote);
}

/**
 * GM, on load: catches up from the chat log; finishes a session whose vote was applied while this client
 * was away; writes a page left unwritten.
 */
export async function onCampaignReady(): Promise<void> {
  if (!keepsTheSession()) return;
  let session = readSession();
  if (collecting(session)) {
    await catchUp();
    session = readSession();
  }
  if (!session) return;
  const vote = readVote("rewards");
  if (session.status === "ending" && vote && vote.id === session.voteId && vote.applied && vote.kind === "rewards") {
    session = (await changeSession((state) => (state ? ended(state, vote.closedAt ?? Date.now()) : null))) ?? session;
  }
  if (session.status === "ended" && !session.logPage) await writePage(session, vote?.kind === "rewards" && vote.id === session.voteId ? vote : null);
}

/** GM: a character retired outside any session: the log gets a line of its own. */
export async function logRetirement(actor: Actor.Implementation): Promise<void> {
  if (!keepsTheSession() || !logOn() || collecting(readSession())) return;
  const i18n = gameI18n();
  const now = Date.now();
  const date = logDate(now, game.i18n?.lang ?? "en");
  await writeLogPage(`retired:${actor.uuid}:${now}`, {
    name: i18n.format("GOLDHACK.Campaign.Log.RetiredPage", { name: actor.name, date }),
    content: `<section class="goldhack-campaign-log"><p>@UUID[${actor.uuid}]{${escapeLogText(actor.name.replace(/[[\]{}]/g, ""))}}: ${escapeLogText(i18n.localize("GOLDHACK.Campaign.Log.Retired"))}</p></section>`,
  });
}
