import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyRewardAwards,
  checkRewardGrants,
  REWARD_AWARDS,
  tallyRewardVotes,
  type RewardAwardKey,
  type RewardVote,
  type RewardVoting,
} from "../../src/rules/rewards";
import type { Problem } from "../../src/rules/types";
import * as rules from "../../src/rules";

const GM = "gm";
const PLAYERS = ["ana", "bruno", "carla"];
const TABLE = [GM, ...PLAYERS];

/** Votes on one nomination: voters saying yes, voters saying no. */
function ballot(award: RewardAwardKey, player: string, yes: string[], no: string[] = []): RewardVote[] {
  return [...yes.map((voter) => ({ voter, player, award, approve: true })), ...no.map((voter) => ({ voter, player, award, approve: false }))];
}
const voting = (votes: RewardVote[], extra: Partial<RewardVoting> = {}): RewardVoting => ({ participants: TABLE, players: PLAYERS, votes, ...extra });

describe("REWARD_AWARDS (SRD: Rewards)", () => {
  it("lists three Fate awards and four Persona awards, in SRD order", () => {
    expect(REWARD_AWARDS.map((a) => `${a.key}:${a.currency}`)).toEqual([
      "actOnBelief:fate",
      "pursueGoal:fate",
      "invokeInstinct:fate",
      "accomplishGoal:persona",
      "betrayBelief:persona",
      "mvp:persona",
      "workhorse:persona",
    ]);
    expect(REWARD_AWARDS.filter((a) => a.unique).map((a) => a.key)).toEqual(["mvp", "workhorse"]);
  });

  it("has a label in English and Spanish for every award", () => {
    for (const lang of ["en", "es"]) {
      const labels = JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8")).GOLDHACK.Rewards.Award;
      for (const a of REWARD_AWARDS) expect(labels[a.label.split(".").pop() ?? ""], `${lang} ${a.key}`).toBeTypeOf("string");
    }
  });
});

describe("tallyRewardVotes: simple majority", () => {
  it("passes a nomination with more than half of the votes cast", () => {
    const tally = tallyRewardVotes(voting(ballot("actOnBelief", "ana", [GM, "bruno", "carla"], ["ana"])));
    expect(tally.nominations).toEqual([{ player: "ana", award: "actOnBelief", yes: 3, no: 1, needed: 3, passed: true }]);
    expect(tally.granted).toEqual([{ player: "ana", award: "actOnBelief" }]);
    expect(tally.problems).toEqual([]);
  });

  it("fails a nomination with fewer yes than no", () => {
    const tally = tallyRewardVotes(voting(ballot("pursueGoal", "bruno", ["bruno"], [GM, "ana", "carla"])));
    expect(tally.nominations[0]).toMatchObject({ yes: 1, no: 3, needed: 3, passed: false });
    expect(tally.granted).toEqual([]);
    expect(tally.problems).toEqual([]);
  });

  it("reports an even split as a tie and grants nothing (never guesses)", () => {
    const tally = tallyRewardVotes(voting(ballot("invokeInstinct", "carla", [GM, "carla"], ["ana", "bruno"])));
    expect(tally.granted).toEqual([]);
    expect(tally.problems).toEqual([{ key: "GOLDHACK.Rewards.VoteTied", data: { player: "carla", award: "invokeInstinct", yes: 2, no: 2 } }]);
  });

  it("counts against all participants by default: one yes among five silent participants fails", () => {
    const participants = [...TABLE, "dani", "eva"];
    const players = [...PLAYERS, "dani", "eva"];
    const tally = tallyRewardVotes({ participants, players, votes: ballot("actOnBelief", "ana", ["bruno"]) });
    expect(tally.nominations).toEqual([{ player: "ana", award: "actOnBelief", yes: 1, no: 0, needed: 4, passed: false }]);
    expect(tally.granted).toEqual([]);
    expect(tally.problems).toEqual([]);
    // Four of six is more than half: it passes with the two silent.
    const four = tallyRewardVotes({ participants, players, votes: ballot("actOnBelief", "ana", [GM, "bruno", "carla", "dani"]) });
    expect(four.granted).toEqual([{ player: "ana", award: "actOnBelief" }]);
  });

  it("can count only the votes cast instead: abstentions do not count", () => {
    const votes = ballot("accomplishGoal", "ana", [GM, "bruno"], ["carla"]);
    expect(tallyRewardVotes(voting(votes, { majority: "votesCast" })).granted).toEqual([{ player: "ana", award: "accomplishGoal" }]);
    const one = tallyRewardVotes(voting(ballot("accomplishGoal", "ana", ["bruno"]), { majority: "votesCast" }));
    expect(one.nominations[0]).toMatchObject({ needed: 1, passed: true });
  });

  it("silence counts as no against all participants, explicitly asked for", () => {
    const votes = ballot("accomplishGoal", "ana", [GM, "bruno"], ["carla"]);
    const tally = tallyRewardVotes(voting(votes, { majority: "allParticipants" }));
    expect(tally.nominations[0]).toMatchObject({ yes: 2, no: 1, needed: 3, passed: false });
    // 2 of 4 participants is exactly half: a tie, silence counted with the no.
    expect(tally.problems).toEqual([{ key: "GOLDHACK.Rewards.VoteTied", data: { player: "ana", award: "accomplishGoal", yes: 2, no: 2 } }]);
    const three = tallyRewardVotes(voting(ballot("accomplishGoal", "ana", [GM, "bruno", "carla"]), { majority: "allParticipants" }));
    expect(three.granted).toEqual([{ player: "ana", award: "accomplishGoal" }]);
  });

  it("with an odd table, a bare majority passes", () => {
    const participants = [...TABLE, "dani"];
    const players = [...PLAYERS, "dani"];
    const tally = tallyRewardVotes({ participants, players, votes: ballot("betrayBelief", "dani", [GM, "ana", "bruno"], ["carla", "dani"]) });
    expect(tally.nominations[0]).toMatchObject({ needed: 3, passed: true });
  });

  it("lets a player vote on their own award and the GM vote like everyone", () => {
    const tally = tallyRewardVotes(voting(ballot("betrayBelief", "bruno", ["bruno", GM, "ana"], [])));
    expect(tally.granted).toEqual([{ player: "bruno", award: "betrayBelief" }]);
  });

  it("tallies a whole session in SRD award order, then player order", () => {
    const tally = tallyRewardVotes(
      voting([
        ...ballot("mvp", "carla", TABLE),
        ...ballot("actOnBelief", "bruno", TABLE),
        ...ballot("actOnBelief", "ana", TABLE),
        ...ballot("workhorse", "ana", [GM, "bruno", "carla"], ["ana"]),
      ]),
    );
    expect(tally.granted).toEqual([
      { player: "ana", award: "actOnBelief" },
      { player: "bruno", award: "actOnBelief" },
      { player: "carla", award: "mvp" },
      { player: "ana", award: "workhorse" },
    ]);
    expect(tally.problems).toEqual([]);
  });
});

describe("MVP and Workhorse: only one each, never the same player", () => {
  it("withholds an MVP that passed for two players and reports it", () => {
    const tally = tallyRewardVotes(voting([...ballot("mvp", "ana", TABLE), ...ballot("mvp", "bruno", TABLE), ...ballot("pursueGoal", "ana", TABLE)]));
    expect(tally.granted).toEqual([{ player: "ana", award: "pursueGoal" }]);
    expect(tally.problems).toEqual([{ key: "GOLDHACK.Rewards.UniqueAwardContested", data: { award: "mvp", players: "ana, bruno" } }]);
  });

  it("withholds both when one player wins MVP and Workhorse", () => {
    const tally = tallyRewardVotes(voting([...ballot("mvp", "carla", TABLE), ...ballot("workhorse", "carla", TABLE)]));
    expect(tally.granted).toEqual([]);
    expect(tally.problems).toEqual([{ key: "GOLDHACK.Rewards.MvpAndWorkhorse", data: { player: "carla" } }]);
  });

  it("reports every conflict at once", () => {
    const tally = tallyRewardVotes(
      voting([...ballot("mvp", "ana", TABLE), ...ballot("mvp", "bruno", TABLE), ...ballot("workhorse", "ana", TABLE), ...ballot("workhorse", "carla", TABLE)]),
    );
    expect(tally.granted).toEqual([]);
    // Ana's MVP and Workhorse are both withheld as contested: she holds neither, so no MVP-and-Workhorse clash is left.
    expect(tally.problems).toEqual([
      { key: "GOLDHACK.Rewards.UniqueAwardContested", data: { award: "mvp", players: "ana, bruno" } },
      { key: "GOLDHACK.Rewards.UniqueAwardContested", data: { award: "workhorse", players: "ana, carla" } },
    ]);
  });

  // Ruling: ruling-award-conflicts. SRD (en, line 391): "Only one can be the MVP. No one can be MVP & Workhorse at the same time."
  it("settles a conflict by yes votes: the one with more wins, each other is withheld naming the winner", () => {
    const most = tallyRewardVotes(voting([...ballot("mvp", "ana", TABLE), ...ballot("mvp", "bruno", TABLE.slice(0, 3))]));
    expect(most.granted).toEqual([{ player: "ana", award: "mvp" }]);
    expect(most.problems).toEqual([{ key: "GOLDHACK.Rewards.UniqueAwardLost", data: { award: "mvp", player: "bruno", winner: "ana" } }]);
    const pair = checkRewardGrants([
      { player: "ana", award: "pursueGoal", yes: 3 },
      { player: "ana", award: "accomplishGoal", yes: 4 },
    ]);
    expect(pair.granted).toEqual([{ player: "ana", award: "accomplishGoal" }]);
    expect(pair.problems).toEqual([{ key: "GOLDHACK.Rewards.PursueAndAccomplishGoalLost", data: { player: "ana", kept: "accomplishGoal", dropped: "pursueGoal" } }]);
  });

  it("withholds Pursue and Accomplish Your Goal when both pass for one player, and reports it", () => {
    const tally = tallyRewardVotes(
      voting([...ballot("accomplishGoal", "ana", TABLE), ...ballot("pursueGoal", "ana", TABLE), ...ballot("pursueGoal", "bruno", TABLE)]),
    );
    expect(tally.granted).toEqual([{ player: "bruno", award: "pursueGoal" }]);
    expect(tally.problems).toEqual([{ key: "GOLDHACK.Rewards.PursueAndAccomplishGoal", data: { player: "ana" } }]);
  });

  it("lets one player accomplish their Goal while another pursues theirs", () => {
    const result = checkRewardGrants([
      { player: "ana", award: "pursueGoal" },
      { player: "bruno", award: "accomplishGoal" },
    ]);
    expect(result.granted).toEqual([
      { player: "ana", award: "pursueGoal" },
      { player: "bruno", award: "accomplishGoal" },
    ]);
    expect(result.problems).toEqual([]);
  });

  it("checkRewardGrants gives a repeated award once and reports it", () => {
    const result = checkRewardGrants([
      { player: "ana", award: "actOnBelief" },
      { player: "ana", award: "actOnBelief" },
      { player: "bruno", award: "actOnBelief" },
    ]);
    expect(result.granted).toEqual([
      { player: "ana", award: "actOnBelief" },
      { player: "bruno", award: "actOnBelief" },
    ]);
    expect(result.problems).toEqual([{ key: "GOLDHACK.Rewards.AwardRepeated", data: { player: "ana", award: "actOnBelief" } }]);
  });

  it("checkRewardGrants rejects malformed grants", () => {
    expect(() => checkRewardGrants([{ player: "", award: "mvp" }])).toThrow(/grants\[0\]\.player/);
    expect(() => checkRewardGrants([{ player: "ana", award: "hero" as RewardAwardKey }])).toThrow(/grants\[0\]\.award/);
    expect(() => checkRewardGrants("ana" as never)).toThrow(RangeError);
  });
});

describe("tallyRewardVotes: bad input throws RangeError naming it", () => {
  const good = ballot("actOnBelief", "ana", [GM]);
  it.each([
    ["voting.votes[0].voter", voting([{ voter: "zoe", player: "ana", award: "actOnBelief", approve: true }])],
    ["voting.votes[0].player", voting([{ voter: GM, player: GM, award: "actOnBelief", approve: true }])],
    ["voting.votes[0].award", voting([{ voter: GM, player: "ana", award: "hero" as RewardAwardKey, approve: true }])],
    ["voting.votes[0].approve", voting([{ voter: GM, player: "ana", award: "mvp", approve: "yes" as unknown as boolean }])],
    ["voting.votes[1] repeats gm's vote", voting([...good, { ...good[0], approve: false } as RewardVote])],
    ["voting.participants[1] repeats", voting(good, { participants: [GM, GM] })],
    ["voting.participants must not be empty", voting([], { participants: [] })],
    ["voting.players[0]", voting(good, { players: [""] })],
    ["voting.majority", voting(good, { majority: "unanimous" as never })],
    ["voting.votes must be an array", voting(null as never)],
    ["voting must be an object", null],
  ])("%s", (name, input) => {
    const call = (): unknown => tallyRewardVotes(input as RewardVoting);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(name);
  });
});

describe("applyRewardAwards: never above Potential", () => {
  it("adds one point per award to its currency", () => {
    expect(applyRewardAwards({ fate: 0, persona: 0, potential: 5 }, ["actOnBelief", "pursueGoal", "betrayBelief"])).toEqual({
      fate: 2,
      persona: 1,
      fateGained: 2,
      personaGained: 1,
      fateLost: 0,
      personaLost: 0,
    });
  });

  it("caps at Potential and reports the points lost", () => {
    // An Adult (Potential 3) with Fate 2 earns three Fate awards and two Persona.
    expect(
      applyRewardAwards({ fate: 2, persona: 2, potential: 3 }, ["actOnBelief", "pursueGoal", "invokeInstinct", "betrayBelief", "mvp"]),
    ).toEqual({ fate: 3, persona: 3, fateGained: 1, personaGained: 1, fateLost: 2, personaLost: 1 });
    // An Elder already at Potential 2 gains nothing.
    expect(applyRewardAwards({ fate: 2, persona: 0, potential: 2 }, ["invokeInstinct"])).toMatchObject({ fate: 2, fateGained: 0, fateLost: 1 });
  });

  it("changes nothing without awards", () => {
    expect(applyRewardAwards({ fate: 1, persona: 1, potential: 3 }, [])).toEqual({ fate: 1, persona: 1, fateGained: 0, personaGained: 0, fateLost: 0, personaLost: 0 });
  });

  it.each([
    ["points.fate", { fate: 4, persona: 0, potential: 3 }, []],
    ["points.persona", { fate: 0, persona: -1, potential: 3 }, []],
    ["points.potential", { fate: 0, persona: 0, potential: 1.5 }, []],
    ["awards[1] repeats actOnBelief", { fate: 0, persona: 0, potential: 3 }, ["actOnBelief", "actOnBelief"]],
    ["awards[0]", { fate: 0, persona: 0, potential: 3 }, ["hero"]],
    ["awards holds both mvp and workhorse", { fate: 0, persona: 0, potential: 3 }, ["mvp", "workhorse"]],
    ["awards holds both pursueGoal and accomplishGoal", { fate: 0, persona: 0, potential: 3 }, ["accomplishGoal", "pursueGoal"]],
    ["awards must be an array", { fate: 0, persona: 0, potential: 3 }, "mvp"],
    ["points must be an object", null, []],
  ])("throws RangeError naming %s", (name, points, awards) => {
    const call = (): unknown => applyRewardAwards(points as never, awards as never);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(name);
  });
});

describe("reward problems are localised", () => {
  type Tree = { [key: string]: string | Tree };
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };

  it("in English and Spanish, with placeholders matching each problem's data", () => {
    const problems: Problem[] = [
      ...tallyRewardVotes(voting(ballot("invokeInstinct", "carla", [GM, "carla"], ["ana", "bruno"]))).problems,
      ...tallyRewardVotes(voting([...ballot("mvp", "ana", TABLE), ...ballot("mvp", "bruno", TABLE), ...ballot("workhorse", "ana", TABLE)])).problems,
      ...checkRewardGrants([
        { player: "ana", award: "mvp" },
        { player: "ana", award: "mvp" },
        { player: "bruno", award: "pursueGoal" },
        { player: "bruno", award: "accomplishGoal" },
      ]).problems,
      ...checkRewardGrants([
        { player: "ana", award: "mvp", yes: 3 },
        { player: "bruno", award: "mvp", yes: 2 },
        { player: "carla", award: "mvp", yes: 1 },
        { player: "ana", award: "workhorse", yes: 1 },
        { player: "bruno", award: "pursueGoal", yes: 2 },
        { player: "bruno", award: "accomplishGoal", yes: 1 },
        { player: "carla", award: "workhorse" },
        { player: "carla", award: "actOnBelief" },
      ]).problems,
      ...checkRewardGrants([
        { player: "dora", award: "mvp", yes: 2 },
        { player: "dora", award: "workhorse", yes: 2 },
      ]).problems,
    ];
    expect(new Set(problems.map((p) => p.key)).size).toBe(8);
    for (const lang of ["en", "es"]) {
      const tree = JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8")) as Tree;
      for (const problem of problems) {
        const message = lookup(tree, problem.key);
        expect(message, `${lang} ${problem.key}`).toBeTypeOf("string");
        const placeholders = new Set([...(message ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
        expect(placeholders, `${lang} ${problem.key}`).toEqual(new Set(Object.keys(problem.data ?? {})));
      }
    }
  });

  it("is exported from the rules index", () => {
    expect(rules.tallyRewardVotes).toBe(tallyRewardVotes);
    expect(rules.applyRewardAwards).toBe(applyRewardAwards);
  });
});

describe("rewards refuse names that are not strings (issue 19)", () => {
  it("a number among the participants or the players, or as a grant's player", () => {
    const call = (extra: Partial<RewardVoting>) => (): unknown => tallyRewardVotes(voting([], extra));
    expect(call({ participants: [GM, 7 as unknown as string] })).toThrow("voting.participants[1] must be a non-empty string");
    expect(call({ players: ["ana", 7 as unknown as string] })).toThrow("voting.players[1] must be a non-empty string");
    expect(() => checkRewardGrants([{ player: 7 as unknown as string, award: "mvp" }])).toThrow("grants[0].player must be a non-empty string");
  });
});

describe("rewards refuse malformed input with its exact message (issue 19)", () => {
  it("lists every award when an award is unknown", () => {
    expect(() => checkRewardGrants([{ player: "ana", award: "hero" as RewardAwardKey }])).toThrow(
      "grants[0].award must be one of actOnBelief, pursueGoal, invokeInstinct, accomplishGoal, betrayBelief, mvp, workhorse, got hero",
    );
  });

  it("names a list that is not an array, and a grant or vote that is not an object", () => {
    expect(() => tallyRewardVotes(voting([], { participants: "gm" as unknown as string[] }))).toThrow("voting.participants must be an array, got gm");
    expect(() => checkRewardGrants("ana" as never)).toThrow("grants must be an array, got ana");
    expect(() => checkRewardGrants([null as unknown as { player: string; award: RewardAwardKey }])).toThrow(RangeError);
    expect(() => tallyRewardVotes(voting([null as unknown as RewardVote]))).toThrow("voting.votes[0] must be an object");
    expect(() => tallyRewardVotes(voting([7 as unknown as RewardVote]))).toThrow("voting.votes[0] must be an object");
  });

  it("names a voting or points that is a string, not an object", () => {
    expect(() => tallyRewardVotes("ballot" as unknown as RewardVoting)).toThrow("voting must be an object, got ballot");
    expect(() => applyRewardAwards("fate" as never, [])).toThrow("points must be an object, got fate");
  });

  it("counting only votes cast, more no than yes fails", () => {
    const tally = tallyRewardVotes(voting(ballot("actOnBelief", "ana", ["bruno"], [GM, "carla"]), { majority: "votesCast" }));
    expect(tally.nominations).toEqual([{ player: "ana", award: "actOnBelief", yes: 1, no: 2, needed: 2, passed: false }]);
    expect(tally.granted).toEqual([]);
  });
});
