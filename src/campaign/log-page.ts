/**
 * The campaign log's page for one session, as HTML for a journal text page: the date and participants; per
 * character the Tests, Fallout, advances, rewards and votes; the group's Tests; what changed (new Traits,
 * rewritten Drives, retirements, aging); links to the actors and to the cards still in the chat log. Pure:
 * built from the session's records and the reward vote's results, in the language of the i18n it is given
 * (the world's). Every text a player typed is escaped, `@` included, so it can neither make markup nor a link.
 */
import type { ChangeRecord, GroupRecord, SessionState, TestRecord } from "./session-state";

export interface LogI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** One character's reward vote, as the log tells it: awards granted and every nomination with its votes. */
export interface LogRewards {
  actorUuid: string;
  actorName: string;
  awards: string[];
  nominations: { award: string; passed: boolean; yes: string[]; no: string[] }[];
}

export interface LogPageInput {
  session: SessionState;
  /** The closed reward vote's results per character (award labels already localised); empty without a vote. */
  rewards: readonly LogRewards[];
  /** Cards still in the chat log (their links are kept; a card deleted since is named, not linked). */
  messagesPresent: ReadonlySet<string>;
  /** BCP 47 language for the date (the world's). */
  lang: string;
  /** The time zone to write the date in; the client's when absent. */
  timeZone?: string;
}

export interface LogPage {
  name: string;
  content: string;
}

const K = "GOLDHACK.Campaign.Log";

/** Escapes text for HTML, and `@` so Foundry's enrichers see no link in it. */
export function escapeLogText(text: string): string {
  return text.replace(/[&<>"'@[\]{}]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A content link to an actor, by its uuid: `@UUID[Actor.x]{Name}` (the name without the link's brackets). */
function actorLink(uuid: string, name: string): string {
  const label = name.replace(/[[\]{}\n]/g, "").trim() || "?";
  return /^[A-Za-z0-9.]+$/.test(uuid) ? `@UUID[${uuid}]{${escapeLogText(label)}}` : escapeLogText(label);
}

function cardLink(messageId: string, present: ReadonlySet<string>, i18n: LogI18n): string {
  if (!present.has(messageId) || !/^[A-Za-z0-9]+$/.test(messageId)) return "";
  return ` <a class="goldhack-log-card" data-action="showMessage" data-message-id="${messageId}">${escapeLogText(i18n.localize(`${K}.Card`))}</a>`;
}

const list = (items: readonly string[]): string => (items.length === 0 ? "" : `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
const section = (level: 2 | 3 | 4, title: string, body: string): string => (body ? `<h${level}>${escapeLogText(title)}</h${level}>${body}` : "");

function testLine(t: TestRecord, input: LogPageInput, i18n: LogI18n): string {
  const skill = t.skill || i18n.localize(`${K}.Potential`);
  const parts = [
    `<strong>${escapeLogText(skill)}</strong>`,
    t.intent ? escapeLogText(t.intent) : "",
    `<em>${escapeLogText(i18n.format(`${K}.Ob`, { ob: String(t.ob) }))}</em>`,
    escapeLogText(i18n.localize(t.passed ? `${K}.Passed` : `${K}.Failed`)),
  ].filter(Boolean);
  const spent: string[] = [];
  if (t.fate > 0) spent.push(i18n.format(`${K}.FateSpent`, { count: String(t.fate) }));
  if (t.persona > 0) spent.push(i18n.format(`${K}.PersonaSpent`, { count: String(t.persona) }));
  const extra = spent.length > 0 ? ` (${escapeLogText(spent.join(", "))})` : "";
  return `${parts.join(" · ")}${extra}${cardLink(t.messageId, input.messagesPresent, i18n)}`;
}

function characterSection(uuid: string, name: string, tests: readonly TestRecord[], rewards: LogRewards | undefined, input: LogPageInput, i18n: LogI18n): string {
  const fallout: string[] = [];
  const advances: string[] = [];
  for (const t of tests) {
    if (t.fallout) fallout.push(escapeLogText(i18n.format(`${K}.FalloutTaken`, { name: t.fallout.name || "?", rating: String(t.fallout.rating) })));
    if (t.recovery) fallout.push(escapeLogText(i18n.format(t.recovery.passed ? `${K}.FalloutRecovered` : `${K}.FalloutNotRecovered`, { name: t.recovery.name || "?" })));
    if (t.learned) advances.push(escapeLogText(i18n.format(`${K}.Learned`, { skill: t.learned })));
    if (t.advanced) advances.push(escapeLogText(i18n.format(`${K}.Advanced`, { skill: t.advanced.skill, rating: String(t.advanced.rating) })));
  }
  const awards = (rewards?.awards ?? []).map(escapeLogText);
  const votes = (rewards?.nominations ?? []).map((n) =>
    escapeLogText(
      i18n.format(n.passed ? `${K}.VotePassed` : `${K}.VoteFailed`, {
        award: n.award,
        yes: n.yes.join(", ") || "—",
        no: n.no.join(", ") || "—",
      }),
    ),
  );
  const body = [
    section(4, i18n.format(`${K}.Tests`, { count: String(tests.length) }), list(tests.map((t) => testLine(t, input, i18n)))),
    section(4, i18n.localize(`${K}.Fallout`), list(fallout)),
    section(4, i18n.localize(`${K}.Advances`), list(advances)),
    section(4, i18n.localize(`${K}.Rewards`), list(awards.length > 0 || rewards ? (awards.length > 0 ? awards : [escapeLogText(i18n.localize(`${K}.NoReward`))]) : [])),
    section(4, i18n.localize(`${K}.Votes`), list(votes)),
  ].join("");
  return `<section class="goldhack-log-character"><h3>${actorLink(uuid, name)}</h3>${body || `<p>${escapeLogText(i18n.localize(`${K}.Quiet`))}</p>`}</section>`;
}

function groupLine(g: GroupRecord, input: LogPageInput, i18n: LogI18n): string {
  const verdict = g.passed === null ? i18n.localize(`${K}.Undecided`) : i18n.localize(g.passed ? `${K}.Passed` : `${K}.Failed`);
  const who = g.parts.map((p) => `${actorLink(p.actorUuid, p.actorName)}${p.skill ? ` (${escapeLogText(p.skill)})` : ""}`).join(", ");
  return `<strong>${escapeLogText(g.intent || "—")}</strong> · ${escapeLogText(verdict)} · ${who}${cardLink(g.messageId, input.messagesPresent, i18n)}`;
}

const DRIVE_KEYS = { belief: `${K}.Drive.belief`, goal: `${K}.Drive.goal`, instinct: `${K}.Drive.instinct` } as const;

function changeLine(c: ChangeRecord, i18n: LogI18n): string {
  const who = actorLink(c.actorUuid, c.actorName);
  switch (c.kind) {
    case "trait":
      return `${who}: ${escapeLogText(i18n.format(`${K}.NewTrait`, { name: c.text }))}`;
    case "drive":
      return `${who}: ${escapeLogText(i18n.format(`${K}.DriveRewritten`, { drive: i18n.localize(DRIVE_KEYS[c.drive ?? "belief"]), text: c.text }))}`;
    case "retired":
      return `${who}: ${escapeLogText(i18n.localize(`${K}.Retired`))}`;
    case "aging":
      return `${who}: ${escapeLogText(i18n.format(`${K}.Aged`, { age: c.text }))}`;
  }
}

/**
 * A change made after the page was written (a Drive rewritten in the dialog the vote's end offers): one
 * paragraph appended to the page, so what the GM edited above it stays.
 */
export function afterPageLines(changes: readonly ChangeRecord[], i18n: LogI18n): string {
  return changes.map((c) => `<p class="goldhack-log-after">${changeLine(c, i18n)}</p>`).join("");
}

/** The date a session is written under, in the world's language. */
export function logDate(time: number, lang: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "long", ...(timeZone ? { timeZone } : {}) }).format(new Date(time));
  } catch {
    return new Date(time).toISOString().slice(0, 10);
  }
}

/** The page for a session: its name and HTML. */
export function campaignLogPage(input: LogPageInput, i18n: LogI18n): LogPage {
  const { session } = input;
  const date = logDate(session.endedAt ?? session.startedAt, input.lang, input.timeZone);
  const name = i18n.format(`${K}.PageName`, { number: String(session.number), date });
  const tests = session.records.filter((r): r is TestRecord => r.kind === "test");
  const groups = session.records.filter((r): r is GroupRecord => r.kind === "group");
  const changes = session.records.filter((r): r is ChangeRecord => r.kind === "drive" || r.kind === "trait" || r.kind === "retired" || r.kind === "aging");
  // The characters, in the order they first appear: a Test, a reward, a change.
  const characters = new Map<string, string>();
  for (const t of tests) if (!characters.has(t.actorUuid)) characters.set(t.actorUuid, t.actorName);
  for (const r of input.rewards) if (!characters.has(r.actorUuid)) characters.set(r.actorUuid, r.actorName);
  for (const c of changes) if (!characters.has(c.actorUuid)) characters.set(c.actorUuid, c.actorName);
  const byActor = new Map<string, TestRecord[]>();
  for (const t of tests) byActor.set(t.actorUuid, [...(byActor.get(t.actorUuid) ?? []), t]);

  const participants = session.participants.map((p) => escapeLogText(p.name)).join(", ") || "—";
  const head =
    `<p class="goldhack-log-meta"><strong>${escapeLogText(i18n.localize(`${K}.Date`))}</strong> ${escapeLogText(date)}</p>` +
    `<p class="goldhack-log-meta"><strong>${escapeLogText(i18n.localize(`${K}.Participants`))}</strong> ${participants}</p>` +
    `<p class="goldhack-log-meta"><strong>${escapeLogText(i18n.localize(`${K}.Characters`))}</strong> ${[...characters].map(([uuid, n]) => actorLink(uuid, n)).join(", ") || "—"}</p>`;
  const people = [...characters].map(([uuid, n]) => characterSection(uuid, n, byActor.get(uuid) ?? [], input.rewards.find((r) => r.actorUuid === uuid), input, i18n)).join("");
  const content = [
    `<section class="goldhack-campaign-log" data-session="${escapeLogText(session.id)}">`,
    head,
    section(2, i18n.localize(`${K}.ByCharacter`), people),
    section(2, i18n.localize(`${K}.GroupTests`), list(groups.map((g) => groupLine(g, input, i18n)))),
    section(2, i18n.localize(`${K}.WhatChanged`), list(changes.map((c) => changeLine(c, i18n))) || `<p>${escapeLogText(i18n.localize(`${K}.NothingChanged`))}</p>`),
    "</section>",
  ].join("");
  return { name, content };
}
