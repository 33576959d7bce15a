import { describe, expect, it } from "vitest";
import { REWARD_AWARDS } from "../../src/rules";
import { characterRewards, addRewardHistory, rewardHistoryEntry, rewriteDrives, parseRewardHistory } from "../../src/session/reward-results";
import {
  castVote,
  closeVote,
  nominateReward,
  nominateTrait,
  openRewardVote,
  openTraitVote,
  parseVoteState,
  rewardOutcome,
  setParticipant,
  traitOutcome,
  votedOn,
  type RewardVoteState,
  type TraitVoteState,
  type Transition,
  type VoteState,
} from "../../src/session/vote-state";

const GM = { id: "gm", isGM: true };
const ANA = { id: "ana", isGM: false };
const BRUNO = { id: "bruno", isGM: false };
const CARLA = { id: "carla", isGM: false };
const TABLE = [GM, ANA, BRUNO, CARLA];
const CHARACTERS = [
  { uuid: "Actor.sela", name: "Sela" },
  { uuid: "Actor.brom", name: "Brom" },
  { uuid: "Actor.ivy", name: "Ivy" },
];

function ok<T extends VoteState>(result: Transition<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.problem.key}`);
  return result.state;
}
const refused = (result: Transition<VoteState>): string => (result.ok ? "accepted" : result.problem.key);

const open = (): RewardVoteState => ok(openRewardVote({ id: "v1", now: 100, since: 50, participants: TABLE.map((u) => u.id), characters: CHARACTERS }));

function vote(state: RewardVoteState, nominationId: string, yes: readonly { id: string; isGM: boolean }[], no: readonly { id: string; isGM: boolean }[] = []): RewardVoteState {
  let next = state;
  for (const voter of yes) next = ok(castVote(next, voter, nominationId, true));
  for (const voter of no) next = ok(castVote(next, voter, nominationId, false));
  return next;
}

describe("reward vote: nominations", () => {
  it("records a nomination with its nominator and cleaned reason", () => {
    const state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "actOnBelief", reason: "  held   the bridge " }));
    expect(state.nominations).toEqual([{ id: "n1", by: "ana", actorUuid: "Actor.brom", award: "actOnBelief", reason: "held the bridge", votes: {} }]);
  });

  it("refuses, changing nothing: a non-participant, a non-player character, an unknown award, an award nominated twice, a long reason", () => {
    const start = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "actOnBelief", reason: "" }));
    const frozen = structuredClone(start);
    expect(refused(nominateReward(start, { id: "eve", isGM: false }, { id: "n2", actorUuid: "Actor.brom", award: "mvp", reason: "" }))).toBe("GOLDHACK.Session.Error.NotParticipant");
    expect(refused(nominateReward(start, ANA, { id: "n2", actorUuid: "Actor.goblin", award: "mvp", reason: "" }))).toBe("GOLDHACK.Session.Error.NotPlayerCharacter");
    expect(refused(nominateReward(start, ANA, { id: "n2", actorUuid: "Actor.brom", award: "bestHat", reason: "" }))).toBe("GOLDHACK.Session.Error.UnknownAward");
    expect(refused(nominateReward(start, BRUNO, { id: "n2", actorUuid: "Actor.brom", award: "actOnBelief", reason: "" }))).toBe("GOLDHACK.Session.Error.AwardNominatedTwice");
    expect(refused(nominateReward(start, ANA, { id: "n2", actorUuid: "Actor.brom", award: "mvp", reason: "x".repeat(201) }))).toBe("GOLDHACK.Session.Error.ReasonTooLong");
    expect(start).toEqual(frozen);
  });

  // SRD (en, lines 361, 391): "a simple majority wins"; "Only one can be the MVP. No one can be MVP & Workhorse at
  // the same time." One nomination must not block another: if it fails its vote, the other may still win.
  it("lets nominations for one award, and for awards that exclude each other, stand side by side", () => {
    for (const a of REWARD_AWARDS) {
      for (const b of REWARD_AWARDS) {
        const first = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.sela", award: a.key, reason: "" }));
        const other = a.key === b.key ? "Actor.brom" : "Actor.sela";
        expect(nominateReward(first, BRUNO, { id: "n2", actorUuid: other, award: b.key, reason: "" }).ok, `${a.key} then ${b.key}`).toBe(true);
      }
    }
  });

  it("a failed MVP nomination leaves the other to win; with both passed the one with more yes votes wins, and the card says why", () => {
    let state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.sela", award: "mvp", reason: "" }));
    state = ok(nominateReward(state, BRUNO, { id: "n2", actorUuid: "Actor.brom", award: "mvp", reason: "" }));
    const oneFails = rewardOutcome(vote(vote(state, "n1", [ANA], [GM, BRUNO, CARLA]), "n2", [GM, ANA, BRUNO]));
    expect(oneFails.mvp).toBe("Actor.brom");
    expect(oneFails.tally.problems).toEqual([]);
    const bothPass = rewardOutcome(vote(vote(state, "n1", [GM, ANA, BRUNO, CARLA]), "n2", [GM, ANA, BRUNO]));
    expect(bothPass.mvp).toBe("Actor.sela");
    expect(bothPass.tally.problems).toEqual([{ key: "GOLDHACK.Rewards.UniqueAwardLost", data: { award: "GOLDHACK.Rewards.Award.Mvp", player: "Brom", winner: "Sela" } }]);
    const even = rewardOutcome(vote(vote(state, "n1", [GM, ANA, BRUNO]), "n2", [GM, ANA, CARLA]));
    expect(even.mvp).toBeNull();
    expect(even.tally.problems).toEqual([{ key: "GOLDHACK.Rewards.UniqueAwardContested", data: { award: "GOLDHACK.Rewards.Award.Mvp", players: "Sela, Brom" } }]);
  });

  it("MVP and Workhorse both passed for one character: the one with more yes votes is granted, named on the card", () => {
    let state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.sela", award: "mvp", reason: "" }));
    state = ok(nominateReward(state, BRUNO, { id: "n2", actorUuid: "Actor.sela", award: "workhorse", reason: "" }));
    const outcome = rewardOutcome(vote(vote(state, "n1", [GM, ANA, BRUNO]), "n2", [GM, ANA, BRUNO, CARLA]));
    expect(outcome.awards["Actor.sela"]).toEqual(["workhorse"]);
    expect(outcome.tally.problems).toEqual([
      { key: "GOLDHACK.Rewards.MvpAndWorkhorseLost", data: { player: "Sela", kept: "GOLDHACK.Rewards.Award.Workhorse", dropped: "GOLDHACK.Rewards.Award.Mvp" } },
    ]);
  });
});

describe("reward vote: votes", () => {
  const nominated = () => ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "actOnBelief", reason: "" }));

  it("records a vote, allows a change before the close, refuses the same vote twice", () => {
    const yes = ok(castVote(nominated(), BRUNO, "n1", true));
    expect(yes.nominations[0]?.votes).toEqual({ bruno: true });
    expect(refused(castVote(yes, BRUNO, "n1", true))).toBe("GOLDHACK.Session.Error.AlreadyYes");
    expect(ok(castVote(yes, BRUNO, "n1", false)).nominations[0]?.votes).toEqual({ bruno: false });
  });

  it("refuses a non-participant, an unknown nomination, a non-boolean vote, and any vote after the close", () => {
    const state = nominated();
    expect(refused(castVote(state, { id: "eve", isGM: false }, "n1", true))).toBe("GOLDHACK.Session.Error.NotParticipant");
    expect(refused(castVote(state, ANA, "nope", true))).toBe("GOLDHACK.Session.Error.UnknownNomination");
    expect(refused(castVote(state, ANA, "n1", "yes"))).toBe("GOLDHACK.Session.Error.BadVote");
    const closed = ok(closeVote(state, GM, 200));
    expect(refused(castVote(closed, ANA, "n1", true))).toBe("GOLDHACK.Session.Error.Closed");
    expect(refused(nominateReward(closed, ANA, { id: "n2", actorUuid: "Actor.sela", award: "mvp", reason: "" }))).toBe("GOLDHACK.Session.Error.Closed");
  });

  it("shows who voted, never how", () => {
    const state = ok(castVote(nominated(), CARLA, "n1", false));
    expect(votedOn(state, "n1")).toEqual({ voted: ["carla"], waiting: ["gm", "ana", "bruno"] });
  });

  it("lets only the GM close, once", () => {
    const state = nominated();
    expect(refused(closeVote(state, ANA, 200))).toBe("GOLDHACK.Session.Error.NotGM");
    const closed = ok(closeVote(state, GM, 200));
    expect(closed).toMatchObject({ status: "closed", closedAt: 200 });
    expect(refused(closeVote(closed, GM, 300))).toBe("GOLDHACK.Session.Error.AlreadyClosed");
  });

  it("lets the GM add and remove participants; a removed participant's votes go with them", () => {
    let state = ok(castVote(nominated(), CARLA, "n1", true));
    expect(refused(setParticipant(state, ANA, "carla", false))).toBe("GOLDHACK.Session.Error.NotGM");
    state = ok(setParticipant(state, GM, "carla", false));
    expect(state.participants).toEqual(["gm", "ana", "bruno"]);
    expect(state.nominations[0]?.votes).toEqual({});
    expect(refused(setParticipant(state, GM, "ana", true))).toBe("GOLDHACK.Session.Error.AlreadyParticipant");
    expect(ok(setParticipant(state, GM, "dora", true)).participants).toContain("dora");
    const alone = ok(openRewardVote({ id: "v", now: 0, since: 0, participants: ["gm"], characters: CHARACTERS }));
    expect(refused(setParticipant(alone, GM, "gm", false))).toBe("GOLDHACK.Session.Error.LastParticipant");
  });
});

describe("reward vote: outcome (SRD: Rewards)", () => {
  it("needs more than half of all participants: silence counts as no", () => {
    let state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "actOnBelief", reason: "" }));
    state = ok(nominateReward(state, ANA, { id: "n2", actorUuid: "Actor.sela", award: "pursueGoal", reason: "" }));
    state = ok(nominateReward(state, ANA, { id: "n3", actorUuid: "Actor.ivy", award: "invokeInstinct", reason: "" }));
    state = vote(state, "n1", [GM, ANA, BRUNO]); // 3 of 4 yes
    state = vote(state, "n2", [ANA, BRUNO], [CARLA]); // 2 of 4: not more than half
    // n3: one yes among four participants, three silent
    state = vote(state, "n3", [CARLA]);
    const outcome = rewardOutcome(ok(closeVote(state, GM, 1)));
    expect(outcome.awards).toEqual({ "Actor.sela": [], "Actor.brom": ["actOnBelief"], "Actor.ivy": [] });
  });

  it("names the MVP and the Workhorse", () => {
    let state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "mvp", reason: "" }));
    state = ok(nominateReward(state, ANA, { id: "n2", actorUuid: "Actor.ivy", award: "workhorse", reason: "" }));
    state = vote(vote(state, "n1", TABLE), "n2", [GM, ANA, CARLA]);
    const outcome = rewardOutcome(state);
    expect([outcome.mvp, outcome.workhorse]).toEqual(["Actor.brom", "Actor.ivy"]);
  });

  it("applies awards up to Potential and reports what the cap swallowed", () => {
    let state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "actOnBelief", reason: "" }));
    state = ok(nominateReward(state, ANA, { id: "n2", actorUuid: "Actor.brom", award: "invokeInstinct", reason: "" }));
    state = ok(nominateReward(state, ANA, { id: "n3", actorUuid: "Actor.brom", award: "betrayBelief", reason: "" }));
    for (const id of ["n1", "n2", "n3"]) state = vote(state, id, TABLE);
    const [brom] = characterRewards(rewardOutcome(state), [{ uuid: "Actor.brom", name: "Brom", points: { fate: 3, persona: 9, potential: 4 } }]);
    // Persona above Potential (a hand edit) counts as at it.
    expect(brom).toMatchObject({ awards: ["actOnBelief", "invokeInstinct", "betrayBelief"], fate: 4, fateGained: 1, fateLost: 1, persona: 4, personaGained: 0, personaLost: 1 });
  });

  it("keeps one history entry per vote", () => {
    const reward = { uuid: "a", name: "A", awards: ["mvp" as const], fate: 1, persona: 2, fateGained: 0, personaGained: 1, fateLost: 0, personaLost: 0 };
    const once = addRewardHistory([], rewardHistoryEntry("v1", 10, reward));
    expect(addRewardHistory(once, rewardHistoryEntry("v1", 20, reward))).toEqual(once);
    expect(parseRewardHistory([...once, { voteId: 3 }, null])).toEqual(once);
  });
});

describe("Trait Vote (SRD: Changes › The Trait Vote)", () => {
  const traitVote = (): TraitVoteState =>
    ok(openTraitVote({ id: "t1", now: 0, participants: TABLE.map((u) => u.id), character: { uuid: "Actor.sela", name: "Sela" }, traits: [{ id: "tr1", name: "Stubborn" }] }));

  it("nominates a new Trait, a change and a removal; refuses one nominated twice, an unknown or nameless one", () => {
    let state = ok(nominateTrait(traitVote(), ANA, { id: "a", actorUuid: "Actor.sela", change: { kind: "add", name: " Scarred ", description: "From the fire" }, reason: "" }));
    expect(state.nominations[0]?.change).toEqual({ kind: "add", name: "Scarred", description: "From the fire" });
    state = ok(nominateTrait(state, BRUNO, { id: "b", actorUuid: "Actor.sela", change: { kind: "change", itemId: "tr1", name: "Headstrong", description: "" }, reason: "" }));
    expect(state.nominations[1]?.change).toEqual({ kind: "change", itemId: "tr1", from: "Stubborn", name: "Headstrong", description: "" });
    expect(refused(nominateTrait(state, CARLA, { id: "c", actorUuid: "Actor.sela", change: { kind: "remove", itemId: "tr1" }, reason: "" }))).toBe("GOLDHACK.Session.Error.TraitNominatedTwice");
    expect(refused(nominateTrait(state, CARLA, { id: "c", actorUuid: "Actor.sela", change: { kind: "add", name: "scarred" }, reason: "" }))).toBe("GOLDHACK.Session.Error.TraitNominatedTwice");
    expect(refused(nominateTrait(state, CARLA, { id: "c", actorUuid: "Actor.sela", change: { kind: "remove", itemId: "zz" }, reason: "" }))).toBe("GOLDHACK.Session.Error.UnknownTrait");
    expect(refused(nominateTrait(state, CARLA, { id: "c", actorUuid: "Actor.sela", change: { kind: "add", name: "  " }, reason: "" }))).toBe("GOLDHACK.Session.Error.TraitNameMissing");
    expect(refused(nominateTrait(state, CARLA, { id: "c", actorUuid: "Actor.brom", change: { kind: "add", name: "Tall" }, reason: "" }))).toBe("GOLDHACK.Session.Error.NotPlayerCharacter");
  });

  it("grants only on a unanimous yes of all participants; a missing vote or one no refuses", () => {
    let state = ok(nominateTrait(traitVote(), ANA, { id: "a", actorUuid: "Actor.sela", change: { kind: "add", name: "Scarred", description: "" }, reason: "" }));
    state = ok(nominateTrait(state, ANA, { id: "b", actorUuid: "Actor.sela", change: { kind: "remove", itemId: "tr1" }, reason: "" }));
    state = ok(nominateTrait(state, ANA, { id: "c", actorUuid: "Actor.sela", change: { kind: "add", name: "Kind", description: "" }, reason: "" }));
    for (const voter of TABLE) state = ok(castVote(state, voter, "a", true));
    for (const voter of [GM, ANA, BRUNO]) state = ok(castVote(state, voter, "b", true));
    for (const voter of [GM, ANA, BRUNO]) state = ok(castVote(state, voter, "c", true));
    state = ok(castVote(state, CARLA, "c", false));
    expect(traitOutcome(ok(closeVote(state, GM, 1))).map((o) => [o.nomination.id, o.granted, o.missing, o.against])).toEqual([
      ["a", true, [], []],
      ["b", false, ["carla"], []],
      ["c", false, [], ["carla"]],
    ]);
  });
});

describe("stored state and Drives", () => {
  it("reads back what it wrote, and nothing from damage", () => {
    const state = ok(nominateReward(open(), ANA, { id: "n1", actorUuid: "Actor.brom", award: "mvp", reason: "r" }));
    expect(parseVoteState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseVoteState({ id: "x" })).toBeNull();
    expect(parseVoteState(null)).toBeNull();
  });

  it("keeps the previous Drives when they are rewritten, and nothing when unchanged", () => {
    const before = { belief: "B", goal: "G", instinct: "I" };
    expect(rewriteDrives(before, { belief: " B ", goal: "G", instinct: "I" }, [], 5)).toBeNull();
    expect(rewriteDrives(before, { belief: "B2", goal: "G", instinct: "I" }, [], 5)).toEqual({
      drives: { belief: "B2", goal: "G", instinct: "I" },
      history: [{ date: 5, belief: "B", goal: "G", instinct: "I" }],
    });
  });
});
