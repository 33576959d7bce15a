/**
 * The campaign log's page for a downtime, as HTML for a journal text page: per character the cycles
 * practised (each Skill with its passes and fails, its rating before and after, a Skill learned), the
 * Fallout healed and the recovery Tests, practice a Fallout blocked, and aging. Pure: built from the applied
 * downtime the GM's client keeps (its official record, the same the summary card is drawn from), in the
 * language of the i18n it is given. Every name is escaped as log-page.ts does.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import type { DowntimeState, ParticipantResult } from "../downtime/downtime-types";
import type { HelperI18n } from "../i18n/i18n";
import { formatCount } from "../i18n/plural";
import { escapeLogText, logDate, type LogPage } from "./log-page";

const K = "GOLDHACK.Campaign.Log";

const list = (items: readonly string[]): string => (items.length === 0 ? "" : `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
const section = (title: string, body: string): string => (body ? `<h4>${escapeLogText(title)}</h4>${body}` : "");

function actorLink(uuid: string, name: string): string {
  const label = name.replace(/[[\]{}\n]/g, "").trim() || "?";
  return /^[A-Za-z0-9.]+$/.test(uuid) ? `@UUID[${uuid}]{${escapeLogText(label)}}` : escapeLogText(label);
}

export interface DowntimePageOptions {
  /** BCP 47 language for the date (the world's). */
  lang: string;
  timeZone?: string;
  /** An age's label by its key (a hack's ages included). */
  ageLabel(key: string): string;
}

function characterSection(uuid: string, r: ParticipantResult, i18n: HelperI18n, o: DowntimePageOptions): string {
  const practice = r.practice.map((p) => {
    const cycles = formatCount(i18n, `${K}.Cycles`, p.cycles);
    const line = i18n.format(`${K}.PracticeLine`, { skill: p.skill || "?", cycles, passed: String(p.passed), failed: String(p.failed), from: String(p.from), to: String(p.to) });
    return `${escapeLogText(line)}${p.learned ? ` · ${escapeLogText(i18n.format(`${K}.SkillLearned`, { skill: p.skill }))}` : ""}`;
  });
  if (r.blockedBy) practice.push(escapeLogText(i18n.format(`${K}.PracticeBlocked`, { name: r.blockedBy })));
  if (r.noPlan) practice.push(escapeLogText(i18n.localize(`${K}.NoPlan`)));
  const fallout = [
    ...r.healed.map((name) => escapeLogText(i18n.format(`${K}.FalloutRecovered`, { name }))),
    ...r.recoveries.map((x) => escapeLogText(i18n.format(x.passed ? `${K}.FalloutRecovered` : `${K}.FalloutNotRecovered`, { name: x.fallout }))),
  ];
  const aging = r.aging
    ? [escapeLogText(r.aging.to === null ? i18n.localize(`${K}.LeftPlay`) : i18n.format(`${K}.Aged`, { age: o.ageLabel(r.aging.to) }))]
    : [];
  const body = [section(i18n.localize(`${K}.Practice`), list(practice)), section(i18n.localize(`${K}.Fallout`), list(fallout)), section(i18n.localize(`${K}.Aging`), list(aging))].join("");
  return `<section class="goldhack-log-character"><h3>${actorLink(uuid, r.name)}</h3>${body || `<p>${escapeLogText(i18n.localize(`${K}.Quiet`))}</p>`}</section>`;
}

/** The page for an applied downtime: its name and HTML. */
export function downtimeLogPage(state: DowntimeState, i18n: HelperI18n, o: DowntimePageOptions): LogPage {
  const appliedAt = state.result?.appliedAt ?? state.startedAt ?? 0;
  const date = logDate(appliedAt, o.lang, o.timeZone);
  const results = state.result?.participants ?? [];
  const people = results.map((r, i) => ({ uuid: state.participants[i]?.actorUuid ?? "", r }));
  const head =
    `<p class="goldhack-log-meta"><strong>${escapeLogText(i18n.localize(`${K}.Date`))}</strong> ${escapeLogText(date)}</p>` +
    `<p class="goldhack-log-meta"><strong>${escapeLogText(i18n.localize(`${K}.Characters`))}</strong> ${people.map((p) => actorLink(p.uuid, p.r.name)).join(", ") || "—"}</p>`;
  const content = [
    `<section class="goldhack-campaign-log" data-downtime="${escapeLogText(state.id)}">`,
    head,
    `<h2>${escapeLogText(i18n.localize(`${K}.Downtime`))}</h2>`,
    people.map((p) => characterSection(p.uuid, p.r, i18n, o)).join(""),
    "</section>",
  ].join("");
  return { name: i18n.format(`${K}.DowntimePage`, { date }), content };
}
