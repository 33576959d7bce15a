/**
 * What the voting window shows one user: the characters with their Drives, Traits and this session's
 * Tests as evidence, each nomination with who has voted (how, only once the vote is closed), this
 * user's own vote, and the forms to nominate. Pure: built from the stored vote, what the client knows
 * of users and actors, and an i18n. Buttons shown here are a courtesy: the GM checks every request.
 */
import { REWARD_AWARDS } from "../rules";
import type { SummaryI18n } from "./summary-context";
import { rewardOutcome, traitOutcome, votedOn, type TraitChange, type VoteState } from "./vote-state";
import { formatCount } from "../i18n/plural";

export interface VoteViewer {
  id: string;
  isGM: boolean;
}

export interface VoteUser {
  id: string;
  name: string;
  active: boolean;
}


export interface NominationView {
  id: string;
  label: string;
  /** The award's rule topic (tooltip and rules page); null for a Trait change. */
  rule: string | null;
  by: string;
  reason: string;
  mine: "yes" | "no" | null;
  voted: string[];
  waiting: string[];
  tallyLabel: string;
  result: { passed: boolean; label: string; yes: string[]; no: string[] } | null;
}

export interface VoteWindowContext {
  kind: VoteState["kind"];
  uid: string;
  open: boolean;
  /** Closed, but its results are not all written yet: the GM may write them again (and will, at the next end of session or reload). */
  pending: boolean;
  isGM: boolean;
  participant: boolean;
  canVote: boolean;
  intro: string;
  participants: { id: string; name: string; connected: boolean; removable: boolean }[];
  addable: { value: string; label: string }[];
  characters: {
    uuid: string;
    name: string;
    drives: { key: string; label: string; value: string }[];
    traits: string[];
    tests: { messageId: string; skill: string; intent: string; task: string; outcome: string; outcomeLabel: string }[];
    nominations: NominationView[];
  }[];
  awardOptions: { value: string; label: string }[];
  characterOptions: { value: string; label: string }[];
  traitOptions: { value: string; label: string }[];
}

const DRIVES = ["belief", "goal", "instinct"] as const;

function changeLabel(change: TraitChange, i18n: SummaryI18n): string {
  if (change.kind === "add") return i18n.format("GOLDHACK.Session.Trait.Add", { name: change.name });
  if (change.kind === "change") return i18n.format("GOLDHACK.Session.Trait.Change", { from: change.from, name: change.name });
  return i18n.format("GOLDHACK.Session.Trait.Remove", { from: change.from });
}

/** The voting window's context for one viewer. */
export function voteWindowContext(
  state: VoteState,
  viewer: VoteViewer,
  users: readonly VoteUser[],
  i18n: SummaryI18n,
  uid = "goldhack-vote",
): VoteWindowContext {
  const nameOf = (id: string): string => users.find((u) => u.id === id)?.name ?? i18n.localize("GOLDHACK.Session.Window.UnknownUser");
  const open = state.status === "open";
  const participant = state.participants.includes(viewer.id);
  const granted = new Set<string>();
  if (!open) {
    if (state.kind === "rewards") {
      const outcome = rewardOutcome(state);
      for (const [uuid, awards] of Object.entries(outcome.awards)) for (const award of awards) granted.add(`${uuid}:${award}`);
    } else for (const o of traitOutcome(state)) if (o.granted) granted.add(o.nomination.id);
  }
  const views = state.nominations.map((n): NominationView & { actorUuid: string } => {
    const { voted, waiting } = votedOn(state, n.id);
    const label = "award" in n ? i18n.localize(REWARD_AWARDS.find((a) => a.key === n.award)?.label ?? n.award) : changeLabel(n.change, i18n);
    const passed = "award" in n ? granted.has(`${n.actorUuid}:${n.award}`) : granted.has(n.id);
    const own = n.votes[viewer.id];
    const yes = state.participants.filter((id) => n.votes[id] === true).map(nameOf);
    const no = state.participants.filter((id) => n.votes[id] !== true).map(nameOf);
    return {
      id: n.id,
      actorUuid: n.actorUuid,
      label,
      rule: "award" in n ? `award-${n.award}` : null,
      by: i18n.format("GOLDHACK.Session.Window.NominatedBy", { name: nameOf(n.by) }),
      reason: n.reason,
      mine: own === undefined ? null : own ? "yes" : "no",
      voted: voted.map(nameOf),
      waiting: waiting.map(nameOf),
      tallyLabel: formatCount(i18n, "GOLDHACK.Session.Window.Tally", voted.length, { total: state.participants.length }),
      result: open ? null : { passed, label: i18n.localize(passed ? "GOLDHACK.Session.Window.Passed" : "GOLDHACK.Session.Window.Failed"), yes, no },
    };
  });
  const outcomeLabel = (outcome: string): string => i18n.localize(outcome === "passed" ? "GOLDHACK.Session.Window.TestPassed" : "GOLDHACK.Session.Window.TestFailed");
  return {
    kind: state.kind,
    uid,
    open,
    pending: !open && !state.applied,
    isGM: viewer.isGM,
    participant,
    canVote: open && participant,
    intro: i18n.localize(
      state.kind === "rewards"
        ? open
          ? "GOLDHACK.Session.Window.IntroRewards"
          : "GOLDHACK.Session.Window.ClosedRewards"
        : open
          ? "GOLDHACK.Session.Window.IntroTraits"
          : "GOLDHACK.Session.Window.ClosedTraits",
    ),
    participants: state.participants.map((id) => ({
      id,
      name: nameOf(id),
      connected: users.find((u) => u.id === id)?.active ?? false,
      removable: viewer.isGM && open && state.participants.length > 1,
    })),
    addable: viewer.isGM && open ? users.filter((u) => !state.participants.includes(u.id)).map((u) => ({ value: u.id, label: u.name })) : [],
    characters: state.characters.map((character) => {
      const known = state.evidence.find((e) => e.uuid === character.uuid);
      return {
        uuid: character.uuid,
        name: character.name,
        drives: DRIVES.map((key) => ({ key, label: i18n.localize(`GOLDHACK.Session.Drives.${key}`), value: known?.drives[key] ?? "" })),
        traits: known?.traits ?? [],
        tests: (known?.tests ?? []).map((t) => ({
          messageId: t.messageId,
          skill: t.skillName || i18n.localize("GOLDHACK.Session.Window.Potential"),
          intent: t.intent,
          task: t.task,
          outcome: t.outcome,
          outcomeLabel: outcomeLabel(t.outcome),
        })),
        nominations: views.filter((v) => v.actorUuid === character.uuid).map(({ actorUuid: _drop, ...view }) => view),
      };
    }),
    awardOptions: REWARD_AWARDS.map((a) => ({ value: a.key, label: i18n.localize(a.label) })),
    characterOptions: state.characters.map((c) => ({ value: c.uuid, label: c.name })),
    traitOptions: state.kind === "traits" ? state.traits.map((t) => ({ value: t.id, label: t.name })) : [],
  };
}
