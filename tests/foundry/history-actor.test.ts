import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { TEST_HISTORY_LIMIT } from "../../src/data/test-history";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv, type StandInActor } from "./documents";
import { installRequestWorld, settle, type RequestWorld } from "./request-env";

type Message = ChatMessage.Implementation;

let world: RequestWorld;
let env: FoundryEnv;
let actor: GoldHackActor;
let skillId: string;
let RollClass: typeof GoldHackRoll;
let history: typeof import("../../src/history/actor-history");
let actions: typeof import("../../src/dice/card-actions");

function choice(overrides: Partial<TestChoice> = {}): TestChoice {
  return { kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Stealth", rating: 3, potential: 4, ob: 2, magic: false, persona: 0, modifiers: [], ...overrides };
}

/** Rolls as the player, as the test dialog would once submitted. */
async function roll(faces: number[], overrides: Partial<TestChoice> = {}): Promise<Message> {
  env.setUser(env.player);
  setRandom(scriptedFaces(faces));
  const c = choice(overrides);
  const message = await RollClass.rollTest(c);
  if (!message) throw new Error("no card");
  // GoldHackRoll.rollTest fires goldhack.testRolled; the history listens.
  await settle();
  return message;
}

beforeEach(async () => {
  world = await installRequestWorld("en");
  env = world.env;
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  history = await import("../../src/history/actor-history");
  actions = await import("../../src/dice/card-actions");
  actor = await createActor({ name: "Sela", type: "character", system: { age: "young", fate: { value: 2 }, persona: { value: 0 } }, ownership: { default: 0, [env.player.id]: 3 } });
  const [skill] = await addItems(actor, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  skillId = skill?.id ?? "";
});

describe("the per-actor test history", () => {
  it("keeps Intent, Task, Ob, outcome, scene and a link to each card, newest first", async () => {
    const first = await roll([5, 5, 1], { intent: "Slip past", task: "Creep" });
    world.viewScene("scene2");
    const second = await roll([1, 1, 1], { intent: "Find the map", task: "Search", ob: 3 });
    const entries = history.testHistory(actor);
    expect(entries.map((e) => e.messageId)).toEqual([second.id, first.id]);
    expect(entries[1]).toMatchObject({ messageUuid: first.uuid, skillName: "Stealth", ob: 2, intent: "Slip past", task: "Creep", outcome: "passed", sceneId: "scene1", memory: 0 });
    expect(entries[0]).toMatchObject({ outcome: "failed", sceneId: "scene2", ob: 3 });
    expect(game.messages?.get(entries[0]?.messageId ?? "")).toBe(second);
    // The same history through the actor's typed accessor.
    expect(actor.testHistory).toEqual(entries);
  });

  it(`keeps only the last ${TEST_HISTORY_LIMIT}`, async () => {
    const ids: string[] = [];
    for (let n = 0; n < TEST_HISTORY_LIMIT + 2; n++) ids.push((await roll([5, 5, 1], { intent: `Intent ${n}` })).id ?? "");
    const entries = history.testHistory(actor);
    expect(entries).toHaveLength(TEST_HISTORY_LIMIT);
    expect(entries.map((e) => e.messageId)).toEqual(ids.slice(2).reverse());
  });

  it("survives a reload: it is the actor's data", async () => {
    await roll([5, 5, 1], { intent: "Slip past", task: "Creep" });
    const before = history.testHistory(actor);
    const ActorClass = CONFIG.Actor.documentClass as unknown as new (data: object) => StandInActor;
    const reloaded = new ActorClass(JSON.parse(JSON.stringify((actor as unknown as StandInActor).toObject())));
    expect(history.testHistory(reloaded as unknown as GoldHackActor)).toEqual(before);
    expect(before).toHaveLength(1);
  });

  it("is written only by an owner", async () => {
    const message = await roll([5, 5, 1]);
    env.setUser(env.otherPlayer);
    const entry = history.historyEntryFor(message, choice({ intent: "Sneaky" }), { passed: true });
    expect(await history.recordTest(actor, { ...entry, messageId: "other" })).toBe(false);
    expect(history.testHistory(actor).map((e) => e.messageId)).toEqual([message.id]);
  });

  it("follows Fate when it flips the outcome on the card", async () => {
    const message = await roll([6, 1, 1], { ob: 2 });
    expect(history.testHistory(actor)[0]?.outcome).toBe("failed");
    setRandom(scriptedFaces([5]));
    expect(await actions.requestCardAction(message, { action: "spendFate" })).toEqual({ ok: true });
    // The updateChatMessage hook runs without being awaited; let it finish.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.testHistory(actor)[0]).toMatchObject({ messageId: message.id, outcome: "passed" });
  });

  it("is readable through game.goldhack", async () => {
    await roll([5, 5, 1], { intent: "Slip past" });
    expect(game.goldhack?.testHistory(actor).map((e) => e.intent)).toEqual(["Slip past"]);
  });
});
