import type { Problem } from "./types";
import { assertInteger } from "./validate";

/** What an award pays in. SRD: Rewards › Earning Fate / Earning Persona */
export type RewardCurrency = "fate" | "persona";

/** The seven end-of-session awards. SRD: Rewards */
export type RewardAwardKey =
  | "actOnBelief"
  | "pursueGoal"
  | "invokeInstinct"
  | "accomplishGoal"
  | "betrayBelief"
  | "mvp"
  | "workhorse";

export interface RewardAwardDefinition {
  key: RewardAwardKey;
  currency: RewardCurrency;
  /** Localisation key of its name. */
  label: string;
  /** Only one player may receive it in a session (MVP, Workhorse). */
  unique: boolean;
}

const award = (key: RewardAwardKey, currency: RewardCurrency, label: string, unique = false): Readonly<RewardAwardDefinition> =>
  Object.freeze({ key, currency, label: `GOLDHACK.Rewards.Award.${label}`, unique });

/** The awards in SRD order; each pays one point. SRD: Rewards */
export const REWARD_AWARDS: readonly Readonly<RewardAwardDefinition>[] = Object.freeze([
  award("actOnBelief", "fate", "ActOnBelief"),
  award("pursueGoal", "fate", "PursueGoal"),
  award("invokeInstinct", "fate", "InvokeInstinct"),
  award("accomplishGoal", "persona", "AccomplishGoal"),
  award("betrayBelief", "persona", "BetrayBelief"),
  award("mvp", "persona", "Mvp", true),
  award("workhorse", "persona", "Workhorse", true),
]);

/** No one can be MVP and Workhorse at the same time. SRD: Rewards › Most Valuable Player */
export const EXCLUSIVE_REWARD_AWARDS: readonly [RewardAwardKey, RewardAwardKey] = Object.freeze(["mvp", "workhorse"] as const);

/** Two awards one player cannot both receive in a session, and the problem reported when both pass. */
export interface ExclusiveRewardPair {
  awards: readonly [RewardAwardKey, RewardAwardKey];
  /** Localisation key of the problem; its data is `{ player }`. */
  problem: string;
}

/**
 * Every exclusive pair, in the order their conflicts are reported:
 * MVP and Workhorse (SRD: Rewards › Most Valuable Player), and Pursue and Accomplish
 * the same Goal: Pursue is for advancing toward it "but, alas, didn't accomplish it" (SRD: Rewards › Pursue Your Goal).
 */
export const EXCLUSIVE_REWARD_PAIRS: readonly Readonly<ExclusiveRewardPair>[] = Object.freeze([
  Object.freeze({ awards: EXCLUSIVE_REWARD_AWARDS, problem: "GOLDHACK.Rewards.MvpAndWorkhorse" }),
  Object.freeze({ awards: Object.freeze(["pursueGoal", "accomplishGoal"] as const), problem: "GOLDHACK.Rewards.PursueAndAccomplishGoal" }),
]);

// Seven awards: a search is as good as a map, and reading the list only when asked keeps a broken entry
// a failing test rather than a module that cannot load.
function assertAwardKey(name: string, value: unknown): asserts value is RewardAwardKey {
  if (!REWARD_AWARDS.some((award) => award.key === value)) {
    throw new RangeError(`${name} must be one of ${REWARD_AWARDS.map((a) => a.key).join(", ")}, got ${String(value)}`);
  }
}

/** One participant's vote on giving one award to one player. */
export interface RewardVote {
  voter: string;
  player: string;
  award: RewardAwardKey;
  approve: boolean;
}

/**
 * What a simple majority is counted against:
 * - "allParticipants" (the default): more than half of all participants must vote yes; silence counts as no,
 *   since "each participant (player and GM) votes" (SRD: Rewards);
 * - "votesCast": more than half of the yes and no votes cast on that nomination (abstentions do not count).
 */
export type RewardMajority = "votesCast" | "allParticipants";

export interface RewardVoting {
  /** Everyone who votes: players and GM. */
  participants: readonly string[];
  /** Who may receive awards. */
  players: readonly string[];
  votes: readonly RewardVote[];
  /** Defaults to "allParticipants". */
  majority?: RewardMajority;
}

/** The count for one nomination (one award for one player). */
export interface RewardNominationTally {
  player: string;
  award: RewardAwardKey;
  yes: number;
  no: number;
  /** Yes votes needed to pass. */
  needed: number;
  passed: boolean;
}

/** One award for one player; `yes`, the yes votes it passed with (what settles a conflict, see checkRewardGrants). */
export interface RewardGrant {
  player: string;
  award: RewardAwardKey;
  yes?: number;
}

export interface RewardTally {
  nominations: RewardNominationTally[];
  /** Awards to apply: passed and free of conflicts. */
  granted: RewardGrant[];
  /** Ties and conflicts the table must settle (by a new vote); the awards concerned are withheld. */
  problems: Problem[];
}

function assertNames(name: string, value: unknown): asserts value is readonly string[] {
  if (!Array.isArray(value)) throw new RangeError(`${name} must be an array, got ${String(value)}`);
  const seen = new Set<string>();
  for (const [index, entry] of value.entries()) {
    if (typeof entry !== "string" || entry === "") throw new RangeError(`${name}[${index}] must be a non-empty string`);
    if (seen.has(entry)) throw new RangeError(`${name}[${index}] repeats ${entry}`);
    seen.add(entry);
  }
}

/**
 * Enforces the session-wide rules on a list of grants: each player receives
 * each award once; MVP and Workhorse go to one player each, never the same one;
 * no one both pursues and accomplishes their Goal in one session.
 * Conflicting grants stand side by side until here: the one that passed with the most yes votes wins and each
 * other is withheld with a problem naming the winner ("…Lost"); with the most votes shared, all of them are
 * withheld and reported, never resolved by guessing. SRD: Rewards ("Only one can be the MVP. No one can be MVP &
 * Workhorse at the same time"; "a simple majority wins").
 */
// Ruling: ruling-award-conflicts (rules journal): Pursue and Accomplish exclude each other; conflicts settle by yes votes.
export function checkRewardGrants(grants: readonly RewardGrant[]): { granted: RewardGrant[]; problems: Problem[] } {
  if (!Array.isArray(grants)) throw new RangeError(`grants must be an array, got ${String(grants)}`);
  const problems: Problem[] = [];
  const unique: RewardGrant[] = [];
  for (const [index, grant] of grants.entries()) {
    if (typeof grant?.player !== "string" || grant.player === "") throw new RangeError(`grants[${index}].player must be a non-empty string`);
    assertAwardKey(`grants[${index}].award`, grant.award);
    if (unique.some((g) => g.player === grant.player && g.award === grant.award)) {
      problems.push({ key: "GOLDHACK.Rewards.AwardRepeated", data: { player: grant.player, award: grant.award } });
    } else {
      unique.push({ player: grant.player, award: grant.award, ...(grant.yes === undefined ? {} : { yes: grant.yes }) });
    }
  }
  const withheld = new Set<RewardGrant>();
  const yes = (g: RewardGrant): number => g.yes ?? 0;
  /** The one grant with strictly most yes votes, or null when the most is shared. */
  const top = (grants: readonly RewardGrant[]): RewardGrant | null => {
    const most = Math.max(...grants.map(yes));
    const leaders = grants.filter((g) => yes(g) === most);
    return leaders.length === 1 ? (leaders[0] as RewardGrant) : null;
  };
  for (const definition of REWARD_AWARDS.filter((a) => a.unique)) {
    const winners = unique.filter((g) => g.award === definition.key);
    if (winners.length < 2) continue;
    const winner = top(winners);
    if (winner === null) {
      problems.push({ key: "GOLDHACK.Rewards.UniqueAwardContested", data: { award: definition.key, players: winners.map((g) => g.player).join(", ") } });
      winners.forEach((g) => withheld.add(g));
      continue;
    }
    for (const lost of winners.filter((g) => g !== winner)) {
      problems.push({ key: "GOLDHACK.Rewards.UniqueAwardLost", data: { award: definition.key, player: lost.player, winner: winner.player } });
      withheld.add(lost);
    }
  }
  for (const { awards: [first, second], problem } of EXCLUSIVE_REWARD_PAIRS) {
    for (const grant of unique.filter((g) => g.award === first && !withheld.has(g))) {
      const clash = unique.find((g) => g.award === second && g.player === grant.player && !withheld.has(g));
      if (!clash) continue;
      const kept = top([grant, clash]);
      if (kept === null) {
        problems.push({ key: problem, data: { player: grant.player } });
        withheld.add(grant);
        withheld.add(clash);
        continue;
      }
      const dropped = kept === grant ? clash : grant;
      problems.push({ key: `${problem}Lost`, data: { player: grant.player, kept: kept.award, dropped: dropped.award } });
      withheld.add(dropped);
    }
  }
  return { granted: unique.filter((g) => !withheld.has(g)).map((g) => ({ player: g.player, award: g.award })), problems };
}

/**
 * Counts the end-of-session votes. A nomination passes on a simple majority
 * (see {@link RewardMajority}); a tie passes nothing and is reported.
 * Session-wide conflicts go through {@link checkRewardGrants}. SRD: Rewards
 */
export function tallyRewardVotes(voting: RewardVoting): RewardTally {
  if (typeof voting !== "object" || voting === null) throw new RangeError(`voting must be an object, got ${String(voting)}`);
  const { participants, players, votes } = voting;
  // Ruling: ruling-reward-majority (rules journal): more than half of all participants must vote yes; "votesCast" counts only the votes cast.
  const majority = voting.majority ?? "allParticipants";
  assertNames("voting.participants", participants);
  assertNames("voting.players", players);
  if (participants.length === 0) throw new RangeError("voting.participants must not be empty");
  if (majority !== "votesCast" && majority !== "allParticipants") {
    throw new RangeError(`voting.majority must be votesCast or allParticipants, got ${String(majority)}`);
  }
  if (!Array.isArray(votes)) throw new RangeError(`voting.votes must be an array, got ${String(votes)}`);

  const counts = new Map<string, { yes: number; no: number; voters: Set<string> }>();
  const keyOf = (player: string, key: RewardAwardKey): string => `${key}\u0000${player}`;
  for (const [index, vote] of votes.entries()) {
    const name = `voting.votes[${index}]`;
    if (typeof vote !== "object" || vote === null) throw new RangeError(`${name} must be an object`);
    if (!participants.includes(vote.voter)) throw new RangeError(`${name}.voter ${String(vote.voter)} is not a participant`);
    if (!players.includes(vote.player)) throw new RangeError(`${name}.player ${String(vote.player)} is not a player`);
    assertAwardKey(`${name}.award`, vote.award);
    if (typeof vote.approve !== "boolean") throw new RangeError(`${name}.approve must be true or false, got ${String(vote.approve)}`);
    const count = counts.get(keyOf(vote.player, vote.award)) ?? { yes: 0, no: 0, voters: new Set<string>() };
    if (count.voters.has(vote.voter)) throw new RangeError(`${name} repeats ${vote.voter}'s vote on ${vote.award} for ${vote.player}`);
    count.voters.add(vote.voter);
    if (vote.approve) count.yes += 1;
    else count.no += 1;
    counts.set(keyOf(vote.player, vote.award), count);
  }

  const nominations: RewardNominationTally[] = [];
  const problems: Problem[] = [];
  const passed: RewardGrant[] = [];
  for (const definition of REWARD_AWARDS) {
    for (const player of players) {
      const count = counts.get(keyOf(player, definition.key));
      if (!count) continue;
      const base = majority === "votesCast" ? count.yes + count.no : participants.length;
      const needed = Math.floor(base / 2) + 1;
      const ok = count.yes >= needed;
      nominations.push({ player, award: definition.key, yes: count.yes, no: count.no, needed, passed: ok });
      if (ok) passed.push({ player, award: definition.key, yes: count.yes });
      else if (count.yes * 2 === base) {
        problems.push({ key: "GOLDHACK.Rewards.VoteTied", data: { player, award: definition.key, yes: count.yes, no: base - count.yes } });
      }
    }
  }
  const checked = checkRewardGrants(passed);
  return { nominations, granted: checked.granted, problems: [...problems, ...checked.problems] };
}

/** A character's reward points. */
export interface RewardPoints {
  fate: number;
  persona: number;
  potential: number;
}

export interface AppliedRewards {
  fate: number;
  persona: number;
  fateGained: number;
  personaGained: number;
  /** Points the awards earned that the Potential cap swallowed. */
  fateLost: number;
  personaLost: number;
}

/**
 * Adds one point per award to one player's Fate or Persona, never above
 * Potential, and reports what the cap swallowed. SRD: Rewards; Characters › Potential
 */
export function applyRewardAwards(points: RewardPoints, awards: readonly RewardAwardKey[]): AppliedRewards {
  if (typeof points !== "object" || points === null) throw new RangeError(`points must be an object, got ${String(points)}`);
  assertInteger("points.potential", points.potential, 0);
  assertInteger("points.fate", points.fate, 0, points.potential);
  assertInteger("points.persona", points.persona, 0, points.potential);
  if (!Array.isArray(awards)) throw new RangeError(`awards must be an array, got ${String(awards)}`);
  const seen = new Set<RewardAwardKey>();
  for (const [index, key] of awards.entries()) {
    assertAwardKey(`awards[${index}]`, key);
    if (seen.has(key)) throw new RangeError(`awards[${index}] repeats ${key}: each award once per session`);
    seen.add(key);
  }
  for (const { awards: pair } of EXCLUSIVE_REWARD_PAIRS) {
    if (pair.every((key) => seen.has(key))) throw new RangeError(`awards holds both ${pair.join(" and ")}: they exclude each other`);
  }
  // `seen` holds each award once (repeats were refused above).
  const earned = (currency: RewardCurrency): number => REWARD_AWARDS.filter((a) => seen.has(a.key) && a.currency === currency).length;
  const fate = Math.min(points.potential, points.fate + earned("fate"));
  const persona = Math.min(points.potential, points.persona + earned("persona"));
  return {
    fate,
    persona,
    fateGained: fate - points.fate,
    personaGained: persona - points.persona,
    fateLost: points.fate + earned("fate") - fate,
    personaLost: points.persona + earned("persona") - persona,
  };
}
