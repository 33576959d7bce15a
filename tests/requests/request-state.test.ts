/**
 * A request card's pure life, pinned exactly (issue 27: `npm run mutate` covers each procedure's state
 * module): what a request and a proposal hold, what the dialog opens with, which roll may answer it,
 * and what a stored card reads back as. SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The
 * Skill & The Obstacle
 */
import { describe, expect, it } from "vitest";
import {
  answeredCard,
  answerProblem,
  answerProposal,
  createProposal,
  createRequest,
  MAX_DECLARED_LENGTH,
  MAX_REQUEST_OB,
  parseRequestCard,
  type RequestCard,
  type RequestInput,
  revisedAnswerCard,
  type RolledTest,
  testRequestFor,
  withLearningType,
} from "../../src/requests/request-state";

const E = "GOLDHACK.Request.Error.";
const actor = { uuid: "Actor.a", name: "Sela" };
const input = (over: Partial<RequestInput> = {}): RequestInput => ({
  skill: { kind: "skill", id: "s1", name: " Stealth " },
  ob: 3,
  intent: "  Slip   past ",
  task: "Creep",
  consequence: "",
  allowSkillChange: false,
  allowObChange: false,
  ...over,
});
const value = <T>(r: { ok: true; value: T } | { ok: false; problems: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
};
const open = (over: Partial<RequestInput> = {}): RequestCard => value(createRequest(actor, input(over)));
const potential = (name = "Climb", type?: string): RequestCard => open({ skill: { kind: "potential", id: null, name, ...(type ? { type } : {}) } });
const rolled = (over: Partial<RolledTest> = {}): RolledTest => ({ requestId: "m1", actorUuid: "Actor.a", kind: "skill", skillId: "s1", ob: 3, passed: true, ...over });
const owner = { userId: "u1", ownsActor: true };

describe("creating a request", () => {
  it("tidies the declaration and the Skill's name, and locks what the GM did not free", () => {
    expect(open()).toEqual({
      origin: "request",
      status: "open",
      actorUuid: "Actor.a",
      actorName: "Sela",
      skill: { kind: "skill", id: "s1", name: "Stealth" },
      ob: 3,
      intent: "Slip past",
      task: "Creep",
      consequence: "",
      locked: { skill: true, ob: true },
      answer: null,
    });
    expect(open({ allowSkillChange: true }).locked).toEqual({ skill: false, ob: true });
    expect(open({ allowObChange: true }).locked).toEqual({ skill: true, ob: false });
    // Only Potential keeps the Type of the Skill it teaches.
    expect(potential("Climb", "expertise").skill).toEqual({ kind: "potential", id: null, name: "Climb", type: "expertise" });
    expect(open({ skill: { kind: "skill", id: "s1", name: "Stealth", type: "expertise" } }).skill).toEqual({ kind: "skill", id: "s1", name: "Stealth" });
    expect(potential("").skill).toEqual({ kind: "potential", id: null, name: "" });
  });

  it("takes an Ob from 1 to 99, text up to 200 characters, and a Skill by id or Potential without one", () => {
    const ob = { ok: false, problems: [{ key: `${E}Ob`, data: { max: MAX_REQUEST_OB } }] };
    for (const bad of [0, 100, 2.5, Number.NaN]) expect(createRequest(actor, input({ ob: bad })), String(bad)).toEqual(ob);
    expect(open({ ob: 1 }).ob).toBe(1);
    expect(open({ ob: 99 }).ob).toBe(99);
    expect(open({ intent: "x".repeat(MAX_DECLARED_LENGTH) }).intent).toHaveLength(200);
    const long = { ok: false, problems: [{ key: `${E}TooLong`, data: { max: 200 } }] };
    expect(createRequest(actor, input({ intent: "x".repeat(201) }))).toEqual(long);
    expect(createRequest(actor, input({ task: "x".repeat(201) }))).toEqual(long);
    expect(createRequest(actor, input({ consequence: "x".repeat(201) }))).toEqual(long);
    const skill = { ok: false, problems: [{ key: `${E}Skill` }] };
    expect(createRequest(actor, input({ skill: { kind: "skill", id: "", name: "" } }))).toEqual(skill);
    expect(createRequest(actor, input({ skill: { kind: "skill", id: null, name: "" } }))).toEqual(skill);
    expect(createRequest(actor, input({ skill: { kind: "potential", id: "s1", name: "" } }))).toEqual(skill);
    // Every problem at once.
    expect(createRequest(actor, input({ skill: { kind: "skill", id: "", name: "" }, ob: 0, task: "x".repeat(300) }))).toEqual({
      ok: false,
      problems: [{ key: `${E}Skill` }, { key: `${E}Ob`, data: { max: 99 } }, { key: `${E}TooLong`, data: { max: 200 } }],
    });
  });
});

describe("a proposal", () => {
  it("needs an Intent and a Task, and waits for the GM with nothing set", () => {
    expect(value(createProposal(actor, { intent: " Get in ", task: "Climb " }))).toEqual({
      origin: "proposal",
      status: "proposed",
      actorUuid: "Actor.a",
      actorName: "Sela",
      skill: null,
      ob: null,
      intent: "Get in",
      task: "Climb",
      consequence: "",
      locked: { skill: true, ob: true },
      answer: null,
    });
    expect(createProposal(actor, { intent: " ", task: "" })).toEqual({ ok: false, problems: [{ key: `${E}IntentBlank` }, { key: `${E}TaskBlank` }] });
    expect(createProposal(actor, { intent: "a", task: "x".repeat(201) })).toEqual({ ok: false, problems: [{ key: `${E}TooLong`, data: { max: 200 } }] });
  });

  it("becomes an open request once the GM answers it, once", () => {
    const proposed = value(createProposal(actor, { intent: "Get in", task: "Climb" }));
    const answered = value(answerProposal(proposed, input({ intent: "Get in quietly" })));
    expect(answered).toMatchObject({ origin: "proposal", status: "open", skill: { kind: "skill", id: "s1" }, ob: 3, intent: "Get in quietly" });
    expect(answerProposal(answered, input())).toEqual({ ok: false, problems: [{ key: `${E}NotProposed` }] });
    expect(answerProposal(proposed, input({ ob: 0 }))).toMatchObject({ ok: false, problems: [{ key: `${E}Ob` }] });
  });
});

describe("the Type of a Skill an untrained request teaches", () => {
  it("is fixed to the default only for a Potential request naming a Skill without one", () => {
    expect(withLearningType(potential("Climb"), "expertise").skill).toEqual({ kind: "potential", id: null, name: "Climb", type: "expertise" });
    for (const card of [potential("Climb", "lore"), potential(""), open()]) expect(withLearningType(card, "expertise")).toBe(card);
    expect(withLearningType(potential("Climb"), "")).toEqual(potential("Climb"));
    const proposed = value(createProposal(actor, { intent: "a", task: "b" }));
    expect(withLearningType(proposed, "expertise")).toBe(proposed);
  });
});

describe("what the Test dialog opens with", () => {
  it("a Skill request: its Skill, Ob, locks and declaration, and the card's id", () => {
    expect(testRequestFor(open({ consequence: "Caught" }), "m1")).toEqual({ kind: "skill", skillId: "s1", ob: 3, locked: { skill: true, ob: true }, intent: "Slip past", task: "Creep", consequence: "Caught", requestId: "m1" });
    expect(testRequestFor(open({ intent: "", task: "" }), "m1")).toEqual({ kind: "skill", skillId: "s1", ob: 3, locked: { skill: true, ob: true }, requestId: "m1" });
  });

  it("a Potential request: the Skill and Type it teaches when named", () => {
    expect(testRequestFor(potential("Climb", "expertise"), "m1")).toMatchObject({ kind: "potential", skillId: null, learnSkillName: "Climb", learnSkillType: "expertise" });
    const plain = testRequestFor(potential(""), "m1");
    expect(plain).not.toHaveProperty("learnSkillName");
    expect(plain).not.toHaveProperty("learnSkillType");
    expect(testRequestFor(potential("Climb"), "m1")).not.toHaveProperty("learnSkillType");
  });

  it("nothing for a proposal or an answered card", () => {
    expect(testRequestFor(value(createProposal(actor, { intent: "a", task: "b" })), "m1")).toBeNull();
    expect(testRequestFor(answeredCard(open(), "r1", rolled(), owner, 9), "m1")).toBeNull();
    expect(testRequestFor({ ...open(), ob: null }, "m1")).toBeNull();
  });
});

describe("which roll may answer a request", () => {
  it("the owner's roll for this card, this actor, the locked Skill and Ob", () => {
    expect(answerProblem(open(), "m1", rolled(), owner)).toBeNull();
    expect(answerProblem(open(), "m1", rolled({ requestId: "m2" }), owner)).toEqual({ key: `${E}OtherTest` });
    expect(answerProblem(open(), "m1", rolled({ requestId: undefined }), owner)).toEqual({ key: `${E}OtherTest` });
    expect(answerProblem(open(), "m1", rolled({ actorUuid: "Actor.b" }), owner)).toEqual({ key: `${E}OtherTest` });
    expect(answerProblem(open(), "m1", rolled(), { userId: "u2", ownsActor: false })).toEqual({ key: `${E}NotOwner`, data: { actor: "Sela" } });
    expect(answerProblem(open(), "m1", rolled({ skillId: "s2" }), owner)).toEqual({ key: `${E}SkillChanged` });
    expect(answerProblem(open(), "m1", rolled({ kind: "potential", skillId: "s1" }), owner)).toEqual({ key: `${E}SkillChanged` });
    expect(answerProblem(open(), "m1", rolled({ ob: 4 }), owner)).toEqual({ key: `${E}ObChanged`, data: { ob: 3 } });
  });

  it("what the GM freed may change", () => {
    expect(answerProblem(open({ allowSkillChange: true }), "m1", rolled({ skillId: "s2" }), owner)).toBeNull();
    expect(answerProblem(open({ allowObChange: true }), "m1", rolled({ ob: 6 }), owner)).toBeNull();
  });

  it("not once answered, nor before the GM set the Test", () => {
    expect(answerProblem(answeredCard(open(), "r1", rolled(), owner, 9), "m1", rolled(), owner)).toEqual({ key: `${E}AlreadyAnswered`, data: { actor: "Sela" } });
    expect(answerProblem(value(createProposal(actor, { intent: "a", task: "b" })), "m1", rolled(), owner)).toEqual({ key: `${E}NotOpen` });
    expect(answerProblem({ ...open(), skill: null }, "m1", rolled(), owner)).toEqual({ key: `${E}NotOpen` });
    expect(answerProblem({ ...open(), ob: null }, "m1", rolled(), owner)).toEqual({ key: `${E}NotOpen` });
  });

  it("an untrained request: Potential teaching what the GM named, of its Type", () => {
    const p = (over: Partial<RolledTest>) => rolled({ kind: "potential", skillId: null, ...over });
    expect(answerProblem(potential("Climb", "expertise"), "m1", p({ learnSkillName: " climb ", learnSkillType: "expertise" }), owner)).toBeNull();
    expect(answerProblem(potential("Climb", "expertise"), "m1", p({ learnSkillName: "Swim", learnSkillType: "expertise" }), owner)).toEqual({ key: `${E}LearnChanged` });
    expect(answerProblem(potential("Climb", "expertise"), "m1", p({ learnSkillName: "Climb", learnSkillType: "lore" }), owner)).toEqual({ key: `${E}LearnChanged` });
    expect(answerProblem(potential("Climb", "expertise"), "m1", p({ learnSkillName: "Climb" }), owner, "expertise")).toBeNull();
    expect(answerProblem(potential("Climb", "expertise"), "m1", p({ learnSkillName: "Climb" }), owner, "lore")).toEqual({ key: `${E}LearnChanged` });
    // A card with no Type stored means the default Type.
    expect(answerProblem(potential("Climb"), "m1", p({ learnSkillName: "Climb", learnSkillType: "lore" }), owner, "lore")).toBeNull();
    expect(answerProblem(potential("Climb"), "m1", p({ learnSkillName: "Climb", learnSkillType: "lore" }), owner, "expertise")).toEqual({ key: `${E}LearnChanged` });
    expect(answerProblem(potential("Climb"), "m1", p({ learnSkillName: "Climb", learnSkillType: "lore" }), owner)).toBeNull();
    // A recovery roll, or Potential naming a Skill id, is not the Potential the GM asked for.
    expect(answerProblem(potential("Climb"), "m1", p({ kind: "recovery", learnSkillName: "Climb" }), owner)).toEqual({ key: `${E}SkillChanged` });
    expect(answerProblem(potential("Climb"), "m1", p({ skillId: "s1", learnSkillName: "Climb" }), owner)).toEqual({ key: `${E}SkillChanged` });
    // Plain Potential checks no Type at all.
    expect(answerProblem(potential(""), "m1", p({ learnSkillType: "lore" }), owner, "expertise")).toBeNull();
    // Plain Potential teaches nothing: a roll naming a Skill changed it.
    expect(answerProblem(potential(""), "m1", p({}), owner)).toBeNull();
    expect(answerProblem(potential(""), "m1", p({ learnSkillName: "Climb" }), owner)).toEqual({ key: `${E}LearnChanged` });
    expect(answerProblem(potential("Climb"), "m1", p({}), owner)).toEqual({ key: `${E}LearnChanged` });
    // Freed, the Skill may be anything.
    expect(answerProblem(potential("Climb", "expertise"), "m1", rolled(), owner)).toEqual({ key: `${E}SkillChanged` });
    expect(answerProblem({ ...potential("Climb", "expertise"), locked: { skill: false, ob: true } }, "m1", p({ learnSkillName: "Swim" }), owner)).toBeNull();
  });
});

describe("an answered card", () => {
  it("keeps the roll's link, and shows a Fate revision of that roll only", () => {
    const card = answeredCard(open(), "r1", rolled({ passed: false }), owner, 42);
    expect(card).toEqual({ ...open(), status: "answered", answer: { messageId: "r1", userId: "u1", passed: false, timestamp: 42 } });
    expect(revisedAnswerCard(card, "r1", true)).toEqual({ ...card, answer: { messageId: "r1", userId: "u1", passed: true, timestamp: 42 } });
    expect(revisedAnswerCard(card, "r1", false)).toBeNull();
    expect(revisedAnswerCard(card, "r2", true)).toBeNull();
    expect(revisedAnswerCard(open(), "r1", true)).toBeNull();
    expect(revisedAnswerCard({ ...card, answer: null }, "r1", true)).toBeNull();
  });
});

describe("a stored card read back", () => {
  it("reads each state it holds the data for", () => {
    const stored = answeredCard(open(), "r1", rolled(), owner, 42);
    expect(parseRequestCard(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(parseRequestCard(open())).toEqual(open());
    const proposed = value(createProposal(actor, { intent: "a", task: "b" }));
    expect(parseRequestCard(proposed)).toEqual(proposed);
    expect(parseRequestCard({ ...open(), skill: { kind: "potential", name: "Climb", id: "x" } })?.skill).toEqual({ kind: "potential", id: null, name: "Climb" });
  });

  it("fills what is missing with the safe reading: locked, blank text, no answer", () => {
    expect(parseRequestCard({ origin: "request", status: "open", actorUuid: "Actor.a", skill: { kind: "skill", id: "s1" }, ob: 2 })).toEqual({
      origin: "request",
      status: "open",
      actorUuid: "Actor.a",
      actorName: "",
      skill: { kind: "skill", id: "s1", name: "" },
      ob: 2,
      intent: "",
      task: "",
      consequence: "",
      locked: { skill: true, ob: true },
      answer: null,
    });
    expect(parseRequestCard({ ...open(), ob: 1 })?.ob).toBe(1);
    expect(parseRequestCard({ ...open(), locked: { skill: false, ob: false } })?.locked).toEqual({ skill: false, ob: false });
    expect(parseRequestCard({ ...open(), locked: { skill: 0, ob: "no" } })?.locked).toEqual({ skill: true, ob: true });
    expect(parseRequestCard({ ...open(), answer: { messageId: "r1" } })?.answer).toBeNull();
    expect(parseRequestCard({ ...open(), status: "answered", answer: { messageId: "r1", userId: 5, passed: "yes", timestamp: "x" } })?.answer).toEqual({ messageId: "r1", userId: "", passed: false, timestamp: 0 });
    expect(parseRequestCard({ ...open(), status: "answered", answer: { messageId: "r1", passed: true, timestamp: 7 } })?.answer).toEqual({ messageId: "r1", userId: "", passed: true, timestamp: 7 });
    expect(parseRequestCard({ ...open(), intent: 3, task: null, consequence: ["x"], actorName: 1 })).toMatchObject({ intent: "", task: "", consequence: "", actorName: "" });
  });

  it("reads nothing that claims a state it lacks the data for", () => {
    const bad: unknown[] = [
      null,
      "card",
      [open()],
      { ...open(), origin: "other" },
      { ...open(), status: "done" },
      { ...open(), actorUuid: "" },
      { ...open(), actorUuid: 3 },
      { ...open(), skill: null },
      { ...open(), skill: [] },
      { ...open(), skill: { kind: "skill", id: "" } },
      { ...open(), skill: { kind: "skill", id: 3 } },
      { ...open(), skill: { kind: "magic", id: "s1" } },
      { ...open(), ob: 0 },
      { ...open(), ob: 1.5 },
      { ...open(), ob: "3" },
      { ...open(), status: "answered", answer: null },
      { ...open(), status: "answered", answer: { messageId: "" } },
      { ...open(), status: "answered", answer: { messageId: 4 } },
      { ...open(), status: "answered", answer: [] },
    ];
    for (const card of bad) expect(parseRequestCard(card), JSON.stringify(card)).toBeNull();
    const proposed = value(createProposal(actor, { intent: "a", task: "b" }));
    expect(parseRequestCard({ ...proposed, ob: 0, skill: "x" })).toMatchObject({ status: "proposed", skill: null, ob: null });
  });
});
