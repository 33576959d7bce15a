import { describe, expect, it } from "vitest";
import { formValuesFromEntries, initialFormValues, readProposalForm, readRequestForm, type FormActor } from "../../src/requests/request-form";
import { REQUEST_POTENTIAL, requestSkillNames, resolveRequestedSkill } from "../../src/requests/request-skills";
import {
  answerProblem,
  answeredCard,
  answerProposal,
  createProposal,
  createRequest,
  parseRequestCard,
  testRequestFor,
  type RequestCard,
  type RequestInput,
  type RolledTest,
} from "../../src/requests/request-state";

const sela = { uuid: "Actor.sela", name: "Sela" };
const input = (overrides: Partial<RequestInput> = {}): RequestInput => ({
  skill: { kind: "skill", id: "stealth", name: "Stealth" },
  ob: 3,
  intent: " Slip   past the guards ",
  task: "Creep along the wall",
  consequence: "",
  allowSkillChange: false,
  allowObChange: false,
  ...overrides,
});

function open(overrides: Partial<RequestInput> = {}): RequestCard {
  const made = createRequest(sela, input(overrides));
  if (!made.ok) throw new Error("sample request invalid");
  return made.value;
}

const rolled = (overrides: Partial<RolledTest> = {}): RolledTest => ({ requestId: "req1", actorUuid: "Actor.sela", kind: "skill", skillId: "stealth", ob: 3, passed: true, ...overrides });
const owner = { userId: "player", ownsActor: true };

describe("request cards (pure)", () => {
  it("creates an open request with Skill and Ob locked unless the GM allowed changes; text tidied", () => {
    const card = open();
    expect(card).toMatchObject({ origin: "request", status: "open", intent: "Slip past the guards", locked: { skill: true, ob: true }, answer: null });
    expect(open({ allowObChange: true }).locked).toEqual({ skill: true, ob: false });
  });

  it("refuses a bad Ob, a missing Skill, and overlong text", () => {
    const bad = createRequest(sela, input({ ob: 0, skill: { kind: "skill", id: null, name: "x" }, intent: "x".repeat(201) }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.key).sort()).toEqual(["GOLDHACK.Request.Error.Ob", "GOLDHACK.Request.Error.Skill", "GOLDHACK.Request.Error.TooLong"]);
    expect(createRequest(sela, input({ ob: 2.5 })).ok).toBe(false);
  });

  it("opens the test dialog with the card's Skill, Ob, declaration, locks and id", () => {
    expect(testRequestFor(open({ consequence: "The alarm" }), "req1")).toEqual({
      kind: "skill",
      skillId: "stealth",
      ob: 3,
      locked: { skill: true, ob: true },
      intent: "Slip past the guards",
      task: "Creep along the wall",
      consequence: "The alarm",
      requestId: "req1",
    });
    const untrained = open({ skill: { kind: "potential", id: null, name: "Climbing" } });
    expect(testRequestFor(untrained, "r")).toMatchObject({ kind: "potential", skillId: null, learnSkillName: "Climbing" });
  });

  it("accepts an answer rolled by the owner with the locked Skill and Ob, once", () => {
    const card = open();
    expect(answerProblem(card, "req1", rolled(), owner)).toBeNull();
    const done = answeredCard(card, "roll1", rolled(), owner, 42);
    expect(done).toMatchObject({ status: "answered", answer: { messageId: "roll1", userId: "player", passed: true, timestamp: 42 } });
    expect(answerProblem(done, "req1", rolled(), owner)?.key).toBe("GOLDHACK.Request.Error.AlreadyAnswered");
    expect(testRequestFor(done, "req1")).toBeNull();
  });

  it("refuses a roll with another Skill or Ob than the locked ones, or from someone else", () => {
    const card = open();
    expect(answerProblem(card, "req1", rolled({ ob: 2 }), owner)).toEqual({ key: "GOLDHACK.Request.Error.ObChanged", data: { ob: 3 } });
    expect(answerProblem(card, "req1", rolled({ skillId: "swords" }), owner)?.key).toBe("GOLDHACK.Request.Error.SkillChanged");
    expect(answerProblem(card, "req1", rolled({ kind: "potential", skillId: null }), owner)?.key).toBe("GOLDHACK.Request.Error.SkillChanged");
    expect(answerProblem(card, "req1", rolled(), { userId: "other", ownsActor: false })?.key).toBe("GOLDHACK.Request.Error.NotOwner");
    expect(answerProblem(card, "req1", rolled({ requestId: "req2" }), owner)?.key).toBe("GOLDHACK.Request.Error.OtherTest");
    expect(answerProblem(card, "req1", rolled({ actorUuid: "Actor.brom" }), owner)?.key).toBe("GOLDHACK.Request.Error.OtherTest");
    // What the GM allowed to change may change.
    expect(answerProblem(open({ allowObChange: true, allowSkillChange: true }), "req1", rolled({ ob: 5, skillId: "swords" }), owner)).toBeNull();
  });

  it("runs a proposal in reverse: Intent and Task needed, the GM sets Skill and Ob once", () => {
    const blank = createProposal(sela, { intent: " ", task: "" });
    expect(blank.ok ? [] : blank.problems.map((p) => p.key)).toEqual(["GOLDHACK.Request.Error.IntentBlank", "GOLDHACK.Request.Error.TaskBlank"]);
    const made = createProposal(sela, { intent: "Reach the top", task: "Climb the ivy" });
    if (!made.ok) throw new Error("proposal invalid");
    expect(made.value).toMatchObject({ origin: "proposal", status: "proposed", skill: null, ob: null });
    expect(testRequestFor(made.value, "p")).toBeNull();
    expect(answerProblem(made.value, "p", rolled({ requestId: "p" }), owner)?.key).toBe("GOLDHACK.Request.Error.NotOpen");
    const set = answerProposal(made.value, input({ intent: "Reach the top", task: "Climb the ivy", ob: 2 }));
    if (!set.ok) throw new Error("answer invalid");
    expect(set.value).toMatchObject({ origin: "proposal", status: "open", ob: 2, skill: { id: "stealth" } });
    const twice = answerProposal(set.value, input());
    expect(twice.ok ? null : twice.problems[0]?.key).toBe("GOLDHACK.Request.Error.NotProposed");
  });

  it("reads a card back from flags, and distrusts one that claims a state without its data", () => {
    const card = open();
    expect(parseRequestCard(JSON.parse(JSON.stringify(card)))).toEqual(card);
    expect(parseRequestCard({ ...card, ob: null })).toBeNull();
    expect(parseRequestCard({ ...card, status: "answered", answer: null })).toBeNull();
    expect(parseRequestCard({ ...card, status: "weird" })).toBeNull();
    expect(parseRequestCard("card")).toBeNull();
    // A damaged lock reads as locked, the safe side.
    expect(parseRequestCard({ ...card, locked: "no" })?.locked).toEqual({ skill: true, ob: true });
  });
});

describe("request skills and form (pure)", () => {
  const actors: FormActor[] = [
    { uuid: "Actor.sela", name: "Sela", skills: [{ id: "s1", name: "Stealth" }, { id: "s2", name: "Swords" }] },
    { uuid: "Actor.brom", name: "Brom", skills: [{ id: "b1", name: "stealth " }, { id: "b2", name: "Athleticism" }] },
  ];

  it("offers each Skill name once and gives each actor their own Skill, or Potential to learn it", () => {
    expect(requestSkillNames(actors)).toEqual(["Athleticism", "Stealth", "Swords"]);
    expect(resolveRequestedSkill(actors[1]?.skills ?? [], "STEALTH")).toEqual({ kind: "skill", id: "b1", name: "stealth " });
    expect(resolveRequestedSkill(actors[1]?.skills ?? [], "Swords")).toEqual({ kind: "potential", id: null, name: "Swords" });
    expect(resolveRequestedSkill(actors[0]?.skills ?? [], REQUEST_POTENTIAL)).toEqual({ kind: "potential", id: null, name: "" });
  });

  it("reads a submitted form: one request per ticked actor, problems named", () => {
    const values = formValuesFromEntries([
      ["actors", "Actor.sela"],
      ["actors", "Actor.brom"],
      ["skill", "Swords"],
      ["ob", "4"],
      ["intent", "Win"],
      ["task", "Fight"],
      ["consequence", ""],
      ["allowObChange", "on"],
    ]);
    const read = readRequestForm(values, actors);
    if (!read.ok) throw new Error("form should read");
    expect(read.requests.map((r) => [r.actor.uuid, r.input.skill.kind, r.input.ob, r.input.allowObChange, r.input.allowSkillChange])).toEqual([
      ["Actor.sela", "skill", 4, true, false],
      ["Actor.brom", "potential", 4, true, false],
    ]);
    const bad = readRequestForm({ ...values, actors: [], ob: "1.5" }, actors);
    expect(bad.ok ? [] : bad.problems.map((p) => p.key)).toEqual(["GOLDHACK.Request.Error.NoActor", "GOLDHACK.Request.Error.Ob"]);
    expect(readRequestForm({ ...values, ob: "100" }, actors).ok).toBe(false);
  });

  it("opens with every given actor ticked and a proposal picks one actor", () => {
    expect(initialFormValues(actors)).toMatchObject({ actors: ["Actor.sela", "Actor.brom"], skill: "Athleticism", ob: "1", allowSkillChange: false });
    expect(initialFormValues([])).toMatchObject({ skill: REQUEST_POTENTIAL });
    const picked = readProposalForm({ ...initialFormValues(actors), actors: ["Actor.brom"], intent: "a", task: "b" }, actors);
    expect(picked.ok && picked.actor.name).toBe("Brom");
    expect(readProposalForm({ ...initialFormValues(actors), actors: ["Actor.ghost"] }, actors).ok).toBe(false);
  });
});
