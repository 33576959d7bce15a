/**
 * What the result cards show: the reward vote's summary (who got what, what the Potential cap
 * swallowed, MVP and Workhorse, conflicts the table must settle) and the Trait Vote's result. Pure:
 * built from the closed vote and what was applied, localised through the i18n it is given.
 */
import type { HelperI18n } from "../i18n/i18n";
import { REWARD_AWARDS, type Problem } from "../rules";
import type { CharacterReward, RewardHistoryEntry } from "./reward-results";
import type { TraitNominationOutcome, VoteState } from "./vote-state";

/** game.i18n as the session's cards and windows call it (the shared shape: its language picks plural forms). */
export type SummaryI18n = HelperI18n;

/** A problem's text; data values that are GOLDHACK.* keys are localised first (award names). */
export function problemText(i18n: SummaryI18n, problem: Problem): string {
  const data = Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, typeof v === "string" && v.startsWith("GOLDHACK.") ? i18n.localize(v) : String(v)]));
  return i18n.format(problem.key, data);
}

export interface SummaryCardContext {
  date: string;
  characters: {
    name: string;
    awards: { label: string; currency: string }[];
    gained: string;
    lost: string | null;
    none: boolean;
  }[];
  mvp: string | null;
  workhorse: string | null;
  problems: string[];
}

const labelOf = (key: string): { label: string; currency: string } => {
  const award = REWARD_AWARDS.find((a) => a.key === key);
  return { label: award?.label ?? key, currency: award?.currency ?? "fate" };
};

/** The reward summary card's context. SRD: Rewards */
export function summaryCardContext(
  input: { date: number; rewards: readonly CharacterReward[]; mvp: string | null; workhorse: string | null; problems: readonly Problem[] },
  i18n: SummaryI18n,
  locale?: string,
): SummaryCardContext {
  const name = (uuid: string | null): string | null => (uuid ? (input.rewards.find((r) => r.uuid === uuid)?.name ?? null) : null);
  return {
    date: new Date(input.date).toLocaleDateString(locale),
    characters: input.rewards.map((reward) => {
      const lostAny = reward.fateLost + reward.personaLost > 0;
      return {
        name: reward.name,
        awards: reward.awards.map((key) => {
          const { label, currency } = labelOf(key);
          return { label: i18n.localize(label), currency };
        }),
        gained: i18n.format("GOLDHACK.Session.Summary.Gained", { fate: String(reward.fateGained), persona: String(reward.personaGained) }),
        lost: lostAny ? i18n.format("GOLDHACK.Session.Summary.Lost", { fate: String(reward.fateLost), persona: String(reward.personaLost) }) : null,
        none: reward.awards.length === 0,
      };
    }),
    mvp: name(input.mvp),
    workhorse: name(input.workhorse),
    problems: input.problems.map((p) => problemText(i18n, p)),
  };
}

export interface TraitCardContext {
  character: string;
  results: { granted: boolean; status: string; text: string; reason: string }[];
}

/** The Trait Vote's result card. SRD: Changes › The Trait Vote */
export function traitCardContext(state: VoteState, outcomes: readonly TraitNominationOutcome[], i18n: SummaryI18n): TraitCardContext {
  return {
    character: state.characters[0]?.name ?? "",
    results: outcomes.map(({ nomination, granted }) => {
      const change = nomination.change;
      const text =
        change.kind === "add"
          ? i18n.format("GOLDHACK.Session.Trait.Add", { name: change.name })
          : change.kind === "change"
            ? i18n.format("GOLDHACK.Session.Trait.Change", { from: change.from, name: change.name })
            : i18n.format("GOLDHACK.Session.Trait.Remove", { from: change.from });
      return { granted, status: i18n.localize(granted ? "GOLDHACK.Session.Trait.Granted" : "GOLDHACK.Session.Trait.Refused"), text, reason: nomination.reason };
    }),
  };
}

/** A character's reward history as the sheet lists it: date, award names, what the cap swallowed. */
export function rewardHistoryView(entries: readonly RewardHistoryEntry[], i18n: SummaryI18n, locale?: string): { date: string; awards: string[]; lost: string | null }[] {
  return entries.map((entry) => ({
    date: new Date(entry.date).toLocaleDateString(locale),
    awards: entry.awards.map((key) => i18n.localize(labelOf(key).label)),
    lost: entry.fateLost + entry.personaLost > 0 ? i18n.format("GOLDHACK.Session.Summary.Lost", { fate: String(entry.fateLost), persona: String(entry.personaLost) }) : null,
  }));
}
