import { describe, expect, it } from "vitest";
import { addHistoryEntry, parseHistory, TEST_HISTORY_LIMIT, withOutcome, type TestHistoryEntry } from "../../src/data/test-history";

const entry = (n: number, overrides: Partial<TestHistoryEntry> = {}): TestHistoryEntry => ({
  messageId: `msg${n}`,
  messageUuid: `ChatMessage.msg${n}`,
  kind: "skill",
  skillId: "swords",
  skillName: "Swords",
  ob: 2,
  intent: `Intent ${n}`,
  task: `Task ${n}`,
  outcome: n % 2 ? "passed" : "failed",
  timestamp: 1000 + n,
  sceneId: "scene1",
  memory: 0,
  requestId: null,
  ...overrides,
});

describe("test history (pure)", () => {
  it("keeps the last N, newest first", () => {
    let history: TestHistoryEntry[] = [];
    for (let n = 1; n <= TEST_HISTORY_LIMIT + 5; n++) history = addHistoryEntry(history, entry(n));
    expect(history).toHaveLength(TEST_HISTORY_LIMIT);
    expect(history[0]?.messageId).toBe(`msg${TEST_HISTORY_LIMIT + 5}`);
    expect(history.at(-1)?.messageId).toBe("msg6");
    expect(history.map((e) => e.timestamp)).toEqual([...history.map((e) => e.timestamp)].sort((a, b) => b - a));
  });

  it("honours a smaller limit and refuses a nonsense one", () => {
    const history = [1, 2, 3].reduce<TestHistoryEntry[]>((h, n) => addHistoryEntry(h, entry(n), 2), []);
    expect(history.map((e) => e.messageId)).toEqual(["msg3", "msg2"]);
    expect(() => addHistoryEntry([], entry(1), 0)).toThrow(RangeError);
  });

  it("records a card once: recording it again replaces its entry", () => {
    const once = addHistoryEntry(addHistoryEntry([], entry(1)), entry(2));
    const again = addHistoryEntry(once, entry(1, { outcome: "failed", timestamp: 1001 }));
    expect(again.map((e) => e.messageId)).toEqual(["msg2", "msg1"]);
    expect(again.find((e) => e.messageId === "msg1")?.outcome).toBe("failed");
  });

  it("sorts an out-of-order entry by its time, not by when it was added", () => {
    const history = addHistoryEntry(addHistoryEntry([], entry(5)), entry(3));
    expect(history.map((e) => e.messageId)).toEqual(["msg5", "msg3"]);
  });

  it("reads stored data defensively: damaged entries dropped, defaults filled, order restored", () => {
    const stored: unknown = [
      entry(1),
      { messageId: "", kind: "skill", ob: 1, timestamp: 5, outcome: "passed" },
      { messageId: "x", kind: "dance", ob: 1, timestamp: 5, outcome: "passed" },
      { messageId: "y", kind: "skill", ob: -1, timestamp: 5, outcome: "passed" },
      { messageId: "z", kind: "potential", ob: 2, timestamp: 2000, outcome: "failed" },
      "nonsense",
    ];
    const history = parseHistory(stored);
    expect(history.map((e) => e.messageId)).toEqual(["z", "msg1"]);
    expect(history[0]).toMatchObject({ messageUuid: "ChatMessage.z", intent: "", task: "", sceneId: null, memory: 0, skillId: null, requestId: null });
    expect(parseHistory(undefined)).toEqual([]);
    expect(parseHistory({ 0: entry(1) })).toEqual([]);
  });

  it("corrects one card's outcome, and says when there is nothing to change", () => {
    const history = [entry(2), entry(1)];
    const flipped = withOutcome(history, "msg2", "passed");
    expect(flipped?.map((e) => e.outcome)).toEqual(["passed", "passed"]);
    expect(history[0]?.outcome).toBe("failed");
    expect(withOutcome(history, "msg1", "passed")).toBeNull();
    expect(withOutcome(history, "nope", "passed")).toBeNull();
  });
});
