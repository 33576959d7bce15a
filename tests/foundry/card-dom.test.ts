/**
 * The Test card as Foundry draws it (GoldHackChatMessage#renderHTML on the stand-in), clicked in a real
 * DOM; the races of issue 9 with a controllable write latency; 0.1.0 cards; and the permission matrix.
 */
import { Window } from "happy-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { installChatSupport, installDice, scriptedFaces, setRandom } from "./dice";
import { chatMessages, createSela, type FoundryEnv, installGoldHack, setWriteLatency, type StandInUser } from "./documents";
import { installSocket, type SocketRelay } from "./socket";

type Message = ChatMessage.Implementation;
let env: FoundryEnv;
let relay: SocketRelay;
let actor: GoldHackActor;
let skillId: string;
let RollClass: typeof GoldHackRoll;
let cardState: typeof import("../../src/dice/test-card-state");
let actions: typeof import("../../src/dice/card-actions");

const fate = () => (actor.system as unknown as { fate: { value: number } }).fate.value;
const stateOf = (message: Message) => cardState.testCardOf(game.messages?.get(message.id ?? "") as Message)?.test;
const choice = (overrides: Partial<TestChoice> = {}): TestChoice => ({
  kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Swords", rating: 4, potential: 4, ob: 3, magic: false, persona: 0, modifiers: [], ...overrides,
});

async function rollAs(user: StandInUser, faces: number[], overrides: Partial<TestChoice> = {}): Promise<Message> {
  env.setUser(user);
  setRandom(scriptedFaces(faces));
  const message = await RollClass.rollTest(choice(overrides));
  if (!message) throw new Error("no card");
  return message;
}

/** Draws the message as Foundry would, for `user`, into the page. */
async function draw(message: Message, user: StandInUser): Promise<HTMLElement> {
  env.setUser(user);
  const current = game.messages?.get(message.id ?? "") as unknown as { renderHTML(): Promise<HTMLElement> };
  const html = await current.renderHTML();
  document.body.replaceChildren(html as unknown as Parameters<typeof document.body.replaceChildren>[0]);
  return html;
}

/** Every observable piece of state a card action could change. */
const snapshot = (message: Message) => JSON.stringify({ card: (game.messages?.get(message.id ?? "") as unknown as { toObject(): unknown }).toObject(), fate: fate(), items: actor.items.contents.map((i) => i.name) });

// A real DOM from happy-dom for the page; the stand-ins themselves read files through node.
const page = new Window({ url: "http://localhost/" });
const dom = { document: page.document, Element: page.Element, HTMLElement: page.HTMLElement, MouseEvent: page.MouseEvent, CSS: page.CSS };
Object.assign(globalThis, dom);
const { document } = dom;
const MouseEvent = dom.MouseEvent;

afterEach(() => setWriteLatency(0));

beforeEach(async () => {
  env = await installGoldHack();
  installDice();
  await installChatSupport("en");
  (await import("../../src/dice/register")).registerDice();
  relay = installSocket();
  (await import("../../src/channel")).listenOnChannel();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  cardState = await import("../../src/dice/test-card-state");
  actions = await import("../../src/dice/card-actions");
  ({ actor, skillId } = await createSela(env));
});

describe("the rendered Test card", () => {
  it("is drawn from the message's own render, and a click on a button's icon reaches its action, with the buttons disabled while it runs", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1]);
    const html = await draw(message, env.player);
    const button = html.querySelector<HTMLButtonElement>('button[data-action="spendFate"]');
    expect(button).not.toBeNull();
    relay.delay = 20;
    setRandom(scriptedFaces([5]));
    const inner = document.createElement("span");
    button?.append(inner as unknown as Node);
    inner.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(button?.disabled).toBe(true);
    await relay.idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button?.disabled).toBe(false);
    expect(stateOf(message)?.fate).toMatchObject({ kind: "explode", userId: env.player.id });
    expect(fate()).toBe(2);
    // Drawn again, the card no longer offers Fate.
    expect((await draw(message, env.player)).querySelector('[data-action="spendFate"]')).toBeNull();
  });

  it("offers only the dice that missed for a Magic Fate reroll, every die once the player asks, and rerolls a hit chosen then", async () => {
    const message = await rollAs(env.player, [5, 1, 4, 2], { magic: true });
    const offered = (html: HTMLElement) => [...html.querySelectorAll<HTMLElement>('button[data-action="rerollDie"]')].map((b) => [b.dataset.die, b.textContent]);
    let html = await draw(message, env.player);
    expect(offered(html)).toEqual([["1", "1"], ["3", "2"]]);
    const toggle = html.querySelector<HTMLButtonElement>('button[data-action="showAllDice"]');
    expect(toggle?.getAttribute("aria-pressed")).toBe("false");
    toggle?.dispatchEvent(new MouseEvent("click", { bubbles: true }) as unknown as Event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    html = document.body.firstElementChild as unknown as HTMLElement;
    expect(offered(html)).toEqual([["0", "5"], ["1", "1"], ["2", "4"], ["3", "2"]]);
    expect(html.querySelector('button[data-action="showAllDice"]')?.getAttribute("aria-pressed")).toBe("true");
    // Nothing was written: the toggle is this client's view only.
    expect(stateOf(message)?.fate).toBeNull();
    setRandom(scriptedFaces([1]));
    html.querySelector<HTMLButtonElement>('button[data-action="rerollDie"][data-die="0"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }) as unknown as Event);
    await relay.idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stateOf(message)?.fate).toMatchObject({ kind: "reroll", userId: env.player.id });
    expect(fate()).toBe(2);
    // The card another player sees offers nothing, toggle included.
    expect((await draw(message, env.otherPlayer)).querySelectorAll(".message-content [data-action]")).toHaveLength(0);
  });

  it("remembers whether this user keeps the pool and Ob breakdown open, for the next card too", async () => {
    const message = await rollAs(env.player, [5, 1, 4, 2]);
    let details = (await draw(message, env.player)).querySelector<HTMLDetailsElement>("details.goldhack-test-card__details");
    expect(details?.open).toBe(false);
    if (!details) throw new Error("no breakdown");
    details.open = true;
    details.dispatchEvent(new page.Event("toggle") as unknown as Event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(game.settings?.get("goldhack", "cardDetails")).toBe(true);
    const next = await rollAs(env.player, [1, 1, 1, 1]);
    details = (await draw(next, env.player)).querySelector<HTMLDetailsElement>("details.goldhack-test-card__details");
    expect(details?.open).toBe(true);
  });

  it("shows a damaged card as a short notice with no actions, and does not throw", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1]);
    const roll = JSON.parse(JSON.stringify(message.rolls[0])) as { options: { goldhack: { plan: { dice: unknown } } } };
    roll.options.goldhack.plan.dice = "lots";
    env.setUser(env.gm);
    await message.update({ rolls: [JSON.stringify(roll)] });
    const html = await draw(message, env.gm);
    expect(html.querySelector(".message-content")?.textContent).toContain("This card is damaged");
    // The card offers nothing (the frame's own delete control is core's, not the card's).
    expect(html.querySelectorAll(".message-content [data-action]")).toHaveLength(0);
  });

  it("offers no Fallout and no linked Test once the actor is deleted", async () => {
    const message = await rollAs(env.player, [1, 1, 1, 1]);
    env.setUser(env.gm);
    await (actor as unknown as { delete(): Promise<unknown> }).delete();
    const html = await draw(message, env.gm);
    expect([...html.querySelectorAll<HTMLElement>(".message-content [data-action]")].map((b) => b.dataset.action)).toEqual([]);
  });
});

describe("no lost writes", () => {
  it("keeps the log and a Fate spend that race each other (the log written while Fate lands)", async () => {
    setWriteLatency(15);
    relay.delay = 5;
    env.setUser(env.player);
    setRandom(scriptedFaces([6, 6, 1, 1, 5, 5]));
    const rolling = RollClass.rollTest(choice());
    // Fate is asked for as soon as the card exists, while its log is on the way.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const card = chatMessages()[0] as unknown as Message;
    const spend = actions.requestCardAction(card, { action: "spendFate" });
    await Promise.all([rolling, spend]);
    await relay.idle();
    const state = stateOf(card);
    expect(state?.fate).toMatchObject({ kind: "explode" });
    expect(state?.log).toMatchObject({ kind: "skill" });
    // Logged once, for the outcome the card shows (a pass after Fate).
    expect(cardState.testCardOf(card)?.outcome.passed).toBe(true);
    expect(actor.items.get(skillId)?.system).toMatchObject({ passed: 1, failed: 0 });
  });

  it("keeps a Fallout offer made while the log is written", async () => {
    setWriteLatency(15);
    env.setUser(env.player);
    setRandom(scriptedFaces([1, 1, 1, 1]));
    const rolling = RollClass.rollTest(choice());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const card = chatMessages()[0] as unknown as Message;
    env.setUser(env.gm);
    const offer = actions.requestCardAction(card, { action: "offerFallout" });
    await Promise.all([rolling, offer]);
    await relay.idle();
    expect(stateOf(card)?.fallout).toEqual({ status: "offered", rating: 3 });
    expect(stateOf(card)?.log).toMatchObject({ kind: "skill", outcome: "failed" });
  });

  it("applies exactly one of two Fate spends at the same instant (player and GM), charging one point", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1]);
    await relay.idle();
    setWriteLatency(10);
    relay.delay = 5;
    setRandom(scriptedFaces([5, 5]));
    env.setUser(env.player);
    const a = actions.requestCardAction(message, { action: "spendFate" });
    env.setUser(env.gm);
    const b = actions.requestCardAction(message, { action: "spendFate" });
    const results = await Promise.all([a, b]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, problem: { key: "GOLDHACK.Chat.Error.FateSpent" } });
    expect(fate()).toBe(2);
  });

  it("shortens a Fallout name from a long Intent to the stored limit instead of refusing", async () => {
    const message = await rollAs(env.player, [1, 1, 1, 1], { intent: "x".repeat(200) });
    env.setUser(env.gm);
    await actions.requestCardAction(message, { action: "offerFallout" });
    const { falloutName } = await import("../../src/dice/render-test-message");
    const name = falloutName(cardState.testCardOf(message));
    expect(name.length).toBeLessThanOrEqual(200);
    env.setUser(env.player);
    expect(await actions.requestCardAction(message, { action: "acceptFallout", name: `Fallout: ${"y".repeat(400)}` })).toEqual({ ok: true });
    expect(actor.items.contents.find((i) => i.type === "fallout")?.name.length).toBeLessThanOrEqual(200);
  });
});

describe("0.1.0 Test cards (state in the roll's options)", () => {
  it("still render and still take Fate", async () => {
    const modern = await rollAs(env.player, [6, 1, 1, 1]);
    // The 0.1.0 shape: a base message whose roll carries the whole Test, log included.
    const roll = JSON.parse(JSON.stringify(modern.rolls[0])) as { options: { goldhack: Record<string, unknown> } };
    roll.options.goldhack = { ...roll.options.goldhack, log: { kind: "skill", skillId, outcome: "failed", before: { rating: 4, passed: 0, failed: 0 }, revised: false } };
    env.setUser(env.player);
    const old = (await ChatMessage.implementation.create({ rolls: [JSON.stringify(roll)] })) as Message;
    expect(old.type).not.toBe("test");
    const html = await draw(old, env.player);
    expect(html.querySelector('[data-action="spendFate"]')).not.toBeNull();
    setRandom(scriptedFaces([5]));
    expect(await actions.requestCardAction(old, { action: "spendFate" })).toEqual({ ok: true });
    const after = cardState.testCardOf(game.messages?.get(old.id ?? "") as Message);
    expect(after?.modern).toBe(false);
    expect(after?.test.fate).toMatchObject({ kind: "explode" });
    expect(after?.test.log).toMatchObject({ kind: "skill" });
  });
});

describe("the permission matrix", () => {
  type Who = "gm" | "owner" | "other" | "observer" | "forged";
  const cases: { action: Parameters<typeof actions.requestCardAction>[1]; faces: number[]; allowed: Who[]; setup?: "offer" }[] = [
    { action: { action: "spendFate" }, faces: [6, 1, 1, 1], allowed: ["gm", "owner"] },
    { action: { action: "rerollDie", die: 1 }, faces: [6, 1, 1, 1], allowed: ["gm", "owner"] },
    { action: { action: "offerFallout" }, faces: [1, 1, 1, 1], allowed: ["gm"] },
    { action: { action: "acceptFallout", name: "Hurt" }, faces: [1, 1, 1, 1], allowed: ["gm", "owner"], setup: "offer" },
    { action: { action: "refuseFallout" }, faces: [1, 1, 1, 1], allowed: ["gm", "owner"], setup: "offer" },
  ];
  for (const c of cases) {
    for (const who of ["gm", "owner", "other", "observer", "forged"] as Who[]) {
      const allowed = c.allowed.includes(who);
      it(`${c.action.action} by ${who}: ${allowed ? "applied" : "refused, nothing changed"}`, async () => {
        const magic = c.action.action === "rerollDie";
        const message = await rollAs(env.player, c.faces, magic ? { magic: true } : {});
        await relay.idle();
        if (c.setup === "offer") {
          env.setUser(env.gm);
          await actions.requestCardAction(message, { action: "offerFallout" });
        }
        const observer = env.otherPlayer;
        await (actor as unknown as { update(d: object): Promise<unknown> }).update({ [`ownership.${observer.id}`]: 2 });
        const user = who === "gm" ? env.gm : who === "owner" ? env.player : env.otherPlayer;
        const before = snapshot(message);
        setRandom(scriptedFaces([5, 5, 5]));
        env.setUser(user);
        const reply =
          who === "forged"
            ? await (await import("../../src/channel")).askGM("goldhack.card", { messageId: message.id, userId: env.player.id, isGM: true, action: c.action })
            : await actions.requestCardAction(message, c.action);
        expect(reply.ok).toBe(allowed);
        if (!allowed) expect(snapshot(message)).toBe(before);
        else expect(snapshot(message)).not.toBe(before);
      });
    }
  }
});
