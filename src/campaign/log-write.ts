/**
 * The GM's client writing the campaign log: one journal ("Campaign log", in the GM's language), which
 * players may read (Observer) and the GM edits like any journal; one text page per session, built by the
 * pure log-page.ts. Safe to repeat: a session's page is found by its flag and never written twice.
 * docs/foundry-facts.md › Journal pages the GM writes
 */
import { SYSTEM_ID } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { REWARD_AWARDS } from "../rules";
import { rewardOutcome, type RewardVoteState } from "../session/vote-state";
import { afterPageLines, campaignLogPage, type LogPage, type LogRewards } from "./log-page";
import type { ChangeRecord, SessionState } from "./session-state";

/** The flag that marks the campaign log's journal, and each page's session (or downtime). */
export const LOG_FLAG = "campaignLog";
export const PAGE_FLAG = "campaignPage";

type Journal = JournalEntry.Implementation;
type Page = JournalEntryPage.Implementation;

const flagOf = (doc: { getFlag(scope: never, key: never): unknown }, key: string): unknown =>
  (doc.getFlag as (scope: string, key: string) => unknown).call(doc, SYSTEM_ID, key);

/** The campaign log's journal: the first journal a GM marked as it; null when there is none yet. */
export function findLogJournal(): Journal | null {
  const journals = (game.journal?.contents ?? []) as Journal[];
  return journals.find((j) => flagOf(j, LOG_FLAG) === true) ?? null;
}

async function logJournal(): Promise<Journal> {
  const found = findLogJournal();
  if (found) return found;
  const made = await JournalEntry.create({
    name: gameI18n().localize("GOLDHACK.Campaign.Log.JournalName"),
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER },
    flags: { [SYSTEM_ID]: { [LOG_FLAG]: true } },
  } as JournalEntry.CreateData);
  if (!made) throw new Error("goldhack | the campaign log's journal could not be created");
  return made as Journal;
}

/** The page written for `key` (a session's or a downtime's id), if any. */
export function findLogPage(key: string): Page | null {
  const journal = findLogJournal();
  if (!journal) return null;
  return ((journal.pages.contents ?? []) as Page[]).find((p) => flagOf(p, PAGE_FLAG) === key) ?? null;
}

/** Writes a page under `key`, once; returns its uuid. */
export async function writeLogPage(key: string, page: LogPage): Promise<string> {
  const known = findLogPage(key);
  if (known) return known.uuid;
  const journal = await logJournal();
  const sort = Math.max(0, ...((journal.pages.contents ?? []) as Page[]).map((p) => p.sort ?? 0)) + 100;
  const [made] = (await journal.createEmbeddedDocuments("JournalEntryPage", [
    { name: page.name, type: "text", sort, text: { content: page.content, format: CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML }, flags: { [SYSTEM_ID]: { [PAGE_FLAG]: key } } },
  ] as JournalEntryPage.CreateData[])) as Page[];
  if (!made) throw new Error("goldhack | the campaign log's page could not be written");
  return made.uuid;
}

/** The reward vote's results per character, as the log tells them (labels in this client's language). */
export function logRewardsOf(vote: RewardVoteState | null): LogRewards[] {
  if (!vote || vote.status !== "closed") return [];
  const i18n = gameI18n();
  const outcome = rewardOutcome(vote);
  const userName = (id: string): string => game.users?.get(id)?.name ?? "?";
  const label = (key: string): string => i18n.localize(REWARD_AWARDS.find((a) => a.key === key)?.label ?? key);
  return vote.characters.map((c) => ({
    actorUuid: c.uuid,
    actorName: c.name,
    awards: (outcome.awards[c.uuid] ?? []).map(label),
    nominations: vote.nominations
      .filter((n) => n.actorUuid === c.uuid)
      .map((n) => ({
        award: label(n.award),
        passed: (outcome.awards[c.uuid] ?? []).includes(n.award),
        yes: vote.participants.filter((id) => n.votes[id] === true).map(userName),
        no: vote.participants.filter((id) => n.votes[id] !== true).map(userName),
      })),
  }));
}

/** The page for a session, in this (the GM's) client's language. */
export function sessionPageOf(session: SessionState, vote: RewardVoteState | null): LogPage {
  const present = new Set(((game.messages?.contents ?? []) as ChatMessage.Implementation[]).map((m) => m.id ?? ""));
  return campaignLogPage({ session, rewards: logRewardsOf(vote), messagesPresent: present, lang: game.i18n?.lang ?? "en" }, gameI18n());
}

/** Appends changes made after a page was written to its end (what the GM edited above stays). */
export async function appendToLogPage(pageUuid: string, changes: readonly ChangeRecord[]): Promise<void> {
  const page = fromUuidSync(pageUuid as Parameters<typeof fromUuidSync>[0]);
  if (!(page instanceof JournalEntryPage) || changes.length === 0) return;
  const content = (page as Page).text?.content ?? "";
  await page.update({ "text.content": `${content}${afterPageLines(changes, gameI18n())}` } as JournalEntryPage.UpdateData);
}
