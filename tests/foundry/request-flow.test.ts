import { beforeEach, describe, expect, it } from "vitest";
import { actorSnapshot, type ActorSource } from "../../src/applications/dialogs/test-dialog-actor";
import { computeTestDialog, initialSelections, selectionsFromForm } from "../../src/applications/dialogs/test-dialog-state";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice, TestRequest } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import type { RequestRoller } from "../../src/requests/request-answer";
import { createProposal, createRequest, type RequestCard, type RequestInput } from "../../src/requests/request-state";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, chatMessages, createActor, type FoundryEnv, type StandInUser } from "./documents";
import { installRequestWorld } from "./request-env";

type Message = ChatMessage.Implementation;

let env: FoundryEnv;
let sent: { name: string; to: string; data: unknown }[];
let actor: GoldHackActor;
let stealthId: string;
let swordsId: string;
let RollClass: typeof GoldHackRoll;
let answer: typeof import("../../src/requests/request-answer");
let messages: typeof import("../../src/requests/request-messages");

const input = (overrides: Partial<RequestInput> = {}): RequestInput => ({
  skill: { kind: "skill", id: stealthId, name: "Stealth" },
  ob: 3,
  intent: "Slip past the guards",
  task: "Creep along the wall",
  consequence: "The alarm is raised",
  allowSkillChange: false,
  allowObChange: false,
  ...overrides,
});

/** The GM posts a request card. */
async function postRequest(overrides: Partial<RequestInput> = {}): Promise<Message> {
  env.setUser(env.gm);
  const card = createRequest({ uuid: actor.uuid ?? "", name: actor.name }, input(overrides));
  if (!card.ok) throw new Error("invalid request");
  const message = await messages.postRequestCard(card.value);
  if (!message) throw new Error("no request card");
  return message;
}

const cardOf = (message: Message): RequestCard | null => messages.requestCardOf(game.messages?.get(message.id ?? "") ?? message);
const rollOf = (message: Message) => message.rolls[0] as unknown as GoldHackRoll;
const testCards = () => chatMessages().filter((m) => m.rolls.length > 0) as unknown as Message[];

/**
 * What the test dialog does with a form: opens with the request, reads the submitted values (which a player
 * may have tampered with, e.g. by re-enabling a locked field) and rolls the choice its state computes.
 */
function dialogRoller(form: Record<string, unknown>): RequestRoller {
  return async (rolling: Actor.Implementation, request: TestRequest) => {
    const snapshot = actorSnapshot(rolling as unknown as ActorSource, CONFIG.GOLDHACK.skillTypes);
    const opened = initialSelections(snapshot, request);
    const state = computeTestDialog(snapshot, request, selectionsFromForm(form, snapshot, opened), { potential: "Potential" });
    if (!state.choice) throw new Error("the dialog would not roll");
    return RollClass.rollTest(state.choice);
  };
}

/** A client that skips the dialog and sends its own choice, claiming the request. */
function forgedRoller(changes: Partial<TestChoice>): RequestRoller {
  return async (rolling: Actor.Implementation, request: TestRequest) =>
    RollClass.rollTest({
      kind: "skill",
      actorUuid: rolling.uuid ?? "",
      skillId: stealthId,
      skillName: "Stealth",
      rating: 3,
      potential: 4,
      ob: request.ob ?? 1,
      magic: false,
      persona: 0,
      modifiers: [],
      ...(request.requestId ? { requestId: request.requestId } : {}),
      ...changes,
    });
}

beforeEach(async () => {
  ({ env, sent } = await installRequestWorld("en"));
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  answer = await import("../../src/requests/request-answer");
  messages = await import("../../src/requests/request-messages");
  actor = await createActor({ name: "Sela", type: "character", system: { age: "young", fate: { value: 2 }, persona: { value: 0 } }, ownership: { default: 0, [env.player.id]: 3 } });
  const [stealth, swords] = await addItems(actor, [
    { name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } },
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 5 } },
  ]);
  stealthId = stealth?.id ?? "";
  swordsId = swords?.id ?? "";
  setRandom(scriptedFaces([5, 5, 5, 1, 1, 1]));
});

describe("request → answer → roll", () => {
  it("rolls the request's locked Skill and Ob whatever the form sends, and marks the card answered once via the GM", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const rolled = await answer.rollFromRequest(request, dialogRoller({ skill: swordsId, ob: "1", intent: "Slip past the guards", task: "Creep along the wall" }));
    expect(rolled).not.toBeNull();
    const choice = rollOf(rolled as Message).test?.choice;
    expect(choice).toMatchObject({ skillId: stealthId, ob: 3, requestId: request.id, intent: "Slip past the guards" });
    // The player may not write the GM's card: it went to the GM over the socket.
    // (First the Test's log, through the card's queue on the GM's client; then the answer.)
    expect(sent.map((q) => [q.name, q.to])).toEqual([
      ["goldhack.card", env.gm.id],
      ["goldhack.answerRequest", env.gm.id],
    ]);
    expect(cardOf(request)).toMatchObject({ status: "answered", answer: { messageId: rolled?.id, userId: env.player.id, passed: true } });
    expect(env.notifications.warnings).toEqual([]);
  });

  it("refuses a second answer, and the card's button no longer rolls", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const first = await answer.rollFromRequest(request, dialogRoller({}));
    const again = await answer.rollFromRequest(request, dialogRoller({}));
    expect(again).toBeNull();
    expect(testCards()).toHaveLength(1);
    expect(env.notifications.warnings).toEqual(["This request to Sela was already answered: the result stands."]);
    // A second roll made for it anyway (another client, a double click) is refused by the GM.
    const second = await forgedRoller({ requestId: request.id ?? "" })(actor, { ob: 3, requestId: request.id ?? "" });
    const reply = await answer.submitAnswer(request.id ?? "", second as Message);
    expect(reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Request.Error.AlreadyAnswered", data: { actor: "Sela" } } });
    expect(cardOf(request)?.answer?.messageId).toBe(first?.id);
  });

  it("lets only one of two answers arriving together through", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const claim = { ob: 3, requestId: request.id ?? "" };
    const [a, b] = [await forgedRoller({})(actor, claim), await forgedRoller({})(actor, claim)];
    env.setUser(env.gm);
    const replies = await Promise.all([answer.submitAnswer(request.id ?? "", a as Message), answer.submitAnswer(request.id ?? "", b as Message)]);
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ problem: { key: "GOLDHACK.Request.Error.AlreadyAnswered" } });
    expect(cardOf(request)?.answer?.messageId).toBe(a?.id);
  });

  it("refuses, on the GM's side, a roll whose client sent another Ob or Skill: the card stays open", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    await answer.rollFromRequest(request, forgedRoller({ ob: 1 }));
    expect(cardOf(request)?.status).toBe("open");
    expect(env.notifications.warnings).toEqual(["The roll used another Ob than the 3 the GM set: the request stays open."]);
    await answer.rollFromRequest(request, forgedRoller({ skillId: swordsId, skillName: "Swords", rating: 5 }));
    expect(cardOf(request)?.status).toBe("open");
    expect(env.notifications.warnings.at(-1)).toBe("The roll used another Skill than the one the GM set: the request stays open.");
    // A roll for another request, or with none, does not answer this one either.
    const stray = await forgedRoller({ requestId: "elsewhere" })(actor, { ob: 3 });
    expect(await answer.submitAnswer(request.id ?? "", stray as Message)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Request.Error.OtherTest" } });
  });

  it("lets the player change what the GM allowed, and the answer stands", async () => {
    const request = await postRequest({ allowObChange: true });
    env.setUser(env.player);
    const rolled = await answer.rollFromRequest(request, dialogRoller({ ob: "2", skill: swordsId }));
    expect(rollOf(rolled as Message).test?.choice).toMatchObject({ ob: 2, skillId: stealthId });
    expect(cardOf(request)?.status).toBe("answered");
  });

  it("refuses a user who does not own the actor before any roll", async () => {
    const request = await postRequest();
    env.setUser(env.otherPlayer);
    expect(await answer.rollFromRequest(request, dialogRoller({}))).toBeNull();
    expect(testCards()).toHaveLength(0);
    expect(env.notifications.warnings).toEqual(["Only the owner of Sela can answer this request."]);
  });

  it("checks everything again in the GM's handler, for the user the server names", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const rolled = await forgedRoller({ ob: 5 })(actor, { ob: 3, requestId: request.id ?? "" });
    const channel = await import("../../src/channel");
    const ask = (payload: unknown) => channel.askGM("goldhack.answerRequest", payload);
    expect(await ask({ requestId: request.id ?? "", rollMessageId: rolled?.id ?? "" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Request.Error.ObChanged" } });
    expect(await ask({ requestId: "nope", rollMessageId: rolled?.id ?? "" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Request.Error.NotFound" } });
    expect(await ask({ requestId: request.id ?? "", rollMessageId: "nope" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Request.Error.NoRoll" } });
    expect(await ask(null)).toMatchObject({ ok: false });
    expect(cardOf(request)?.status).toBe("open");
  });

  it("warns, and leaves the card open, when no GM is connected", async () => {
    const request = await postRequest();
    env.gm.active = false;
    env.setUser(env.player);
    const rolled = await answer.rollFromRequest(request, dialogRoller({}));
    expect(rolled).not.toBeNull();
    expect(cardOf(request)?.status).toBe("open");
    expect(env.notifications.warnings).toEqual(["A GM must be connected to mark the request answered."]);
  });

  it("re-renders the answered card from the message's data, with a link to the roll", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const rolled = await answer.rollFromRequest(request, dialogRoller({}));
    const card = cardOf(request);
    if (!card) throw new Error("no card");
    const html = await messages.renderRequestCard(card, request.id ?? "", messages.currentViewer(card));
    expect(html).toContain(`data-action="showMessage" data-message-id="${rolled?.id}"`);
    expect(html).toContain("Answered: Passed!");
    expect(html).not.toContain('data-action="rollRequest"');
    // What the GM posted is the card's data in its own message type, with no placeholder content.
    expect(request.type).toBe("request");
    expect(request.content).toBe("");
    expect((game.messages?.get(request.id ?? "")?.system as unknown as { status: string }).status).toBe("answered");
  });
});

describe("a player's proposal, the same card in reverse", () => {
  it("goes from the player's Intent and Task to the GM's request card, then to the player's roll", async () => {
    env.setUser(env.player);
    const proposed = createProposal({ uuid: actor.uuid ?? "", name: actor.name }, { intent: "Reach the top", task: "Climb the ivy" });
    if (!proposed.ok) throw new Error("invalid proposal");
    const message = await messages.postRequestCard(proposed.value);
    if (!message) throw new Error("no proposal card");
    // Not rollable until the GM sets Skill and Ob.
    expect(await answer.rollFromRequest(message, dialogRoller({}))).toBeNull();
    expect(env.notifications.warnings).toEqual(["This Test has no Skill and Ob yet: the GM sets them first."]);

    // The GM's answer goes through the channel: the active GM posts it as its own card and removes the proposal.
    const api = await import("../../src/requests/request-api");
    env.setUser(env.gm);
    const reply = await api.handleProposalAnswer(env.gm as unknown as User, {
      messageId: message.id,
      input: input({ intent: "Reach the top", task: "Climb the ivy", skill: { kind: "potential", id: null, name: "Climbing" }, ob: 2 }),
    });
    expect(reply.ok).toBe(true);
    expect(game.messages?.get(message.id ?? "")).toBeUndefined();
    const requestId = reply.ok ? (reply.data as { messageId: string }).messageId : "";
    const request = game.messages?.get(requestId) as Message;
    expect(request.author?.id).toBe(env.gm.id);

    env.setUser(env.player);
    const rolled = await answer.rollFromRequest(request, dialogRoller({ skill: stealthId }));
    expect(rollOf(rolled as Message).test?.choice).toMatchObject({ kind: "potential", skillId: null, ob: 2, learnSkillName: "Climbing", intent: "Reach the top" });
    expect(cardOf(request)).toMatchObject({ origin: "proposal", status: "answered" });
  });

  it("refuses a proposal answer from a player, even one whose payload claims the GM", async () => {
    env.setUser(env.player);
    const proposed = createProposal({ uuid: actor.uuid ?? "", name: actor.name }, { intent: "Reach the top", task: "Climb the ivy" });
    if (!proposed.ok) throw new Error("invalid proposal");
    const message = await messages.postRequestCard(proposed.value);
    const channel = await import("../../src/channel");
    const reply = await channel.askGM("goldhack.answerProposal", { messageId: message?.id, userId: env.gm.id, input: input({ ob: 1 }) });
    expect(reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Request.Error.NotGM" } });
    expect(cardOf(message as Message)?.status).toBe("proposed");
    expect(testCards()).toHaveLength(0);
  });
});

describe("cards only a GM may write", () => {
  it("ignores a player's own card claiming to be a GM's open request, and a player's edit of a proposal into one", async () => {
    env.setUser(env.player);
    const fake = createRequest({ uuid: actor.uuid ?? "", name: actor.name }, input({ ob: 1 }));
    if (!fake.ok) throw new Error("invalid");
    const forged = await messages.postRequestCard(fake.value);
    expect(cardOf(forged as Message)).toBeNull();
    expect(await answer.rollFromRequest(forged as Message, dialogRoller({}))).toBeNull();
    const proposed = createProposal({ uuid: actor.uuid ?? "", name: actor.name }, { intent: "Reach the top", task: "Climb the ivy" });
    if (!proposed.ok) throw new Error("invalid proposal");
    const proposal = await messages.postRequestCard(proposed.value);
    // From the console: the player sets Skill and a low Ob on her own proposal.
    await (proposal as Message).update({ "system.status": "open", "system.skill": { kind: "skill", id: stealthId, name: "Stealth", type: "" }, "system.ob": 1 } as ChatMessage.UpdateData);
    expect((game.messages?.get(proposal?.id ?? "")?.system as unknown as { status: string }).status).toBe("open");
    expect(cardOf(proposal as Message)).toBeNull();
    expect(testCards()).toHaveLength(0);
  });
});

describe("the user side of a refusal", () => {
  it("names the user who answers from the server, not from anything the payload says: another player cannot link a roll", async () => {
    const request = await postRequest();
    env.setUser(env.player);
    const rolled = await forgedRoller({})(actor, { ob: 3, requestId: request.id ?? "" });
    env.setUser(env.otherPlayer as StandInUser);
    expect(await answer.submitAnswer(request.id ?? "", rolled as Message)).toEqual({ ok: false, problem: { key: "GOLDHACK.Request.Error.NotYourRoll" } });
    expect(cardOf(request)?.status).toBe("open");
    env.setUser(env.player);
    expect(await answer.submitAnswer(request.id ?? "", rolled as Message)).toEqual({ ok: true });
    expect(cardOf(request)?.answer?.userId).toBe(env.player.id);
  });
});

describe("an untrained request, locked", () => {
  it("refuses, on the GM's side, a roll that would teach another Skill or the same Skill as another Type", async () => {
    const request = await postRequest({ skill: { kind: "potential", id: null, name: "Cast", type: "magic" }, ob: 2 });
    expect(cardOf(request)?.skill).toEqual({ kind: "potential", id: null, name: "Cast", type: "magic" });
    env.setUser(env.player);
    const potential = { kind: "potential" as const, skillId: null, skillName: "Potential", rating: 0, magic: true };
    const before = JSON.stringify(cardOf(request));
    for (const forged of [{ learnSkillName: "Juggle", learnSkillType: "magic" }, { learnSkillName: "Cast", learnSkillType: "lore" }, {}]) {
      env.notifications.warnings.length = 0;
      await answer.rollFromRequest(request, forgedRoller({ ...potential, ...forged }));
      expect(env.notifications.warnings).toEqual(["The roll would teach another Skill, or of another Type, than the one the GM set: the request stays open."]);
      expect(JSON.stringify(cardOf(request))).toBe(before);
    }
    // The dialog's own roll (fields locked to Cast, Magic) answers it.
    env.notifications.warnings.length = 0;
    const rolled = await answer.rollFromRequest(request, dialogRoller({ learnSkillName: "Juggle", learnSkillType: "perform" }));
    expect(rollOf(rolled as Message).test?.choice).toMatchObject({ kind: "potential", learnSkillName: "Cast", learnSkillType: "magic", magic: true });
    expect(cardOf(request)?.status).toBe("answered");
    expect(env.notifications.warnings).toEqual([]);
  });

  it("a request naming no Type gets the default Type fixed on the card when posted; a roll learning it as Magic is refused (issue 26)", async () => {
    const request = await postRequest({ skill: { kind: "potential", id: null, name: "Climb" }, ob: 2 });
    // SRD: Expertise covers "stuff not covered by other Types": the default Type in the SRD's config.
    expect(cardOf(request)?.skill).toEqual({ kind: "potential", id: null, name: "Climb", type: "expertise" });
    env.setUser(env.player);
    const before = JSON.stringify(cardOf(request));
    const potential = { kind: "potential" as const, skillId: null, skillName: "Potential", rating: 0 };
    for (const forged of [{ learnSkillName: "Climb", learnSkillType: "magic", magic: true }, { learnSkillName: "Climb", learnSkillType: "fight", magic: false }]) {
      env.notifications.warnings.length = 0;
      await answer.rollFromRequest(request, forgedRoller({ ...potential, ...forged }));
      expect(env.notifications.warnings).toEqual(["The roll would teach another Skill, or of another Type, than the one the GM set: the request stays open."]);
      expect(JSON.stringify(cardOf(request))).toBe(before);
    }
    expect(actor.items.find((i) => i.name === "Climb" && (i.system as unknown as { skillType: string }).skillType === "magic")).toBeUndefined();
    // The dialog's own roll, its Type locked to the card's, answers it and teaches Climb as Expertise.
    const rolled = await answer.rollFromRequest(request, dialogRoller({ learnSkillType: "magic" }));
    expect(rollOf(rolled as Message).test?.choice).toMatchObject({ kind: "potential", learnSkillName: "Climb", learnSkillType: "expertise" });
    expect(cardOf(request)?.status).toBe("answered");
  });

  it("a card stored without a Type (posted before it was fixed) means the default Type to the GM's check", async () => {
    env.setUser(env.gm);
    const card = createRequest({ uuid: actor.uuid ?? "", name: actor.name }, input({ skill: { kind: "potential", id: null, name: "Climb" }, ob: 2 }));
    if (!card.ok) throw new Error("invalid request");
    const skill = { kind: "potential", id: null, name: "Climb", type: "" };
    const stored = await ChatMessage.implementation.create({ type: "request", content: "", system: { ...card.value, skill } } as never);
    const request = stored as unknown as Message;
    expect(cardOf(request)?.skill?.type ?? "").toBe("");
    env.setUser(env.player);
    await answer.rollFromRequest(request, forgedRoller({ kind: "potential", skillId: null, skillName: "Potential", rating: 0, learnSkillName: "Climb", learnSkillType: "magic", magic: true }));
    expect(env.notifications.warnings).toEqual(["The roll would teach another Skill, or of another Type, than the one the GM set: the request stays open."]);
    expect(cardOf(request)?.status).toBe("open");
  });

  it("takes the Type from the actor who has the Skill picked, for the actor who lacks it", async () => {
    const { readRequestForm } = await import("../../src/requests/request-form");
    const actors = [
      { uuid: "Actor.a", name: "A", skills: [{ id: "c1", name: "Cast", type: "magic" }] },
      { uuid: "Actor.b", name: "B", skills: [] },
    ];
    const read = readRequestForm({ actors: ["Actor.a", "Actor.b"], skill: "Cast", ob: "2", intent: "", task: "", consequence: "", allowSkillChange: false, allowObChange: false }, actors);
    expect(read.ok && read.requests.map((r) => r.input.skill)).toEqual([
      { kind: "skill", id: "c1", name: "Cast" },
      { kind: "potential", id: null, name: "Cast", type: "magic" },
    ]);
  });
});

describe("Fate after the answer", () => {
  it("shows the outcome Fate turned on the request card (failed → passed)", async () => {
    const request = await postRequest({ ob: 3 });
    env.setUser(env.player);
    setRandom(scriptedFaces([6, 6, 1]));
    const rolled = (await answer.rollFromRequest(request, dialogRoller({}))) as Message;
    expect(cardOf(request)?.answer?.passed).toBe(false);
    const actions = await import("../../src/dice/card-actions");
    setRandom(scriptedFaces([5, 5]));
    expect(await actions.requestCardAction(rolled, { action: "spendFate" })).toEqual({ ok: true });
    expect(rollOf(game.messages?.get(rolled.id ?? "") as Message).outcome?.passed).toBe(true);
    expect(cardOf(request)).toMatchObject({ status: "answered", answer: { messageId: rolled.id, passed: true, userId: env.player.id } });
    const card = cardOf(request);
    if (!card) throw new Error("no card");
    expect(await messages.renderRequestCard(card, request.id ?? "", messages.currentViewer(card))).toContain("Answered: Passed!");
  });
});
