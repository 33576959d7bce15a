/**
 * Request cards as 0.1.0 left them in a world (the card in `flags.goldhack.request`, placeholder content):
 * drawn from their flags on the message's own render, answered where they are (by dot-path in the flag),
 * and trusted as 0.1.0 trusted them: a GM's card, or a player's proposal a GM answered in place as long as
 * a GM wrote it last. Fixtures: tests/foundry/fixtures/request-card-v0-*.json.
 */
import { readFileSync } from "node:fs";
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv, type StandInUser } from "./documents";
import { installRequestWorld, settle } from "./request-env";

type Message = ChatMessage.Implementation;
// A real DOM from happy-dom for the page (as card-dom.test.ts); the stand-ins read files through node.
const page = new Window({ url: "http://localhost/" });
Object.assign(globalThis, { document: page.document, Element: page.Element, HTMLElement: page.HTMLElement, MouseEvent: page.MouseEvent, CSS: page.CSS });

let env: FoundryEnv;
let actor: GoldHackActor;
let stealthId: string;
let RollClass: typeof GoldHackRoll;
let messages: typeof import("../../src/requests/request-messages");
let answer: typeof import("../../src/requests/request-answer");

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url).pathname, "utf8")
      .replaceAll("@ACTOR", actor.uuid ?? "")
      .replaceAll("@STEALTH", stealthId),
  ) as Record<string, unknown>;

/** A 0.1.0 card: a base message with the card in its flags and the placeholder content 0.1.0 wrote. */
async function legacyCard(author: StandInUser, card: Record<string, unknown>): Promise<Message> {
  env.setUser(author);
  const message = await ChatMessage.implementation.create({ content: "<div class=\"goldhack-request-card\">…</div>", flags: { goldhack: { request: card } } } as unknown as ChatMessage.CreateData);
  if (!message) throw new Error("no message");
  return message as Message;
}

const current = (message: Message): Message => game.messages?.get(message.id ?? "") as Message;
async function draw(message: Message, user: StandInUser): Promise<HTMLElement> {
  env.setUser(user);
  return (current(message) as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
}
const actionsOf = (html: HTMLElement): string[] => [...html.querySelectorAll<HTMLElement>(".message-content [data-action]")].map((b) => b.dataset.action ?? "");

/** The player's roll through the dialog's rules: the request's Skill and Ob. */
const roller = async (rolling: Actor.Implementation, request: { ob?: number; requestId?: string }): Promise<Message | null> => {
  const choice: TestChoice = { kind: "skill", actorUuid: rolling.uuid ?? "", skillId: stealthId, skillName: "Stealth", rating: 3, potential: 4, ob: request.ob ?? 1, magic: false, persona: 0, modifiers: [], ...(request.requestId ? { requestId: request.requestId } : {}) };
  return (await RollClass.rollTest(choice)) as Message | null;
};

beforeEach(async () => {
  ({ env } = await installRequestWorld("en"));
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  messages = await import("../../src/requests/request-messages");
  answer = await import("../../src/requests/request-answer");
  actor = await createActor({ name: "Sela", type: "character", system: { age: "young", fate: { value: 2 }, persona: { value: 0 } }, ownership: { default: 0, [env.player.id]: 3 } });
  const [stealth] = await addItems(actor, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  stealthId = stealth?.id ?? "";
  setRandom(scriptedFaces([5, 5, 5]));
});

describe("a 0.1.0 request card", () => {
  it("draws from its flags, for the player with its Roll button, and is answered in its flag by dot-path", async () => {
    const request = await legacyCard(env.gm, fixture("request-card-v0-request"));
    const html = await draw(request, env.player);
    expect(html.querySelector(".goldhack-request-card")).not.toBeNull();
    expect(html.textContent).toContain("Slip past the guards");
    expect(actionsOf(html)).toEqual(["rollRequest"]);
    const rolled = await answer.rollFromRequest(current(request), roller as never);
    await settle();
    expect(env.notifications.warnings).toEqual([]);
    const stored = current(request).getFlag("goldhack", "request") as Record<string, unknown>;
    expect(stored).toMatchObject({ status: "answered", answer: { messageId: rolled?.id, passed: true, userId: env.player.id }, intent: "Slip past the guards", ob: 3 });
    expect(current(request).type).not.toBe("request");
    const after = await draw(request, env.player);
    expect(after.textContent).toContain("Answered: Passed!");
    expect(actionsOf(after)).toEqual(["showMessage"]);
  });

  it("shows a player's card claiming to be a GM's request as invalid, with no actions", async () => {
    const forged = await legacyCard(env.player, fixture("request-card-v0-request"));
    const html = await draw(forged, env.player);
    expect(html.querySelector(".goldhack-card--invalid")).not.toBeNull();
    expect(actionsOf(html)).toEqual([]);
  });
});

describe("a 0.1.0 proposal still awaiting the GM", () => {
  it("shows the GM its Set button, and the GM's answer posts a request card of this release and removes the old one", async () => {
    const proposal = await legacyCard(env.player, fixture("request-card-v0-proposal"));
    expect(actionsOf(await draw(proposal, env.gm))).toEqual(["setTest"]);
    expect(actionsOf(await draw(proposal, env.player))).toEqual([]);
    const api = await import("../../src/requests/request-api");
    env.setUser(env.gm);
    const input = { skill: { kind: "skill", id: stealthId, name: "Stealth" }, ob: 2, intent: "Reach the top", task: "Climb the ivy", consequence: "", allowSkillChange: false, allowObChange: false };
    const reply = await api.handleProposalAnswer(env.gm as unknown as User, { messageId: proposal.id, input });
    expect(reply.ok).toBe(true);
    expect(game.messages?.get(proposal.id ?? "")).toBeUndefined();
    const posted = game.messages?.get(reply.ok ? (reply.data as { messageId: string }).messageId : "") as Message;
    expect(posted.type).toBe("request");
    expect(messages.requestCardOf(posted)).toMatchObject({ origin: "proposal", status: "open", ob: 2, intent: "Reach the top" });
  });
});

describe("a 0.1.0 proposal the GM answered on the player's own message", () => {
  async function answeredInPlace(): Promise<Message> {
    const proposal = await legacyCard(env.player, fixture("request-card-v0-proposal"));
    // 0.1.0: the GM wrote Skill and Ob into the player's proposal itself.
    env.setUser(env.gm);
    await proposal.update({ "flags.goldhack.request.status": "open", "flags.goldhack.request.skill": { kind: "skill", id: stealthId, name: "Stealth" }, "flags.goldhack.request.ob": 2 } as ChatMessage.UpdateData);
    return proposal;
  }

  it("reads as the open request the GM made it (the GM wrote it last), and is answered", async () => {
    const proposal = await answeredInPlace();
    expect(messages.requestCardOf(current(proposal))).toMatchObject({ origin: "proposal", status: "open", ob: 2 });
    const html = await draw(proposal, env.player);
    expect(actionsOf(html)).toEqual(["rollRequest"]);
    const rolled = await answer.rollFromRequest(current(proposal), roller as never);
    expect(env.notifications.warnings).toEqual([]);
    expect(messages.requestCardOf(current(proposal))).toMatchObject({ status: "answered", answer: { messageId: rolled?.id } });
  });

  it("is invalid once the player writes to it herself (lowering the GM's Ob from the console), even claiming a GM wrote it", async () => {
    const proposal = await answeredInPlace();
    env.setUser(env.player);
    await proposal.update({ "flags.goldhack.request.ob": 1, _stats: { lastModifiedBy: env.gm.id } } as ChatMessage.UpdateData);
    expect(messages.requestCardOf(current(proposal))).toBeNull();
    const html = await draw(proposal, env.player);
    expect(html.querySelector(".goldhack-card--invalid")).not.toBeNull();
    expect(await answer.rollFromRequest(current(proposal), roller as never)).toBeNull();
  });
});

describe("a request card of type request (this release)", () => {
  const input = { skill: { kind: "skill" as const, id: "", name: "Stealth" }, ob: 3, intent: "Slip past the guards", task: "Creep along the wall", consequence: "", allowSkillChange: false, allowObChange: false };

  it("draws from its model on the message's own render, the same on every client, with no placeholder content", async () => {
    const { createRequest } = await import("../../src/requests/request-state");
    env.setUser(env.gm);
    const card = createRequest({ uuid: actor.uuid ?? "", name: actor.name }, { ...input, skill: { ...input.skill, id: stealthId } });
    if (!card.ok) throw new Error("invalid");
    const request = (await messages.postRequestCard(card.value)) as Message;
    expect(request.content).toBe("");
    const forPlayer = await draw(request, env.player);
    expect(forPlayer.textContent).toContain("Slip past the guards");
    expect(actionsOf(forPlayer)).toEqual(["rollRequest"]);
    expect(actionsOf(await draw(request, env.otherPlayer))).toEqual([]);
  });

  it("refuses to create a card whose state lacks what it claims (validateJoint), and shows a player's own request as invalid", async () => {
    env.setUser(env.gm);
    await expect(ChatMessage.implementation.create({ type: "request", system: { origin: "request", status: "open", actorUuid: actor.uuid, skill: null, ob: null } } as unknown as ChatMessage.CreateData)).rejects.toThrow();
    await expect(ChatMessage.implementation.create({ type: "request", system: { origin: "request", status: "answered", actorUuid: actor.uuid, skill: { kind: "skill", id: stealthId, name: "Stealth", type: "" }, ob: 2, answer: null } } as unknown as ChatMessage.CreateData)).rejects.toThrow();
    env.setUser(env.player);
    const forged = (await ChatMessage.implementation.create({ type: "request", system: { origin: "request", status: "open", actorUuid: actor.uuid, skill: { kind: "skill", id: stealthId, name: "Stealth", type: "" }, ob: 1 } } as unknown as ChatMessage.CreateData)) as Message;
    const html = await draw(forged, env.player);
    expect(html.querySelector(".goldhack-card--invalid")).not.toBeNull();
    expect(actionsOf(html)).toEqual([]);
  });
});
