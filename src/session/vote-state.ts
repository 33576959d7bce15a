/**
 * The end-of-session reward vote and the Trait Vote as plain data and pure transitions: who takes part,
 * what is nominated, who voted how, and closing. No Foundry globals: the GM's client keeps the state in
 * a world setting and runs every request through these functions, which refuse (with a localisable
 * problem, the state unchanged) anything the table's rules or the user's role do not allow. The rules
 * themselves (majority, caps, MVP/Workhorse, unanimity) are the rules core's. SRD: Rewards; Changes › The Trait Vote
 */
import { parseHistory, type TestHistoryEntry } from "../data/test-history";
import { decideTraitVote, REWARD_AWARDS, tallyRewardVotes, type Problem, type RewardAwardKey, type RewardTally } from "../rules";

export type VoteKind = "rewards" | "traits";
export type VoteStatus = "open" | "closed";

/** A character the vote is about: a player character, by uuid. */
export interface VoteCharacter {
  uuid: string;
  name: string;
}

/** What the windows show of a character as evidence, captured by the GM when the vote opens. */
export interface VoteEvidence {
  uuid: string;
  drives: { belief: string; goal: string; instinct: string };
  traits: string[];
  /** This session's Tests, newest first. */
  tests: TestHistoryEntry[];
}

/** Who asks for a transition: the user Foundry's server named, never one a payload claims. */
export interface Voter {
  id: string;
  isGM: boolean;
}

/** What a Trait nomination proposes. SRD: Changes › The Trait Vote */
export type TraitChange =
  | { kind: "add"; name: string; description: string }
  | { kind: "change"; itemId: string; from: string; name: string; description: string }
  | { kind: "remove"; itemId: string; from: string };

interface NominationBase {
  id: string;
  /** The participant who nominated. */
  by: string;
  actorUuid: string;
  /** Optional one-line reason. */
  reason: string;
  /** Participant id → yes (true) or no (false). Hidden from the windows until the vote closes. */
  votes: Record<string, boolean>;
}

export interface RewardNomination extends NominationBase {
  award: RewardAwardKey;
}

export interface TraitNomination extends NominationBase {
  change: TraitChange;
}

interface VoteBase {
  id: string;
  status: VoteStatus;
  openedAt: number;
  closedAt: number | null;
  /** User ids: the users connected when the vote opened, as the GM since changed them. */
  participants: string[];
  characters: VoteCharacter[];
  evidence: VoteEvidence[];
  /** The results were written to the characters (rewards: Fate and Persona; traits: the Trait items). */
  applied: boolean;
}

export interface RewardVoteState extends VoteBase {
  kind: "rewards";
  /** Tests rolled after this moment (ms) are this session's evidence. */
  since: number;
  nominations: RewardNomination[];
}

/** A character's Trait, as the Trait Vote offers it for change or removal. */
export interface VoteTrait {
  id: string;
  name: string;
}

export interface TraitVoteState extends VoteBase {
  kind: "traits";
  /** The one character whose Traits are voted on (also `characters[0]`). */
  traits: VoteTrait[];
  nominations: TraitNomination[];
}

export type VoteState = RewardVoteState | TraitVoteState;

export type Transition<T extends VoteState> = { ok: true; state: T } | { ok: false; problem: Problem };

/** The most a reason keeps: one line. */
export const MAX_REASON_LENGTH = 200;
/** The most a Trait's name keeps. */
export const MAX_TRAIT_NAME_LENGTH = 80;
/** The most a Trait's description keeps. */
export const MAX_TRAIT_DESCRIPTION_LENGTH = 600;

const ERROR = "GOLDHACK.Session.Error.";
const refuse = <T extends VoteState>(name: string, data?: Record<string, string | number>): Transition<T> => ({
  ok: false,
  problem: data ? { key: `${ERROR}${name}`, data } : { key: `${ERROR}${name}` },
});
const clean = (text: string): string => text.replace(/\s+/g, " ").trim();
const copy = <T>(value: T): T => structuredClone(value);

function checkNames(list: readonly string[]): boolean {
  return list.length > 0 && list.every((entry) => typeof entry === "string" && entry !== "") && new Set(list).size === list.length;
}

/** Opens the end-of-session reward vote. SRD: Rewards */
export function openRewardVote(input: {
  id: string;
  now: number;
  since: number;
  participants: readonly string[];
  characters: readonly VoteCharacter[];
  evidence?: readonly VoteEvidence[];
}): Transition<RewardVoteState> {
  if (!checkNames(input.participants)) return refuse("NoParticipants");
  if (input.characters.length === 0) return refuse("NoCharacters");
  return {
    ok: true,
    state: {
      kind: "rewards",
      id: input.id,
      status: "open",
      openedAt: input.now,
      closedAt: null,
      since: input.since,
      participants: [...input.participants],
      characters: input.characters.map((c) => ({ uuid: c.uuid, name: c.name })),
      evidence: structuredClone([...(input.evidence ?? [])]),
      nominations: [],
      applied: false,
    },
  };
}

/** Opens a Trait Vote on one character. SRD: Changes › The Trait Vote */
// Ruling: ruling-trait-vote (rules journal): the GM opens one at any time; it may add, change or remove Traits.
export function openTraitVote(input: {
  id: string;
  now: number;
  participants: readonly string[];
  character: VoteCharacter;
  traits: readonly VoteTrait[];
  evidence?: readonly VoteEvidence[];
}): Transition<TraitVoteState> {
  if (!checkNames(input.participants)) return refuse("NoParticipants");
  return {
    ok: true,
    state: {
      kind: "traits",
      id: input.id,
      status: "open",
      openedAt: input.now,
      closedAt: null,
      participants: [...input.participants],
      characters: [{ uuid: input.character.uuid, name: input.character.name }],
      evidence: structuredClone([...(input.evidence ?? [])]),
      traits: input.traits.map((t) => ({ id: t.id, name: t.name })),
      nominations: [],
      applied: false,
    },
  };
}

/** The checks every participant's action shares: the vote is open and the user takes part. */
function participantProblem(state: VoteState, by: Voter): Transition<VoteState> | null {
  if (state.status !== "open") return refuse("Closed");
  if (!state.participants.includes(by.id)) return refuse("NotParticipant");
  return null;
}

/** GM: adds a user to the vote or removes one (and their votes). The last participant stays. */
export function setParticipant<T extends VoteState>(state: T, by: Voter, userId: string, present: boolean): Transition<T> {
  if (!by.isGM) return refuse("NotGM");
  if (state.status !== "open") return refuse("Closed");
  if (typeof userId !== "string" || userId === "") return refuse("UnknownUser");
  const has = state.participants.includes(userId);
  if (present && has) return refuse("AlreadyParticipant");
  if (!present && !has) return refuse("NotParticipant");
  if (!present && state.participants.length === 1) return refuse("LastParticipant");
  const next = copy(state);
  if (present) next.participants.push(userId);
  else {
    next.participants = next.participants.filter((id) => id !== userId);
    for (const nomination of next.nominations) Reflect.deleteProperty(nomination.votes, userId);
  }
  return { ok: true, state: next };
}

const awardLabel = (key: string): string => REWARD_AWARDS.find((a) => a.key === key)?.label ?? key;

/**
 * A participant nominates an award for a character. Refused: an actor that is not one of the vote's
 * player characters, or an award nominated twice for the same character. Nominations for one award, or for
 * awards that exclude each other, stand side by side: the caps apply when the votes are tallied (rules core:
 * `checkRewardGrants`, via rewardOutcome), so a failed MVP nomination never leaves the session without one.
 * SRD: Rewards ("Only one can be the MVP…"; "a simple majority wins")
 */
export function nominateReward(
  state: RewardVoteState,
  by: Voter,
  input: { id: string; actorUuid: string; award: string; reason: string },
): Transition<RewardVoteState> {
  const problem = participantProblem(state, by);
  if (problem) return problem as Transition<RewardVoteState>;
  const character = state.characters.find((c) => c.uuid === input.actorUuid);
  if (!character) return refuse("NotPlayerCharacter");
  const definition = REWARD_AWARDS.find((a) => a.key === input.award);
  if (!definition) return refuse("UnknownAward");
  const reason = clean(typeof input.reason === "string" ? input.reason : "");
  if (reason.length > MAX_REASON_LENGTH) return refuse("ReasonTooLong", { max: MAX_REASON_LENGTH });
  if (state.nominations.some((n) => n.actorUuid === character.uuid && n.award === definition.key)) {
    return refuse("AwardNominatedTwice", { award: definition.label, character: character.name });
  }
  if (state.nominations.some((n) => n.id === input.id)) return refuse("NominationExists");
  const next = copy(state);
  next.nominations.push({ id: input.id, by: by.id, actorUuid: character.uuid, award: definition.key, reason, votes: {} });
  return { ok: true, state: next };
}

/** A problem's data with character uuids and award keys turned into names and label keys. */
function namedData(state: VoteState, data: Record<string, string | number> = {}): Record<string, string | number> {
  const name = (uuid: string): string => state.characters.find((c) => c.uuid === uuid)?.name ?? uuid;
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== "string") out[key] = value;
    else if (key === "award") out[key] = awardLabel(value);
    else if (key === "player") out[key] = name(value);
    else if (key === "players") out[key] = value.split(", ").map(name).join(", ");
    else if (key === "winner") out[key] = name(value);
    else if (key === "kept" || key === "dropped") out[key] = awardLabel(value);
    else out[key] = value;
  }
  return out;
}

/** Reads and checks a Trait change as a user entered it; null when it is not one. */
function cleanTraitChange(state: TraitVoteState, change: unknown): TraitChange | Problem {
  const record = typeof change === "object" && change !== null ? (change as Record<string, unknown>) : {};
  const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
  const trait = state.traits.find((t) => t.id === record.itemId);
  const name = clean(text(record.name));
  const description = text(record.description);
  if (record.kind === "remove" || record.kind === "change") {
    if (!trait) return { key: `${ERROR}UnknownTrait` };
    if (record.kind === "remove") return { kind: "remove", itemId: trait.id, from: trait.name };
  } else if (record.kind !== "add") return { key: `${ERROR}UnknownChange` };
  if (!name) return { key: `${ERROR}TraitNameMissing` };
  if (name.length > MAX_TRAIT_NAME_LENGTH) return { key: `${ERROR}TraitNameTooLong`, data: { max: MAX_TRAIT_NAME_LENGTH } };
  if (description.length > MAX_TRAIT_DESCRIPTION_LENGTH) return { key: `${ERROR}TraitDescriptionTooLong`, data: { max: MAX_TRAIT_DESCRIPTION_LENGTH } };
  if (record.kind === "change" && trait) return { kind: "change", itemId: trait.id, from: trait.name, name, description };
  return { kind: "add", name, description };
}

/**
 * A participant nominates a new Trait, a change of one, or its removal, for the vote's character.
 * Refused: a Trait nominated twice (two changes of one Trait, or two new Traits of one name), an
 * unknown Trait, a nameless one, and a name (new or changed) that another of her Traits has or another
 * nomination proposes. SRD: Changes › The Trait Vote
 */
export function nominateTrait(state: TraitVoteState, by: Voter, input: { id: string; actorUuid: string; change: unknown; reason: string }): Transition<TraitVoteState> {
  const problem = participantProblem(state, by);
  if (problem) return problem as Transition<TraitVoteState>;
  const character = state.characters.find((c) => c.uuid === input.actorUuid);
  if (!character) return refuse("NotPlayerCharacter");
  const change = cleanTraitChange(state, input.change);
  if ("key" in change) return { ok: false, problem: change };
  const reason = clean(typeof input.reason === "string" ? input.reason : "");
  if (reason.length > MAX_REASON_LENGTH) return refuse("ReasonTooLong", { max: MAX_REASON_LENGTH });
  const lower = (text: string): string => text.toLocaleLowerCase();
  const twice = state.nominations.some(({ change: other }) =>
    change.kind === "add"
      ? other.kind === "add" && lower(other.name) === lower(change.name)
      : other.kind !== "add" && other.itemId === change.itemId,
  );
  if (twice) return refuse("TraitNominatedTwice", { trait: change.kind === "add" ? change.name : change.from });
  if (change.kind !== "remove") {
    // No two Traits of one name: neither a new one nor a renamed one may take a name she has, or one another nomination proposes.
    const own = change.kind === "change" ? change.itemId : null;
    if (state.traits.some((t) => t.id !== own && lower(t.name) === lower(change.name))) return refuse("TraitExists", { trait: change.name });
    const proposed = state.nominations.some(({ change: other }) => other.kind !== "remove" && lower(other.name) === lower(change.name));
    if (proposed) return refuse("TraitNamed", { trait: change.name });
  }
  if (state.nominations.some((n) => n.id === input.id)) return refuse("NominationExists");
  const next = copy(state);
  next.nominations.push({ id: input.id, by: by.id, actorUuid: character.uuid, change, reason, votes: {} });
  return { ok: true, state: next };
}

/**
 * A participant votes yes or no on a nomination. Changing one's vote before the close is allowed;
 * casting the same vote again is refused (nothing to change).
 */
export function castVote<T extends VoteState>(state: T, by: Voter, nominationId: string, approve: unknown): Transition<T> {
  const problem = participantProblem(state, by);
  if (problem) return problem as Transition<T>;
  if (typeof approve !== "boolean") return refuse("BadVote");
  const index = state.nominations.findIndex((n) => n.id === nominationId);
  const nomination = state.nominations[index];
  if (!nomination) return refuse("UnknownNomination");
  if (nomination.votes[by.id] === approve) return refuse(approve ? "AlreadyYes" : "AlreadyNo");
  const next = copy(state);
  const target = next.nominations[index];
  if (target) target.votes[by.id] = approve;
  return { ok: true, state: next };
}

/** GM: closes the vote; from here nothing changes and missing votes count as no. Closing twice is refused. */
export function closeVote<T extends VoteState>(state: T, by: Voter, now: number): Transition<T> {
  if (!by.isGM) return refuse("NotGM");
  if (state.status !== "open") return refuse("AlreadyClosed");
  return { ok: true, state: { ...copy(state), status: "closed", closedAt: now } };
}

/** Marks the results as written to the characters. */
export function markApplied<T extends VoteState>(state: T): T {
  return { ...copy(state), applied: true };
}

/** Who has voted on a nomination, in participant order (not how: that shows once closed). */
export function votedOn(state: VoteState, nominationId: string): { voted: string[]; waiting: string[] } {
  const nomination = state.nominations.find((n) => n.id === nominationId);
  const voted = state.participants.filter((id) => nomination !== undefined && Object.hasOwn(nomination.votes, id));
  return { voted, waiting: state.participants.filter((id) => !voted.includes(id)) };
}

/** What the reward vote decided: the rules core's tally, each character's awards, MVP and Workhorse. */
export interface RewardOutcome {
  tally: RewardTally;
  /** Character uuid → the awards granted, in SRD order. */
  awards: Record<string, RewardAwardKey[]>;
  mvp: string | null;
  workhorse: string | null;
}

/**
 * Counts a reward vote: a nomination passes when more than half of all participants voted yes (a
 * missing vote counts as no), then the session caps apply. SRD: Rewards
 */
export function rewardOutcome(state: RewardVoteState): RewardOutcome {
  const votes = state.nominations.flatMap((n) =>
    Object.entries(n.votes)
      .filter(([voter]) => state.participants.includes(voter))
      .map(([voter, approve]) => ({ voter, player: n.actorUuid, award: n.award, approve })),
  );
  const players = state.characters.map((c) => c.uuid);
  const tally = tallyRewardVotes({ participants: state.participants, players, votes, majority: "allParticipants" });
  // A nomination nobody voted on is absent from the rules' tally: it failed (every vote missing is a no).
  const awards: Record<string, RewardAwardKey[]> = Object.fromEntries(players.map((p) => [p, []]));
  for (const grant of tally.granted) awards[grant.player]?.push(grant.award);
  const holder = (award: RewardAwardKey): string | null => tally.granted.find((g) => g.award === award)?.player ?? null;
  // The summary card says which nomination won and why another did not: in names and award labels, not uuids.
  const named = { ...tally, problems: tally.problems.map((p) => ({ key: p.key, data: namedData(state, p.data) })) };
  return { tally: named, awards, mvp: holder("mvp"), workhorse: holder("workhorse") };
}

/** A Trait nomination's result: all participants voted yes, or not. SRD: Changes › The Trait Vote */
export interface TraitNominationOutcome {
  nomination: TraitNomination;
  granted: boolean;
  against: string[];
  missing: string[];
}

/** Counts a Trait Vote: unanimous consensus of all participants grants a nomination; a missing vote counts as no. */
export function traitOutcome(state: TraitVoteState): TraitNominationOutcome[] {
  return state.nominations.map((nomination) => {
    const votes = Object.fromEntries(Object.entries(nomination.votes).filter(([voter]) => state.participants.includes(voter)));
    const decided = decideTraitVote(state.participants, votes);
    return { nomination, granted: decided.status === "granted", against: decided.against, missing: decided.missing };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string";
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function parseVotes(value: unknown): Record<string, boolean> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
}

function parseNominationBase(value: unknown): NominationBase | null {
  if (!isRecord(value) || !isText(value.id) || !isText(value.by) || !isText(value.actorUuid)) return null;
  return { id: value.id, by: value.by, actorUuid: value.actorUuid, reason: isText(value.reason) ? value.reason : "", votes: parseVotes(value.votes) };
}

function parseChange(value: unknown): TraitChange | null {
  if (!isRecord(value)) return null;
  const name = isText(value.name) ? value.name : "";
  const description = isText(value.description) ? value.description : "";
  if (value.kind === "add" && name) return { kind: "add", name, description };
  if (!isText(value.itemId) || !isText(value.from)) return null;
  if (value.kind === "remove") return { kind: "remove", itemId: value.itemId, from: value.from };
  if (value.kind === "change" && name) return { kind: "change", itemId: value.itemId, from: value.from, name, description };
  return null;
}

/**
 * A vote read back from the world setting, or null when there is none (or it is damaged: only the GM
 * writes it, so damage means a hand edit; nothing is guessed).
 */
export function parseVoteState(value: unknown): VoteState | null {
  if (!isRecord(value) || !isText(value.id) || (value.status !== "open" && value.status !== "closed") || !isTime(value.openedAt)) return null;
  const participants = Array.isArray(value.participants) ? value.participants.filter(isText) : [];
  const characters = (Array.isArray(value.characters) ? value.characters : []).flatMap((c: unknown) =>
    isRecord(c) && isText(c.uuid) && isText(c.name) ? [{ uuid: c.uuid, name: c.name }] : [],
  );
  const nominations: unknown[] = Array.isArray(value.nominations) ? value.nominations : [];
  const evidence = (Array.isArray(value.evidence) ? value.evidence : []).flatMap((e: unknown) => {
    if (!isRecord(e) || !isText(e.uuid)) return [];
    const drives = isRecord(e.drives) ? e.drives : {};
    const line = (v: unknown): string => (isText(v) ? v : "");
    return [{ uuid: e.uuid, drives: { belief: line(drives.belief), goal: line(drives.goal), instinct: line(drives.instinct) }, traits: (Array.isArray(e.traits) ? e.traits : []).filter(isText), tests: parseHistory(e.tests) }];
  });
  const base = {
    id: value.id,
    status: value.status,
    openedAt: value.openedAt,
    closedAt: isTime(value.closedAt) ? value.closedAt : null,
    participants,
    characters,
    evidence,
    applied: value.applied === true,
  } as const;
  if (value.kind === "rewards") {
    const parsed = nominations.flatMap((n) => {
      const nomination = parseNominationBase(n);
      const award = isRecord(n) ? REWARD_AWARDS.find((a) => a.key === n.award)?.key : undefined;
      return nomination && award ? [{ ...nomination, award }] : [];
    });
    return { ...base, kind: "rewards", since: isTime(value.since) ? value.since : 0, nominations: parsed };
  }
  if (value.kind === "traits") {
    const traits = (Array.isArray(value.traits) ? value.traits : []).flatMap((t: unknown) => (isRecord(t) && isText(t.id) && isText(t.name) ? [{ id: t.id, name: t.name }] : []));
    const parsed = nominations.flatMap((n) => {
      const nomination = parseNominationBase(n);
      const change = isRecord(n) ? parseChange(n.change) : null;
      return nomination && change ? [{ ...nomination, change }] : [];
    });
    return { ...base, kind: "traits", traits, nominations: parsed };
  }
  return null;
}
