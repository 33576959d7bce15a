import { beforeEach, describe, expect, it } from "vitest";
import type { ActionResult } from "../../src/dice/action-result";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { installChatSupport, installDice, scriptedFaces, setRandom } from "./dice";
import { installSocket, type SocketRelay } from "./socket";
import { addItems, chatMessages, createSela, type FoundryEnv, installGoldHack, type StandInUser } from "./documents";

let env: FoundryEnv;
let actor: GoldHackActor;
let skillId: string;
let magicId: string;
let relay: SocketRelay;
let cardState: typeof import("../../src/dice/test-card-state");
let RollClass: typeof GoldHackRoll;
let actions: typeof import("../../src/dice/card-actions");

type Message = ChatMessage.Implementation;

const fate = () => (actor.system as unknown as { fate: { value: number } }).fate.value;
const itemSystem = (id: string) => actor.items.get(id)?.system as unknown as Record<string, number | boolean>;
const cards = () => chatMessages().filter((m) => m.rolls.length > 0) as unknown as Message[];
const rollOf = (message: Message | undefined) => message?.rolls[0] as unknown as GoldHackRoll;
/** The Test as the card now stands (roll and `system` state together). */
const stateOf = (message: Message | undefined) => (message ? cardState.testCardOf(message)?.test : undefined);
/** Requests a player's client sent the GM over the socket. */
const requestsToGM = () => relay.emitted.filter((e) => (e.data as { to?: string }).to === env.gm.id && "name" in (e.data as object));

function choice(overrides: Partial<TestChoice> = {}): TestChoice {
  return { kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Swords", rating: 4, potential: 4, ob: 3, magic: false, persona: 0, modifiers: [], ...overrides };
}

/** Rolls a Test as `user` with the given faces; returns its card. */
async function rollAs(user: StandInUser, faces: number[], overrides: Partial<TestChoice> = {}): Promise<Message> {
  env.setUser(user);
  setRandom(scriptedFaces(faces));
  const message = await RollClass.rollTest(choice(overrides));
  if (!message) throw new Error("no card");
  return message;
}

/** Clicks a card action as `user`, the way the chat button does. */
async function click(user: StandInUser, message: Message, action: Parameters<typeof actions.requestCardAction>[1]): Promise<ActionResult> {
  env.setUser(user);
  return actions.requestCardAction(message, action);
}

beforeEach(async () => {
  env = await installGoldHack();
  installDice();
  await installChatSupport("en");
  (await import("../../src/dice/register")).registerDice();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  actions = await import("../../src/dice/card-actions");
  cardState = await import("../../src/dice/test-card-state");
  relay = installSocket();
  (await import("../../src/channel")).listenOnChannel();
  ({ actor, skillId, magicId } = await createSela(env));
});

describe("Fate on a non-Magic roll", () => {
  it("explodes only the sixes: one new die per six, each exploding in turn, in place on the same card", async () => {
    const message = await rollAs(env.player, [6, 1, 6, 2]);
    expect(rollOf(message).outcome).toMatchObject({ hits: 2, passed: false });
    // Two sixes → two Fate dice: 6 (explodes again) then 5, then 1.
    setRandom(scriptedFaces([6, 5, 1]));
    expect(await click(env.player, message, { action: "spendFate" })).toEqual({ ok: true });
    expect(cards()).toHaveLength(1);
    const roll = rollOf(cards()[0]);
    expect(roll.formula).toBe("4d6cs>=4 + 2d6x6cs>=4");
    const fateTerm = roll.dice[1];
    expect(fateTerm?.number).toBe(2);
    expect(fateTerm?.results.map((r) => r.result)).toEqual([6, 5, 1]);
    expect(roll.dice[0]?.results.map((r) => r.exploded ?? false)).toEqual([true, false, true, false]);
    expect(roll.faces).toEqual([6, 1, 6, 2, 6, 5, 1]);
    expect(roll.outcome).toMatchObject({ hits: 4, passed: true, extraHits: 1 });
    expect(stateOf(cards()[0])?.fateSpent).toBe(1);
    expect(stateOf(cards()[0])?.fate).toMatchObject({ kind: "explode", userId: env.player.id, passedBefore: false });
    expect(fate()).toBe(2);
  });

  it("is refused when there is no six to explode, spending nothing", async () => {
    const message = await rollAs(env.player, [1, 2, 3, 4]);
    const result = await click(env.player, message, { action: "spendFate" });
    expect(result).toEqual({ ok: false, problem: { key: "GOLDHACK.Chat.Error.FateNoEffect" } });
    expect(fate()).toBe(3);
    expect(stateOf(cards()[0])?.fate).toBeNull();
  });
});

describe("Fate on a Magic roll", () => {
  it("rerolls exactly the chosen die, striking the old one out, and a rerolled 6 explodes", async () => {
    const message = await rollAs(env.player, [2, 5, 1], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 3 });
    setRandom(scriptedFaces([6, 4]));
    expect(await click(env.player, message, { action: "rerollDie", die: 2 })).toEqual({ ok: true });
    const roll = rollOf(cards()[0]);
    const first = roll.dice[0]?.results ?? [];
    expect(first.map((r) => [r.result, r.active, r.rerolled ?? false])).toEqual([
      [2, true, false],
      [5, true, false],
      [1, false, true],
    ]);
    expect(roll.dice[1]?.results.map((r) => r.result)).toEqual([6, 4]);
    expect(roll.formula).toBe("3d6x6cs>=4 + 1d6x6cs>=4");
    expect(roll.faces).toEqual([2, 5, 6, 4]);
    expect(roll.outcome).toMatchObject({ hits: 3, passed: true });
    expect(stateOf(cards()[0])?.fate).toMatchObject({ kind: "reroll", dieIndex: 2 });
    expect(fate()).toBe(2);
  });

  it("refuses a die that may not be rerolled (a six, or none named)", async () => {
    const message = await rollAs(env.player, [6, 1, 2, 3], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 3 });
    expect(await click(env.player, message, { action: "rerollDie", die: 0 })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.BadDie" } });
    expect(await click(env.player, message, { action: "spendFate" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.BadDie" } });
    expect(fate()).toBe(3);
  });
});

describe("single use and permission", () => {
  it("refuses a second Fate on the same roll, even two clicks at once", async () => {
    const message = await rollAs(env.player, [6, 6, 1, 1]);
    setRandom(scriptedFaces([1, 1, 1, 1]));
    const [a, b] = await Promise.all([click(env.player, message, { action: "spendFate" }), click(env.player, message, { action: "spendFate" })]);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, problem: { key: "GOLDHACK.Chat.Error.FateSpent" } });
    expect(await click(env.player, message, { action: "spendFate" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.FateSpent" } });
    expect(fate()).toBe(2);
    expect(rollOf(cards()[0]).dice).toHaveLength(2);
  });

  it("lets no one who does not own the actor spend its Fate, here or through the GM", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1]);
    const result = await click(env.otherPlayer, message, { action: "spendFate" });
    expect(result).toEqual({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotOwner", data: { actor: "Sela" } } });
    // The other player's client skips its own check and asks the GM, naming the owner in the payload:
    // the GM acts for the user the server names, and refuses.
    const channel = await import("../../src/channel");
    env.setUser(env.otherPlayer);
    // A payload naming a user is outside the action's schema (issue 26); without one, the server's sender decides.
    const forged = await channel.askGM("goldhack.card", { messageId: message.id ?? "", userId: env.player.id, user: env.player.id, action: { action: "spendFate" } });
    expect(forged).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "userId" } } });
    const plain = await channel.askGM("goldhack.card", { messageId: message.id ?? "", action: { action: "spendFate" } });
    expect(plain).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotOwner" } });
    expect(fate()).toBe(3);
    expect(stateOf(cards()[0])?.fate).toBeNull();
  });

  it("sends an owner's action on a card the GM posted through the active GM, who re-validates it", async () => {
    const message = await rollAs(env.gm, [6, 1, 1, 1]);
    setRandom(scriptedFaces([5]));
    expect(await click(env.player, message, { action: "spendFate" })).toEqual({ ok: true });
    expect(requestsToGM()).toHaveLength(1);
    expect(requestsToGM()[0]).toMatchObject({ from: env.player.id, data: { name: "goldhack.card", payload: { action: { action: "spendFate" } } } });
    // Nothing in the request names the asker: the server does.
    expect(JSON.stringify(requestsToGM()[0]?.data)).not.toContain("userId");
    expect(stateOf(cards()[0])?.fateSpent).toBe(1);
    expect(fate()).toBe(2);
    // A second request through the GM is refused there: single use holds on the applying client.
    expect(await click(env.player, message, { action: "spendFate" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.FateSpent" } });
    expect(requestsToGM()).toHaveLength(2);
  });

  it("refuses a request whose payload claims the GM, and a malformed action", async () => {
    const message = await rollAs(env.gm, [6, 1, 1, 1]);
    const channel = await import("../../src/channel");
    env.setUser(env.otherPlayer);
    const asGM = await channel.askGM("goldhack.card", { messageId: message.id ?? "", userId: env.gm.id, isGM: true, action: { action: "spendFate" } });
    expect(asGM).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "userId" } } });
    const asOwner = await channel.askGM("goldhack.card", { messageId: message.id ?? "", action: { action: "spendFate" } });
    expect(asOwner).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotOwner" } });
    const junk = await channel.askGM("goldhack.card", { messageId: message.id ?? "", action: { action: "rerollDie", die: "x" } });
    expect(junk).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "action.die" } } });
    expect(fate()).toBe(3);
    expect(stateOf(cards()[0])?.fate).toBeNull();
  });
});

describe("Dice So Nice", () => {
  it("animates only Fate's new dice, for everyone, when it is active", async () => {
    const shown: { formula: string; user: string | undefined; synchronize: boolean | undefined; messageId: string | null | undefined }[] = [];
    const showForRoll = async (roll: { formula: string }, user?: { id: string } | null, synchronize?: boolean, _whisper?: unknown, _blind?: unknown, messageId?: string | null) => {
      shown.push({ formula: roll.formula, user: user?.id, synchronize, messageId });
      return true;
    };
    (globalThis as unknown as { game: Record<string, unknown> }).game.dice3d = { showForRoll };
    const message = await rollAs(env.player, [6, 6, 1, 1]);
    expect(shown).toHaveLength(0);
    setRandom(scriptedFaces([2, 3]));
    await click(env.player, message, { action: "spendFate" });
    expect(shown).toEqual([{ formula: "2d6x6cs>=4", user: env.player.id, synchronize: true, messageId: message.id }]);
  });
});

describe("linked tests", () => {
  it("carry extra hits as bonus dice, or the Ob left as a penalty, into the owner's next dialog", async () => {
    const { linkedRequest, startLinkedTest } = await import("../../src/dice/linked-test");
    const passed = await rollAs(env.player, [4, 5, 6, 6], { ob: 2 });
    expect(linkedRequest(passed)).toEqual({ linked: { bonusDice: 2, obPenalty: 0, sourceMessageId: passed.id } });
    const failed = await rollAs(env.player, [4, 1, 1, 1], { ob: 3 });
    expect(linkedRequest(failed)).toEqual({ linked: { bonusDice: 0, obPenalty: 2, sourceMessageId: failed.id } });
    // The dialog itself is the dialog's business: record what it was asked to open.
    const opened: unknown[] = [];
    Object.assign(actor, { rollTest: async (request: unknown) => void opened.push(request) });
    expect(await startLinkedTest(failed, env.otherPlayer as unknown as User.Implementation)).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotOwner" } });
    expect(await startLinkedTest(failed, env.player as unknown as User.Implementation)).toEqual({ ok: true });
    expect(opened).toEqual([{ linked: { bonusDice: 0, obPenalty: 2, sourceMessageId: failed.id } }]);
  });
});

describe("the log and Fate", () => {
  it("logs once and corrects the log when Fate flips the outcome", async () => {
    // Ob 3, rating 4: faces 6 6 1 1 → 2 hits, failed, logged as a fail.
    const message = await rollAs(env.player, [6, 6, 1, 1]);
    expect(itemSystem(skillId)).toMatchObject({ rating: 4, passed: 0, failed: 1 });
    setRandom(scriptedFaces([4, 1]));
    await click(env.player, message, { action: "spendFate" });
    const roll = rollOf(cards()[0]);
    expect(roll.outcome?.passed).toBe(true);
    expect(itemSystem(skillId)).toMatchObject({ rating: 4, passed: 1, failed: 0 });
    expect(stateOf(cards()[0])?.log).toMatchObject({ kind: "skill", outcome: "passed", revised: true, before: { rating: 4, passed: 0, failed: 0 } });
  });

  it("re-resolves a recovery Test that Fate turns into a pass: the worsened Fallout is gone", async () => {
    const [tired] = await addItems(actor, [{ name: "Tired", type: "fallout", system: { rating: 2 } }]);
    const falloutId = tired?.id ?? "";
    const message = await rollAs(env.player, [6, 1, 1, 1], { kind: "recovery", skillId: null, skillName: "Potential", rating: 4, ob: 2, falloutId });
    expect(itemSystem(falloutId)).toMatchObject({ rating: 3 });
    setRandom(scriptedFaces([5]));
    await click(env.player, message, { action: "spendFate" });
    expect(actor.items.get(falloutId)).toBeUndefined();
    expect(stateOf(cards()[0])?.log).toEqual({ kind: "recovery", falloutId, passed: true });
  });

  it("teaches the skill when Fate turns an untrained fail into a pass", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1], { kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 1, learnSkillName: "Sailing" });
    expect(stateOf(message)?.log).toEqual({ kind: "learn", skillName: "Sailing", learned: false });
    expect(actor.items.find((i) => i.name === "Sailing")).toBeUndefined();
    setRandom(scriptedFaces([4]));
    await click(env.player, message, { action: "spendFate" });
    const sailing = actor.items.find((i) => i.name === "Sailing");
    expect(sailing?.system).toMatchObject({ skillType: "expertise", rating: 1 });
    expect(stateOf(cards()[0])?.log).toMatchObject({ kind: "learn", learned: true, itemId: sailing?.id });
  });

  // SRD: "If you Tested any Magic Skill, each 6 you rolled lets you roll 1 extra die" and "If you did Test Magic,
  // instead, spend 1 Fate point and re-roll a single die" (en, lines 273, 285); ruling-untrained-magic makes Potential
  // to learn a Magic Skill such a Test, so its Fate can take a pass away, and with it the Skill the pass taught.
  it("takes back the Skill an untrained Magic pass taught when a Fate reroll turns the pass into a fail", async () => {
    const message = await rollAs(env.player, [4, 4, 1, 1], { kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 1, magic: true, learnSkillName: "Summon", learnSkillType: "magic" });
    const summon = actor.items.find((i) => i.name === "Summon");
    expect(summon?.system).toMatchObject({ skillType: "magic", rating: 1 });
    setRandom(scriptedFaces([1]));
    expect(await click(env.player, message, { action: "rerollDie", die: 0 })).toEqual({ ok: true });
    expect(rollOf(cards()[0]).outcome).toMatchObject({ hits: 1, passed: false });
    expect(actor.items.find((i) => i.name === "Summon")).toBeUndefined();
    expect(stateOf(cards()[0])?.log).toMatchObject({ kind: "learn", skillName: "Summon", learned: false });
  });

  it("leaves the log alone when Fate does not flip the outcome", async () => {
    const message = await rollAs(env.player, [6, 1, 1, 1]);
    setRandom(scriptedFaces([2]));
    await click(env.player, message, { action: "spendFate" });
    expect(rollOf(cards()[0]).outcome?.passed).toBe(false);
    expect(itemSystem(skillId)).toMatchObject({ passed: 0, failed: 1 });
    expect(stateOf(cards()[0])?.log).toMatchObject({ outcome: "failed", revised: false });
  });
});

describe("Fallout", () => {
  it("is offered by the GM at the Ob left and, accepted by the owner, becomes a Fallout of that rating", async () => {
    const message = await rollAs(env.player, [4, 1, 2, 3], { ob: 3 });
    expect(rollOf(message).outcome?.remainingOb).toBe(2);
    expect(await click(env.player, message, { action: "offerFallout" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotGM" } });
    expect(await click(env.gm, message, { action: "offerFallout" })).toEqual({ ok: true });
    expect(stateOf(cards()[0])?.fallout).toEqual({ status: "offered", rating: 2 });
    expect(await click(env.otherPlayer, message, { action: "acceptFallout", name: "Bruised" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotOwner" } });
    expect(await click(env.player, message, { action: "acceptFallout", name: "Bruised" })).toEqual({ ok: true });
    const item = actor.items.find((i) => i.type === "fallout");
    expect(item?.name).toBe("Bruised");
    expect(item?.system).toMatchObject({ rating: 2, permanent: false });
    expect(stateOf(cards()[0])?.fallout).toEqual({ status: "accepted", rating: 2, itemId: item?.id });
    // Once taken, not again, and Fate no longer changes a Test whose Intent was granted.
    expect(await click(env.player, message, { action: "acceptFallout", name: "Bruised" })).toMatchObject({ ok: false });
    expect(await click(env.player, message, { action: "spendFate" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.Settled" } });
    expect(actor.items.filter((i) => i.type === "fallout")).toHaveLength(1);
    expect(fate()).toBe(3);
  });

  it("is not offered on a passed Test, and a refusal leaves the actor untouched", async () => {
    const passed = await rollAs(env.player, [4, 5, 6, 1], { ob: 2 });
    expect(await click(env.gm, passed, { action: "offerFallout" })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotFailed" } });
    const failed = await rollAs(env.player, [1, 1, 1, 1], { ob: 2 });
    await click(env.gm, failed, { action: "offerFallout" });
    expect(await click(env.player, failed, { action: "refuseFallout" })).toEqual({ ok: true });
    expect(stateOf(cards()[1])?.fallout).toEqual({ status: "refused", rating: 2 });
    expect(actor.items.filter((i) => i.type === "fallout")).toHaveLength(0);
  });
});
