/**
 * The campaign log bench's session and its floor (issue 31, issue 32's floors). The session: 300 Tests by six
 * characters (Fate, Persona, Fallout, learning and advances sprinkled through), ten group Tests, a few changes,
 * and a closed reward vote. The floor: the same page text built by the pure `campaignLogPage` from the records
 * already collected, the rewards already tallied and the cards present already known, with no document read
 * or write. tests/bench/log-floor.test.ts checks that it gives the very text ours writes.
 */
import { campaignLogPage, type LogI18n, type LogPage, type LogRewards } from "../../src/campaign/log-page";
import type { GroupRecord, SessionRecord, SessionState, TestRecord } from "../../src/campaign/session-state";

export const BENCH_TESTS = 300;
export const ACTORS = 6;

/** The session's records, for actors named by `actorUuid(i)`, cards by `messageId(n)`. */
export function benchSession(actorUuid: (i: number) => string, messageId: (n: number) => string, at = Date.UTC(2026, 0, 10, 19)): SessionState {
  const records: SessionRecord[] = [];
  for (let n = 0; n < BENCH_TESTS; n++) {
    const a = n % ACTORS;
    const test: TestRecord = {
      kind: "test", key: messageId(n), at: at + n, messageId: messageId(n), actorUuid: actorUuid(a), actorName: `Character ${a + 1}`,
      testKind: n % 10 === 9 ? "potential" : "skill", skill: n % 10 === 9 ? "" : `Skill ${n % 7}`, intent: `Intent number ${n} <with & marks>`, task: "",
      ob: 1 + (n % 5), passed: n % 3 !== 0, fate: n % 11 === 0 ? 1 : 0, persona: n % 13 === 0 ? 2 : 0,
      fallout: n % 17 === 0 ? { name: `Fallout ${n}`, rating: 1 + (n % 3) } : null, recovery: n % 29 === 0 ? { name: `Fallout ${n - 29}`, passed: n % 2 === 0 } : null,
      learned: n % 37 === 0 ? `Skill ${n % 7}` : null, advanced: n % 41 === 0 ? { skill: `Skill ${n % 7}`, rating: 3 } : null, groupId: null, requestId: null,
    };
    records.push(test);
  }
  for (let g = 0; g < 10; g++) {
    const group: GroupRecord = {
      kind: "group", key: `g${g}`, at: at + 400 + g, messageId: messageId(BENCH_TESTS + g), mode: "helpful", intent: `Group intent ${g}`,
      parts: Array.from({ length: 3 }, (_, p) => ({ actorUuid: actorUuid((g + p) % ACTORS), actorName: `Character ${((g + p) % ACTORS) + 1}`, skill: `Skill ${p}` })), passed: g % 2 === 0,
    };
    records.push(group);
  }
  records.push({ kind: "trait", key: "t1", at: at + 500, actorUuid: actorUuid(0), actorName: "Character 1", text: "Stubborn" });
  records.push({ kind: "drive", key: "d1", at: at + 501, actorUuid: actorUuid(1), actorName: "Character 2", drive: "goal", text: "See the dam fall" });
  return {
    id: "bench-session", number: 12, status: "ended", startedAt: at, endedAt: at + 4 * 3600_000, voteId: null, logPage: null,
    participants: Array.from({ length: ACTORS + 1 }, (_, i) => ({ id: `u${i}`, name: i === 0 ? "Gamemaster" : `Player ${i}` })), records,
  };
}

export interface FloorInput {
  session: SessionState;
  rewards: readonly LogRewards[];
  messagesPresent: ReadonlySet<string>;
  lang: string;
}

/** The floor: the page text from what is already collected, nothing read from or written to documents. */
export function floorLogPage(input: FloorInput, i18n: LogI18n): LogPage {
  return campaignLogPage(input, i18n);
}
