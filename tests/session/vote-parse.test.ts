/**
 * A vote opened and a vote read back from the world setting, pinned exactly (issue 27: `npm run mutate`
 * covers each procedure's state module). Only the GM writes the setting, so anything damaged reads as
 * nothing rather than a guess. SRD: Rewards; Changes › The Trait Vote
 */
import { describe, expect, it } from "vitest";
import { castVote, nominateReward, nominateTrait, openRewardVote, openTraitVote, parseVoteState, setParticipant, type RewardVoteState, type TraitVoteState } from "../../src/session/vote-state";

const characters = [{ uuid: "Actor.a", name: "Sela" }];
const evidence = [{ uuid: "Actor.a", drives: { belief: "B", goal: "G", instinct: "I" }, traits: ["Quick"], tests: [] }];

describe("opening a vote", () => {
  it("a reward vote: every field, the evidence copied", () => {
    const made = openRewardVote({ id: "v1", now: 100, since: 50, participants: ["gm", "ana"], characters: [{ uuid: "Actor.a", name: "Sela", extra: 1 } as never], evidence });
    expect(made).toEqual({
      ok: true,
      state: { kind: "rewards", id: "v1", status: "open", openedAt: 100, closedAt: null, since: 50, participants: ["gm", "ana"], characters, evidence, nominations: [], applied: false },
    });
    if (made.ok) expect(made.state.evidence[0]).not.toBe(evidence[0]);
    expect(openRewardVote({ id: "v", now: 0, since: 0, participants: ["gm"], characters })).toMatchObject({ ok: true, state: { evidence: [] } });
  });

  it("needs participants, each named once, and characters to reward", () => {
    const none = { ok: false, problem: { key: "GOLDHACK.Session.Error.NoParticipants" } };
    for (const participants of [[], [""], ["gm", "gm"], ["gm", 3 as never]]) {
      expect(openRewardVote({ id: "v", now: 0, since: 0, participants, characters }), JSON.stringify(participants)).toEqual(none);
      expect(openTraitVote({ id: "v", now: 0, participants, character: characters[0] as never, traits: [] })).toEqual(none);
    }
    expect(openRewardVote({ id: "v", now: 0, since: 0, participants: ["gm"], characters: [] })).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.NoCharacters" } });
  });

  it("a Trait Vote: its one character and its Traits", () => {
    expect(openTraitVote({ id: "t1", now: 7, participants: ["gm"], character: { uuid: "Actor.a", name: "Sela", x: 1 } as never, traits: [{ id: "i1", name: "Quick", y: 2 } as never], evidence })).toEqual({
      ok: true,
      state: { kind: "traits", id: "t1", status: "open", openedAt: 7, closedAt: null, participants: ["gm"], characters, evidence, traits: [{ id: "i1", name: "Quick" }], nominations: [], applied: false },
    });
    expect(openTraitVote({ id: "t1", now: 7, participants: ["gm"], character: characters[0] as never, traits: [] })).toMatchObject({ ok: true, state: { evidence: [] } });
  });
});

describe("a vote read back", () => {
  const stored = {
    kind: "rewards",
    id: "v1",
    status: "closed",
    openedAt: 100,
    closedAt: 200,
    since: 50,
    participants: ["gm", 3, "ana"],
    characters: [{ uuid: "Actor.a", name: "Sela" }, { uuid: "Actor.b" }, "x", { uuid: 1, name: "N" }],
    evidence: [
      { uuid: "Actor.a", drives: { belief: "B", goal: 2 }, traits: ["Quick", 4], tests: "none" },
      { uuid: 5 },
      "e",
      { uuid: "Actor.b", drives: "x" },
    ],
    nominations: [
      { id: "n1", by: "ana", actorUuid: "Actor.a", award: "mvp", reason: "Saved us", votes: { gm: true, ana: false, bruno: "yes" } },
      { id: "n2", by: "ana", actorUuid: "Actor.a", award: "nonsense" },
      { id: "n3", by: "ana", actorUuid: "Actor.a", award: "workhorse", reason: 5, votes: [true] },
      { id: 4, by: "ana", actorUuid: "Actor.a", award: "mvp" },
      { id: "n5", actorUuid: "Actor.a", award: "mvp" },
      { id: "n6", by: "ana", award: "mvp" },
      "n7",
    ],
    applied: true,
  };

  it("keeps what is well formed and drops the rest, entry by entry", () => {
    expect(parseVoteState(stored)).toEqual({
      kind: "rewards",
      id: "v1",
      status: "closed",
      openedAt: 100,
      closedAt: 200,
      since: 50,
      participants: ["gm", "ana"],
      characters: [{ uuid: "Actor.a", name: "Sela" }],
      evidence: [
        { uuid: "Actor.a", drives: { belief: "B", goal: "", instinct: "" }, traits: ["Quick"], tests: [] },
        { uuid: "Actor.b", drives: { belief: "", goal: "", instinct: "" }, traits: [], tests: [] },
      ],
      nominations: [
        { id: "n1", by: "ana", actorUuid: "Actor.a", award: "mvp", reason: "Saved us", votes: { gm: true, ana: false } },
        { id: "n3", by: "ana", actorUuid: "Actor.a", award: "workhorse", reason: "", votes: {} },
      ],
      applied: true,
    });
  });

  it("reads missing lists as empty, a missing close or start time as none, and applied only when true", () => {
    expect(parseVoteState({ kind: "rewards", id: "v", status: "open", openedAt: 0, closedAt: Number.NaN, applied: "yes" })).toEqual({
      kind: "rewards",
      id: "v",
      status: "open",
      openedAt: 0,
      closedAt: null,
      since: 0,
      participants: [],
      characters: [],
      evidence: [],
      nominations: [],
      applied: false,
    });
    expect(parseVoteState({ ...stored, since: "50" })).toMatchObject({ since: 0 });
    expect(parseVoteState({ ...stored, since: 0 })).toMatchObject({ since: 0 });
    expect(parseVoteState({ ...stored, nominations: "n" })).toMatchObject({ nominations: [] });
  });

  it("reads a Trait Vote's Traits and each kind of change", () => {
    const traits = {
      kind: "traits",
      id: "t1",
      status: "open",
      openedAt: 1,
      traits: [{ id: "i1", name: "Quick" }, { id: "i2" }, { name: "x" }, 3],
      nominations: [
        { id: "a", by: "ana", actorUuid: "Actor.a", change: { kind: "add", name: "Tall", description: 3 } },
        { id: "b", by: "ana", actorUuid: "Actor.a", change: { kind: "add", name: "" } },
        { id: "c", by: "ana", actorUuid: "Actor.a", change: { kind: "remove", itemId: "i1", from: "Quick" } },
        { id: "d", by: "ana", actorUuid: "Actor.a", change: { kind: "remove", itemId: "i1" } },
        { id: "e", by: "ana", actorUuid: "Actor.a", change: { kind: "change", itemId: "i1", from: "Quick", name: "Quicker", description: "Very" } },
        { id: "f", by: "ana", actorUuid: "Actor.a", change: { kind: "change", itemId: "i1", from: "Quick", name: "" } },
        { id: "g", by: "ana", actorUuid: "Actor.a", change: { kind: "rename", itemId: "i1", from: "Quick", name: "Q" } },
        { id: "h", by: "ana", actorUuid: "Actor.a", change: "add" },
        { id: "i", by: "ana", actorUuid: "Actor.a" },
        { id: "j", by: "ana", actorUuid: "Actor.a", change: { kind: "remove", itemId: 3, from: "Quick" } },
        { id: 11, by: "ana", actorUuid: "Actor.a", change: { kind: "add", name: "Tall" } },
      ],
    };
    expect(parseVoteState(traits)).toEqual({
      kind: "traits",
      id: "t1",
      status: "open",
      openedAt: 1,
      closedAt: null,
      participants: [],
      characters: [],
      evidence: [],
      traits: [{ id: "i1", name: "Quick" }],
      nominations: [
        { id: "a", by: "ana", actorUuid: "Actor.a", reason: "", votes: {}, change: { kind: "add", name: "Tall", description: "" } },
        { id: "c", by: "ana", actorUuid: "Actor.a", reason: "", votes: {}, change: { kind: "remove", itemId: "i1", from: "Quick" } },
        { id: "e", by: "ana", actorUuid: "Actor.a", reason: "", votes: {}, change: { kind: "change", itemId: "i1", from: "Quick", name: "Quicker", description: "Very" } },
      ],
      applied: false,
    });
    expect(parseVoteState({ ...traits, traits: "Quick" })).toMatchObject({ traits: [] });
  });

  it("reads nothing from a value that is not a vote", () => {
    const bad: unknown[] = [null, "v", [], { ...stored, id: 1 }, { ...stored, status: "done" }, { ...stored, openedAt: "100" }, { ...stored, openedAt: Number.POSITIVE_INFINITY }, { ...stored, kind: "other" }, { ...stored, kind: undefined }];
    for (const value of bad) expect(parseVoteState(value), JSON.stringify(value)).toBeNull();
  });
});


const S = "GOLDHACK.Session.Error.";
const GMV = { id: "gm", isGM: true };
const ANA = { id: "ana", isGM: false };
const okState = <T>(r: { ok: true; state: T } | { ok: false; problem: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  return r.state;
};
const rewards = (): RewardVoteState => okState(openRewardVote({ id: "v", now: 0, since: 0, participants: ["gm", "ana"], characters: [...characters, { uuid: "Actor.b", name: "Brom" }] }));
const traitVote = (): TraitVoteState => okState(openTraitVote({ id: "t", now: 0, participants: ["gm", "ana"], character: characters[0] as never, traits: [{ id: "i1", name: "Quick" }, { id: "i2", name: "Tall" }] }));

describe("the GM's participants", () => {
  it("adds and removes a user, with her votes, and keeps the last one", () => {
    let state = okState(nominateReward(rewards(), ANA, { id: "n1", actorUuid: "Actor.a", award: "mvp", reason: "" }));
    state = okState(castVote(state, ANA, "n1", true));
    state = okState(castVote(state, GMV, "n1", false));
    const without = okState(setParticipant(state, GMV, "ana", false));
    expect(without.participants).toEqual(["gm"]);
    expect(without.nominations[0]?.votes).toEqual({ gm: false });
    expect(state.nominations[0]?.votes).toEqual({ ana: true, gm: false });
    expect(okState(setParticipant(state, GMV, "bruno", true)).participants).toEqual(["gm", "ana", "bruno"]);
    expect(setParticipant(state, ANA, "bruno", true)).toEqual({ ok: false, problem: { key: `${S}NotGM` } });
    expect(setParticipant({ ...state, status: "closed" }, GMV, "bruno", true)).toEqual({ ok: false, problem: { key: `${S}Closed` } });
    expect(setParticipant(state, GMV, "", true)).toEqual({ ok: false, problem: { key: `${S}UnknownUser` } });
    expect(setParticipant(state, GMV, 3 as never, true)).toEqual({ ok: false, problem: { key: `${S}UnknownUser` } });
    expect(setParticipant(state, GMV, "ana", true)).toEqual({ ok: false, problem: { key: `${S}AlreadyParticipant` } });
    expect(setParticipant(state, GMV, "bruno", false)).toEqual({ ok: false, problem: { key: `${S}NotParticipant` } });
    expect(setParticipant(without, GMV, "gm", false)).toEqual({ ok: false, problem: { key: `${S}LastParticipant` } });
  });
});

describe("a reward nomination", () => {
  it("is written whole, its reason tidied; refused with its data otherwise", () => {
    const state = okState(nominateReward(rewards(), ANA, { id: "n1", actorUuid: "Actor.a", award: "mvp", reason: "  Saved   us " }));
    expect(state.nominations).toEqual([{ id: "n1", by: "ana", actorUuid: "Actor.a", award: "mvp", reason: "Saved us", votes: {} }]);
    expect(okState(nominateReward(rewards(), ANA, { id: "n1", actorUuid: "Actor.a", award: "mvp", reason: 3 as never })).nominations[0]?.reason).toBe("");
    expect(nominateReward({ ...rewards(), status: "closed" }, ANA, { id: "n", actorUuid: "Actor.a", award: "mvp", reason: "" })).toEqual({ ok: false, problem: { key: `${S}Closed` } });
    expect(nominateReward(rewards(), { id: "zoe", isGM: false }, { id: "n", actorUuid: "Actor.a", award: "mvp", reason: "" })).toEqual({ ok: false, problem: { key: `${S}NotParticipant` } });
    expect(nominateReward(rewards(), ANA, { id: "n", actorUuid: "Actor.z", award: "mvp", reason: "" })).toEqual({ ok: false, problem: { key: `${S}NotPlayerCharacter` } });
    expect(nominateReward(rewards(), ANA, { id: "n", actorUuid: "Actor.a", award: "best", reason: "" })).toEqual({ ok: false, problem: { key: `${S}UnknownAward` } });
    expect(nominateReward(rewards(), ANA, { id: "n", actorUuid: "Actor.a", award: "mvp", reason: "x".repeat(201) })).toEqual({ ok: false, problem: { key: `${S}ReasonTooLong`, data: { max: 200 } } });
    expect(okState(nominateReward(rewards(), ANA, { id: "n", actorUuid: "Actor.a", award: "mvp", reason: "x".repeat(200) })).nominations).toHaveLength(1);
    expect(nominateReward(state, GMV, { id: "n2", actorUuid: "Actor.a", award: "mvp", reason: "" })).toEqual({ ok: false, problem: { key: `${S}AwardNominatedTwice`, data: { award: "GOLDHACK.Rewards.Award.Mvp", character: "Sela" } } });
    // The same award for another character, another award for her: side by side.
    expect(okState(nominateReward(state, GMV, { id: "n2", actorUuid: "Actor.b", award: "mvp", reason: "" })).nominations).toHaveLength(2);
    expect(okState(nominateReward(state, GMV, { id: "n2", actorUuid: "Actor.a", award: "workhorse", reason: "" })).nominations).toHaveLength(2);
    expect(nominateReward(state, GMV, { id: "n1", actorUuid: "Actor.b", award: "mvp", reason: "" })).toEqual({ ok: false, problem: { key: `${S}NominationExists` } });
  });
});

describe("a Trait nomination", () => {
  const nominate = (state: TraitVoteState, id: string, change: unknown, reason: unknown = "") => nominateTrait(state, ANA, { id, actorUuid: "Actor.a", change, reason: reason as string });

  it("adds, changes or removes, tidied, with its Trait read from the vote", () => {
    expect(okState(nominate(traitVote(), "a", { kind: "add", name: "  Very   loud ", description: " Always " })).nominations[0]).toEqual({ id: "a", by: "ana", actorUuid: "Actor.a", change: { kind: "add", name: "Very loud", description: "Always" }, reason: "", votes: {} });
    expect(okState(nominate(traitVote(), "c", { kind: "change", itemId: "i1", name: "Quicker" }, " why ")).nominations[0]).toMatchObject({ change: { kind: "change", itemId: "i1", from: "Quick", name: "Quicker", description: "" }, reason: "why" });
    expect(okState(nominate(traitVote(), "r", { kind: "remove", itemId: "i2", name: "ignored" })).nominations[0]?.change).toEqual({ kind: "remove", itemId: "i2", from: "Tall" });
    // Renaming a Trait to its own name in another case is no clash with itself.
    expect(okState(nominate(traitVote(), "c", { kind: "change", itemId: "i1", name: "QUICK" })).nominations).toHaveLength(1);
  });

  it("is refused with the problem it has", () => {
    const p = (key: string, data?: Record<string, unknown>) => ({ ok: false, problem: data ? { key: `${S}${key}`, data } : { key: `${S}${key}` } });
    expect(nominate(traitVote(), "x", { kind: "remove", itemId: "zz" })).toEqual(p("UnknownTrait"));
    expect(nominate(traitVote(), "x", { kind: "change", itemId: "zz", name: "A" })).toEqual(p("UnknownTrait"));
    expect(nominate(traitVote(), "x", { kind: "rename", itemId: "i1", name: "A" })).toEqual(p("UnknownChange"));
    expect(nominate(traitVote(), "x", "add")).toEqual(p("UnknownChange"));
    expect(nominate(traitVote(), "x", null)).toEqual(p("UnknownChange"));
    expect(nominate(traitVote(), "x", { kind: "add", name: "   " })).toEqual(p("TraitNameMissing"));
    expect(nominate(traitVote(), "x", { kind: "add", name: 5 })).toEqual(p("TraitNameMissing"));
    expect(nominate(traitVote(), "x", { kind: "add", name: "x".repeat(81) })).toEqual(p("TraitNameTooLong", { max: 80 }));
    expect(okState(nominate(traitVote(), "x", { kind: "add", name: "x".repeat(80), description: "d".repeat(600) })).nominations).toHaveLength(1);
    expect(nominate(traitVote(), "x", { kind: "add", name: "A", description: "d".repeat(601) })).toEqual(p("TraitDescriptionTooLong", { max: 600 }));
    expect(nominate(traitVote(), "x", { kind: "add", name: "A" }, "r".repeat(201))).toEqual(p("ReasonTooLong", { max: 200 }));
    expect(nominateTrait(traitVote(), ANA, { id: "x", actorUuid: "Actor.b", change: { kind: "add", name: "A" }, reason: "" })).toEqual(p("NotPlayerCharacter"));
    expect(nominateTrait({ ...traitVote(), status: "closed" }, ANA, { id: "x", actorUuid: "Actor.a", change: { kind: "add", name: "A" }, reason: "" })).toEqual(p("Closed"));
    expect(nominate(traitVote(), "x", { kind: "add", name: "tall" })).toEqual(p("TraitExists", { trait: "tall" }));
    expect(nominate(traitVote(), "x", { kind: "change", itemId: "i1", name: "TALL" })).toEqual(p("TraitExists", { trait: "TALL" }));
    const withAdd = okState(nominate(traitVote(), "a", { kind: "add", name: "Loud" }));
    expect(nominate(withAdd, "b", { kind: "add", name: "LOUD" })).toEqual(p("TraitNominatedTwice", { trait: "LOUD" }));
    expect(nominate(withAdd, "b", { kind: "change", itemId: "i1", name: "loud" })).toEqual(p("TraitNamed", { trait: "loud" }));
    expect(nominate(withAdd, "a", { kind: "add", name: "Soft" })).toEqual(p("NominationExists"));
    const withChange = okState(nominate(traitVote(), "c", { kind: "change", itemId: "i1", name: "Quicker" }));
    expect(nominate(withChange, "d", { kind: "remove", itemId: "i1" })).toEqual(p("TraitNominatedTwice", { trait: "Quick" }));
    expect(okState(nominate(withChange, "d", { kind: "remove", itemId: "i2" })).nominations).toHaveLength(2);
    expect(okState(nominate(withChange, "d", { kind: "add", name: "Brave" })).nominations).toHaveLength(2);
    const withRemove = okState(nominate(traitVote(), "r", { kind: "remove", itemId: "i2" }));
    // A removal proposes no name: adding a new one of another name still stands beside it.
    expect(okState(nominate(withRemove, "a", { kind: "add", name: "Brave" })).nominations).toHaveLength(2);
  });
});
