import { describe, expect, it } from "vitest";
import { campaignLogPage, escapeLogText, type LogI18n } from "../../src/campaign/log-page";
import { ended, ending, evidenceTests, parseSession, startSession, withRecord, type SessionState, type TestRecord } from "../../src/campaign/session-state";

const i18n: LogI18n = {
  localize: (key) => key.split(".").pop() ?? key,
  format: (key, data) => `${key.split(".").pop() ?? key}(${Object.values(data).join("|")})`,
};

function test(id: string, at: number, over: Partial<TestRecord> = {}): TestRecord {
  return {
    kind: "test", key: `test:${id}`, at, messageId: id, actorUuid: "Actor.a", actorName: "Sela", testKind: "skill", skill: "Swords", intent: "Win", task: "", ob: 2, passed: true,
    fate: 0, persona: 0, fallout: null, recovery: null, learned: null, advanced: null, groupId: null, requestId: null, ...over,
  };
}

const started = (): SessionState => {
  const made = startSession({ id: "s1", now: 100, number: 1, participants: [{ id: "u1", name: "Ana" }, { id: "u1", name: "Ana" }] }, null);
  if (!made.ok) throw new Error("not started");
  return made.state;
};

describe("session state", () => {
  it("starts once: a second start while one runs or ends is refused; after the end a new one may start", () => {
    const s = started();
    expect(s.participants).toEqual([{ id: "u1", name: "Ana" }]);
    expect(startSession({ id: "s2", now: 200, number: 2, participants: [] }, s)).toEqual({ ok: false, problem: { key: "GOLDHACK.Campaign.Error.Running" } });
    const closing = ending(s, "v1");
    if (!closing.ok) throw new Error("not ending");
    expect(startSession({ id: "s2", now: 200, number: 2, participants: [] }, closing.state).ok).toBe(false);
    expect(startSession({ id: "s2", now: 200, number: 2, participants: [] }, ended(closing.state, 300)).ok).toBe(true);
  });

  it("keeps one record per card: the card seen again replaces it, at the time first seen; before the start, or after the end, nothing", () => {
    let s = started();
    s = withRecord(s, test("m1", 150)) ?? s;
    expect(withRecord(s, test("m1", 150))).toBeNull();
    const flipped = withRecord(s, test("m1", 400, { passed: false, fate: 1 }));
    expect(flipped?.records).toEqual([test("m1", 150, { passed: false, fate: 1 })]);
    expect(withRecord(s, test("m0", 50))).toBeNull();
    expect(withRecord(ended(s, 500), test("m2", 600))).toBeNull();
  });

  it("gives the vote the same records, newest first", () => {
    let s = started();
    for (const [id, at] of [["m1", 150], ["m2", 250]] as const) s = withRecord(s, test(id, at)) ?? s;
    expect(evidenceTests(s, "Actor.a").map((t) => t.messageId)).toEqual(["m2", "m1"]);
    expect(evidenceTests(s, "Actor.b")).toEqual([]);
  });

  it("reads a damaged or foreign stored value as no session, and drops damaged records", () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession({ id: "x" })).toBeNull();
    const read = parseSession({ ...started(), records: [test("m1", 150), { kind: "nonsense", key: "k", at: 1 }, { kind: "test" }] });
    expect(read?.records).toHaveLength(1);
  });
});

describe("the log page", () => {
  it("escapes what players typed, brackets and @ included, so it makes neither markup nor a link", () => {
    expect(escapeLogText('<b>@UUID[Actor.x]{y}</b>')).not.toMatch(/[<>@[\]{}]/);
    let s = started();
    s = withRecord(s, test("m1", 150, { intent: "<img src=x onerror=alert(1)> @UUID[Actor.evil]{Evil}" })) ?? s;
    const page = campaignLogPage({ session: s, rewards: [], messagesPresent: new Set(["m1"]), lang: "en", timeZone: "UTC" }, i18n);
    expect(page.content).not.toContain("<img");
    expect(page.content).not.toContain("@UUID[Actor.evil]");
    expect(page.content).toContain("@UUID[Actor.a]{Sela}");
    expect(page.content).toContain('data-message-id="m1"');
  });

  it("links only the cards still in the chat log", () => {
    let s = started();
    s = withRecord(s, test("m1", 150)) ?? s;
    const page = campaignLogPage({ session: s, rewards: [], messagesPresent: new Set(), lang: "en", timeZone: "UTC" }, i18n);
    expect(page.content).not.toContain("data-message-id");
    expect(page.content).toContain("Win");
  });

  it("names the session by its number and date, in the language given", () => {
    const s = ended(started(), Date.UTC(2026, 11, 2, 12));
    expect(campaignLogPage({ session: s, rewards: [], messagesPresent: new Set(), lang: "es", timeZone: "UTC" }, i18n).name).toBe("PageName(1|2 de diciembre de 2026)");
  });
});
