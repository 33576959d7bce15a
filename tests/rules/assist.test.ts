import { describe, expect, it } from "vitest";
import {
  assistLogs,
  resolveHelpfulTask,
  resolveHelpingAlternative,
  resolveHindering,
  resolveHinderingAlternative,
  resolveNeededTask,
  settleHinderingAlternative,
  type AssistHitsParticipant,
  type AssistParticipant,
} from "../../src/rules/assist";
import type { ResolvedTestShape } from "../../src/rules/validate";
import type { TestResult } from "../../src/rules/test";
import * as rules from "../../src/rules";

/** A resolved Test built from hits and Ob as the SRD counts it (SRD: Tests › 3) Dice Roll). */
function rolled(hits: number, ob: number): ResolvedTestShape {
  return { hits, passed: hits >= ob, extraHits: Math.max(0, hits - ob), remainingOb: Math.max(0, ob - hits) };
}
const who = (id: string, hits: number, ob: number): AssistParticipant => ({ id, result: rolled(hits, ob) });
const TIE = { key: "GOLDHACK.Assist.Tie" };

/** Every way a shared-roll function can be misused with a list of participants. */
function expectListMisuseRejected(fn: (list: readonly AssistParticipant[]) => unknown, list = "participants"): void {
  expect(() => fn([])).toThrow(/at least 1/);
  expect(() => fn(null as unknown as AssistParticipant[])).toThrow(/must be a list/);
  expect(() => fn([who("a", 1, 1), who("a", 2, 1)])).toThrow(/repeats "a"/);
  expect(() => fn([who("", 1, 1)])).toThrow(/id/);
  expect(() => fn([{ id: 7, result: rolled(1, 1) } as unknown as AssistParticipant])).toThrow(/id/);
  expect(() => fn([null as unknown as AssistParticipant])).toThrow(new RegExp(`${list}\\[0\\]`));
  for (const bad of [-1, 0.5, Number.NaN, "2", undefined]) {
    expect(() => fn([{ id: "a", result: { hits: bad, passed: true, extraHits: 0, remainingOb: 0 } } as unknown as AssistParticipant])).toThrow(
      new RegExp(`${list}\\[0\\]\\.result\\.hits`),
    );
    expect(() => fn([{ id: "a", result: { hits: 1, passed: true, extraHits: bad, remainingOb: 0 } } as unknown as AssistParticipant])).toThrow(
      new RegExp(`${list}\\[0\\]\\.result\\.extraHits`),
    );
    expect(() => fn([{ id: "a", result: { hits: 1, passed: false, extraHits: 0, remainingOb: bad } } as unknown as AssistParticipant])).toThrow(
      new RegExp(`${list}\\[0\\]\\.result\\.remainingOb`),
    );
  }
  // Contradictions: a pass with Ob left, a fail with extra hits, more extra hits than hits.
  expect(() => fn([{ id: "a", result: { hits: 1, passed: true, extraHits: 0, remainingOb: 1 } }])).toThrow(/passed/);
  expect(() => fn([{ id: "a", result: { hits: 3, passed: false, extraHits: 1, remainingOb: 0 } }])).toThrow(/passed/);
  expect(() => fn([{ id: "a", result: { hits: 1, passed: true, extraHits: 2, remainingOb: 0 } }])).toThrow(/extraHits/);
  expect(() => fn([{ id: "a", result: { hits: 1, passed: "yes", extraHits: 0, remainingOb: 0 } as unknown as ResolvedTestShape }])).toThrow(
    /passed/,
  );
}

describe("assistLogs: every player who rolled logs her Test (SRD: Alterations › Assisting & Hindering Other's Intents)", () => {
  it("lists every roller once, with her own outcome, in order", () => {
    expect(assistLogs([who("ana", 3, 2), who("bea", 1, 2), who("cai", 2, 2)])).toEqual([
      { id: "ana", outcome: "passed" },
      { id: "bea", outcome: "failed" },
      { id: "cai", outcome: "passed" },
    ]);
  });

  it("rejects misuse", () => expectListMisuseRejected(assistLogs));
});

describe("resolveNeededTask: the worst roll counts (SRD: Alterations › Assisting & Hindering Other's Intents)", () => {
  it("SRD example: scouts are hiding; anyone spotted spoils the stealth", () => {
    const scouts = [who("ana", 3, 2), who("bea", 1, 2), who("cai", 2, 2)];
    const answer = resolveNeededTask(scouts);
    expect(answer.countedId).toBe("bea");
    expect(answer.result).toEqual({ hits: 1, passed: false, extraHits: 0, remainingOb: 1 });
    expect(answer.logs).toEqual(assistLogs(scouts));
  });

  it("counts the roll with most Ob remaining, even when Obs differ", () => {
    // Dan misses Ob 5 by 1 and Eva misses Ob 2 by 2: Eva has fewer hits, but it is Ob remaining that counts.
    expect(resolveNeededTask([who("dan", 4, 5), who("eva", 0, 2)]).countedId).toBe("eva");
  });

  it("among passes only, counts the one with fewest extra hits", () => {
    expect(resolveNeededTask([who("a", 5, 2), who("b", 2, 2), who("c", 4, 2)]).countedId).toBe("b");
    expect(resolveNeededTask([who("a", 5, 2), who("b", 2, 2)]).result.passed).toBe(true);
  });

  it("names the first listed among equally bad rolls", () => {
    expect(resolveNeededTask([who("a", 1, 3), who("b", 2, 4), who("c", 5, 3)]).countedId).toBe("a");
    expect(resolveNeededTask([who("c", 5, 3), who("b", 2, 4), who("a", 1, 3)]).countedId).toBe("b");
  });

  it("works with one roller and returns a copy of the counted result", () => {
    const solo = who("solo", 2, 3);
    const answer = resolveNeededTask([solo]);
    expect(answer).toEqual({ countedId: "solo", result: rolled(2, 3), logs: [{ id: "solo", outcome: "failed" }] });
    expect(answer.result).not.toBe(solo.result);
  });

  it("rejects misuse", () => expectListMisuseRejected(resolveNeededTask));
});

describe("resolveHelpfulTask: the best roll counts (SRD: Alterations › Assisting & Hindering Other's Intents)", () => {
  it("SRD example: a scout distracting the enemy helps the others' stealth", () => {
    const rolls = [who("sneak", 2, 3), who("distract", 4, 2)];
    const answer = resolveHelpfulTask(rolls);
    expect(answer.countedId).toBe("distract");
    expect(answer.result).toEqual({ hits: 4, passed: true, extraHits: 2, remainingOb: 0 });
    expect(answer.logs).toEqual([
      { id: "sneak", outcome: "failed" },
      { id: "distract", outcome: "passed" },
    ]);
  });

  it("counts the roll with most extra hits, even with fewer hits", () => {
    // 5 hits vs Ob 4 (1 extra) loses to 3 hits vs Ob 1 (2 extra).
    expect(resolveHelpfulTask([who("a", 5, 4), who("b", 3, 1)]).countedId).toBe("b");
  });

  it("when nobody passed, counts the one closest to passing; a bare pass beats every fail", () => {
    expect(resolveHelpfulTask([who("a", 0, 3), who("b", 2, 3), who("c", 1, 3)]).countedId).toBe("b");
    expect(resolveHelpfulTask([who("a", 4, 5), who("b", 2, 2)]).countedId).toBe("b");
  });

  it("names the first listed among equally good rolls", () => {
    expect(resolveHelpfulTask([who("a", 3, 1), who("b", 4, 2)]).countedId).toBe("a");
  });

  it("rejects misuse", () => expectListMisuseRejected(resolveHelpfulTask));
});

describe("resolveHindering: extra hits reduce the opponent's hits (SRD: Alterations › Assisting & Hindering Other's Intents)", () => {
  it("reduces the target's hits by the hinderer's extra hits", () => {
    // Target 4 hits vs Ob 2; hinderer 3 hits vs Ob 2 has 1 extra: target keeps 3 hits, 1 extra.
    expect(resolveHindering(who("t", 4, 2), [who("h", 3, 2)])).toEqual({
      tie: false,
      targetId: "t",
      reducedBy: 1,
      result: { hits: 3, passed: true, extraHits: 1, remainingOb: 0 },
    });
  });

  it("can turn a pass into a failure with Ob remaining", () => {
    expect(resolveHindering(who("t", 3, 3), [who("h", 5, 2)])).toEqual({
      tie: false,
      targetId: "t",
      reducedBy: 3,
      result: { hits: 0, passed: false, extraHits: 0, remainingOb: 3 },
    });
    expect(resolveHindering(who("t", 3, 2), [who("h", 4, 1)])).toMatchObject({
      tie: false,
      result: { hits: 0, passed: false, extraHits: 0, remainingOb: 2 },
    });
  });

  it("never takes hits below zero and worsens an already failed roll", () => {
    expect(resolveHindering(who("t", 1, 4), [who("h", 6, 1)])).toMatchObject({ result: rolled(0, 4), reducedBy: 5 });
  });

  it("does nothing without extra hits: 'if any'", () => {
    expect(resolveHindering(who("t", 3, 2), [who("h", 2, 2)])).toEqual({ tie: false, targetId: "t", reducedBy: 0, result: rolled(3, 2) });
    expect(resolveHindering(who("t", 2, 2), [who("h", 0, 3)])).toEqual({ tie: false, targetId: "t", reducedBy: 0, result: rolled(2, 2) });
  });

  it("sums the extra hits of several hinderers", () => {
    expect(resolveHindering(who("t", 6, 2), [who("h1", 3, 2), who("h2", 4, 2), who("h3", 1, 2)])).toMatchObject({
      tie: false,
      reducedBy: 3,
      result: rolled(3, 2),
    });
  });

  it("marks a tie when the reduction exactly cancels the target's extra hits, deciding nothing", () => {
    const answer = resolveHindering(who("t", 4, 2), [who("h1", 3, 2), who("h0", 1, 2), who("h2", 3, 2)]);
    expect(answer).toEqual({ tie: true, targetId: "t", reducedBy: 2, tiedIds: ["t", "h1", "h2"], notice: TIE });
    expect("result" in answer).toBe(false);
  });

  it("SRD example: scouts trying to spot each other without being spotted (each hinders the other)", () => {
    const ana = who("ana", 4, 2);
    const bea = who("bea", 3, 2);
    // Ana's 2 extra hits beat Bea's 1: Bea fails to spot her, Ana still spots Bea.
    expect(resolveHindering(bea, [ana])).toMatchObject({ tie: false, result: { passed: false, remainingOb: 1 } });
    expect(resolveHindering(ana, [bea])).toMatchObject({ tie: false, result: { passed: true, extraHits: 1 } });
    // Equal extra hits: both sides are a tie, for Instincts or Traits.
    const cai = who("cai", 4, 2);
    expect(resolveHindering(ana, [cai])).toMatchObject({ tie: true, tiedIds: ["ana", "cai"] });
    expect(resolveHindering(cai, [ana])).toMatchObject({ tie: true, tiedIds: ["cai", "ana"] });
  });

  it("rejects misuse", () => {
    expectListMisuseRejected((list) => resolveHindering(who("t", 1, 1), list), "hinderers");
    expect(() => resolveHindering(who("t", 1, 1), [who("t", 3, 1)])).toThrow(/must not include the target/);
    expect(() => resolveHindering(null as unknown as AssistParticipant, [who("h", 1, 1)])).toThrow(/target/);
    expect(() => resolveHindering({ id: "", result: rolled(1, 1) }, [who("h", 1, 1)])).toThrow(/target\.id/);
    expect(() => resolveHindering({ id: "t", result: { hits: 1.5, passed: true, extraHits: 0, remainingOb: 0 } }, [who("h", 1, 1)])).toThrow(
      /target\.result\.hits/,
    );
  });
});

describe("resolveHelpingAlternative: most hits counts against the main Ob (SRD: Alterations › Alternative: Helping & Hindering)", () => {
  const hits = (id: string, n: number): AssistHitsParticipant => ({ id, hits: n });

  it("counts the roll with most hits and each roller logs hers against the main Ob", () => {
    expect(resolveHelpingAlternative([hits("a", 1), hits("b", 4), hits("c", 3)], 3)).toEqual({
      countedId: "b",
      result: { hits: 4, passed: true, extraHits: 1, remainingOb: 0 },
      logs: [
        { id: "a", outcome: "failed" },
        { id: "b", outcome: "passed" },
        { id: "c", outcome: "passed" },
      ],
    });
  });

  it("fails when even the best roll falls short", () => {
    expect(resolveHelpingAlternative([hits("a", 1), hits("b", 2)], 4)).toMatchObject({
      countedId: "b",
      result: { hits: 2, passed: false, extraHits: 0, remainingOb: 2 },
    });
  });

  it("names the first listed among equal hits, and works alone", () => {
    expect(resolveHelpingAlternative([hits("a", 2), hits("b", 2)], 2).countedId).toBe("a");
    expect(resolveHelpingAlternative([hits("solo", 0)], 1).result).toEqual(rolled(0, 1));
  });

  it("rejects misuse", () => {
    expect(() => resolveHelpingAlternative([], 2)).toThrow(/at least 1/);
    expect(() => resolveHelpingAlternative([hits("a", 1), hits("a", 1)], 2)).toThrow(/repeats/);
    for (const bad of [-1, 0.5, Number.NaN, "3", undefined]) {
      expect(() => resolveHelpingAlternative([hits("a", bad as number)], 2)).toThrow(/participants\[0\]\.hits/);
    }
    for (const bad of [0, -1, 2.5, Number.NaN, "3"]) {
      expect(() => resolveHelpingAlternative([hits("a", 1)], bad as number)).toThrow(/ob/);
    }
  });
});

describe("resolveHinderingAlternative: most hits succeeds (SRD: Alterations › Alternative: Helping & Hindering)", () => {
  const hits = (id: string, n: number): AssistHitsParticipant => ({ id, hits: n });

  it("the roll with most hits wins: it logs a pass, everyone else a fail", () => {
    expect(resolveHinderingAlternative([hits("a", 2), hits("b", 5), hits("c", 4)])).toEqual({
      tie: false,
      winnerId: "b",
      logs: [
        { id: "a", outcome: "failed" },
        { id: "b", outcome: "passed" },
        { id: "c", outcome: "failed" },
      ],
    });
  });

  it("marks a tie on the top score only, deciding nothing", () => {
    expect(resolveHinderingAlternative([hits("a", 3), hits("b", 1), hits("c", 3)])).toEqual({ tie: true, tiedIds: ["a", "c"], notice: TIE });
    expect(resolveHinderingAlternative([hits("a", 0), hits("b", 0)])).toEqual({ tie: true, tiedIds: ["a", "b"], notice: TIE });
  });

  it("settles a tie once Instincts or Traits name the winner", () => {
    const rolls = [hits("a", 3), hits("b", 1), hits("c", 3)];
    expect(settleHinderingAlternative(rolls, "c")).toEqual({
      tie: false,
      winnerId: "c",
      logs: [
        { id: "a", outcome: "failed" },
        { id: "b", outcome: "failed" },
        { id: "c", outcome: "passed" },
      ],
    });
    expect(() => settleHinderingAlternative(rolls, "b")).toThrow(/most hits/);
    expect(() => settleHinderingAlternative(rolls, "z")).toThrow(/not among/);
  });

  it("rejects misuse", () => {
    expect(() => resolveHinderingAlternative([])).toThrow(/at least 2/);
    expect(() => resolveHinderingAlternative([hits("a", 1)])).toThrow(/at least 2/);
    expect(() => resolveHinderingAlternative([hits("a", 1), hits("a", 2)])).toThrow(/repeats/);
    expect(() => resolveHinderingAlternative([hits("a", 1), hits("b", -2)])).toThrow(/participants\[1\]\.hits/);
    expect(() => resolveHinderingAlternative([hits("a", 1), { id: "", hits: 1 }])).toThrow(/participants\[1\]\.id/);
    expect(() => settleHinderingAlternative([hits("a", 1)], "a")).toThrow(/at least 2/);
  });
});

describe("fit with the Test module", () => {
  it("takes a TestResult as it comes (a compile-time check as much as a runtime one)", () => {
    const fromTest: TestResult = { hits: 2, passed: false, extraHits: 0, remainingOb: 1 };
    expect(resolveNeededTask([{ id: "a", result: fromTest }, who("b", 3, 1)]).countedId).toBe("a");
  });
});

describe("rules index", () => {
  it("re-exports assist", () => {
    expect(rules.resolveNeededTask).toBe(resolveNeededTask);
    expect(rules.resolveHinderingAlternative).toBe(resolveHinderingAlternative);
  });
});

describe("edges the mutation run found (issue 19)", () => {
  const hits = (id: string, n: number): AssistHitsParticipant => ({ id, hits: n });

  it("the helping alternative passes when the best helper's hits exactly equal the Ob", () => {
    expect(resolveHelpingAlternative([hits("a", 1), hits("b", 3)], 3)).toEqual({
      countedId: "b",
      result: { hits: 3, passed: true, extraHits: 0, remainingOb: 0 },
      logs: [
        { id: "a", outcome: "failed" },
        { id: "b", outcome: "passed" },
      ],
    });
  });

  it("refuses a hindering call where the target is among several hinderers, wherever it is listed", () => {
    const target = who("t", 3, 2);
    expect(() => resolveHindering(target, [who("h1", 3, 2), who("t", 1, 2)])).toThrow(/must not include the target "t"/);
    expect(() => resolveHindering(target, [who("t", 1, 2), who("h1", 3, 2)])).toThrow(/must not include the target "t"/);
  });

  it("refuses a failed result that claims extra hits, even when its Ob left agrees with the failure", () => {
    const bad = { id: "a", result: { hits: 3, passed: false, extraHits: 1, remainingOb: 1 } };
    expect(() => assistLogs([bad])).toThrow("participants[0].result.extraHits must be 0 on a failed Test");
  });

  it("refuses an id that is a number, not a string", () => {
    expect(() => resolveHelpingAlternative([{ id: 7, hits: 1 } as unknown as AssistHitsParticipant], 1)).toThrow(
      "participants[0].id must be a non-empty string, got 7",
    );
    expect(() => resolveHinderingAlternative([hits("a", 1), { id: 7, hits: 2 } as unknown as AssistHitsParticipant])).toThrow(
      "participants[1].id must be a non-empty string, got 7",
    );
    expect(() => resolveHindering({ id: 7, result: rolled(1, 1) } as unknown as AssistParticipant, [who("h", 1, 1)])).toThrow(
      "target.id must be a non-empty string, got 7",
    );
  });
});

describe("assisting refuses malformed input with its exact message (issue 19)", () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  const hits = (id: string, n: number): AssistHitsParticipant => ({ id, hits: n });

  it("names a list of hits that is not a list, or a roll in it that is not a participant", () => {
    expect(() => resolveHelpingAlternative("ana" as unknown as AssistHitsParticipant[], 2)).toThrow("participants must be a list, got ana");
    expect(() => resolveHelpingAlternative([hits("a", 1), 7 as unknown as AssistHitsParticipant], 2)).toThrow(
      "participants[1] must be a participant, got 7",
    );
    expect(() => resolveHinderingAlternative([hits("a", 1), null as unknown as AssistHitsParticipant])).toThrow(
      "participants[1] must be a participant, got null",
    );
  });

  it("names the participants when a settled alternative hindering has fewer than two", () => {
    expect(() => settleHinderingAlternative([hits("a", 2)], "a")).toThrow("participants must hold at least 2 roll(s), got 1");
  });

  it("names a target that is not a participant", () => {
    expect(() => resolveHindering("t" as unknown as AssistParticipant, [who("h", 1, 1)])).toThrow("target must be a participant, got t");
    expect(() => resolveHindering(null as unknown as AssistParticipant, [who("h", 1, 1)])).toThrow("target must be a participant, got null");
  });

  it("names hinderers' extra hits too many to count", () => {
    const huge = (id: string): AssistParticipant => ({ id, result: { hits: MAX, passed: true, extraHits: MAX, remainingOb: 0 } });
    expect(() => resolveHindering(who("t", 3, 2), [huge("h1"), huge("h2")])).toThrow(`hinderers' extra hits must be at most ${MAX}, got ${2 * MAX}`);
  });
});
