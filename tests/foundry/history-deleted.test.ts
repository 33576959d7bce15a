/**
 * Deleting a document takes its memory with it (issue 21): a deleted Test card no longer blocks the same
 * Test nor lists among the recent Tests, and a deleted scene's memory leaves the setting (also one
 * deleted while no GM was there, tidied at `ready`). Foundry fires deleteChatMessage and deleteScene on
 * every client; the stand-in has one client, the current user's, so each test deletes as the user whose
 * client is to write.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { parseMemoryMarks, withoutGoneScenes } from "../../src/history/scene-memory";
import { withoutMessages, type TestHistoryEntry } from "../../src/data/test-history";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { installRequestWorld, settle } from "./request-env";

let env: FoundryEnv;
let sela: GoldHackActor;
let RollClass: typeof GoldHackRoll;
let guard: typeof import("../../src/history/repeated-test");
let memory: typeof import("../../src/history/memory-store");
let scenes: Map<string, { id: string; name: string }>;

const sneak = { intent: "Slip past the guards", task: "Creep along the wall", ob: 3 };

async function roll(declared: { intent: string; task: string; ob: number }): Promise<ChatMessage.Implementation> {
  env.setUser(env.player);
  setRandom(scriptedFaces([1, 1, 1]));
  const skill = sela.items.find((i) => i.type === "skill");
  const choice: TestChoice = { kind: "skill", actorUuid: sela.uuid ?? "", skillId: skill?.id ?? "", skillName: "Stealth", rating: 3, potential: 4, magic: false, persona: 0, modifiers: [], ...declared };
  const message = await RollClass.rollTest(choice);
  if (!message) throw new Error("no card");
  await settle();
  return message;
}

beforeEach(async () => {
  const world = await installRequestWorld("en");
  env = world.env;
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  guard = await import("../../src/history/repeated-test");
  memory = await import("../../src/history/memory-store");
  (await import("../../src/history/deleted-documents")).registerDeletedDocuments();
  // Scenes that can be deleted: Scene#delete fires deleteScene with the deleting user's id, as Foundry does.
  scenes = new Map([
    ["scene1", { id: "scene1", name: "The Gate" }],
    ["scene2", { id: "scene2", name: "The Tower" }],
  ]);
  const g = globalThis as unknown as { game: Record<string, unknown> };
  g.game.scenes = { viewed: scenes.get("scene1"), get: (id: string) => scenes.get(id) };
  sela = await createActor({ name: "Sela", type: "character", system: { age: "young" }, ownership: { default: 0, [env.player.id]: 3 } });
  await addItems(sela, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
});

async function deleteScene(id: string): Promise<void> {
  const scene = scenes.get(id);
  scenes.delete(id);
  env.hooks.callAll("deleteScene", scene, {}, env.gm.id);
  await settle();
}

describe("a deleted Test card", () => {
  it("deleted by the GM leaves the history, so it no longer blocks the same Test", async () => {
    const card = await roll(sneak);
    const other = await roll({ ...sneak, intent: "Steal the keys", task: "Pick the lock" });
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(true);
    env.setUser(env.gm);
    await (card as unknown as { delete(): Promise<unknown> }).delete();
    await settle();
    expect(sela.testHistory.map((e) => e.messageId)).toEqual([other.id]);
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(false);
  });

  it("deleted by its owner (the author) is written by her own client", async () => {
    const card = await roll(sneak);
    env.setUser(env.player);
    await (card as unknown as { delete(): Promise<unknown> }).delete();
    await settle();
    expect(sela.testHistory).toEqual([]);
  });

  it("a cleared chat log (many deletions at once) writes each actor's history once", async () => {
    const cards = [await roll(sneak), await roll({ ...sneak, ob: 5, task: "Run" }), await roll({ ...sneak, intent: "Hide" })];
    env.setUser(env.gm);
    let writes = 0;
    env.hooks.on("updateActor", () => void (writes += 1));
    for (const card of cards) await (card as unknown as { delete(): Promise<unknown> }).delete();
    await settle();
    expect(sela.testHistory).toEqual([]);
    expect(writes).toBe(1);
  });

  it("a message that is not a Test card changes nothing", async () => {
    await roll(sneak);
    env.setUser(env.gm);
    const chat = await ChatMessage.create({ content: "hello" });
    let writes = 0;
    env.hooks.on("updateActor", () => void (writes += 1));
    await (chat as unknown as { delete(): Promise<unknown> }).delete();
    await settle();
    expect(sela.testHistory).toHaveLength(1);
    expect(writes).toBe(0);
  });
});

describe("a deleted scene", () => {
  it("takes its memory out of the setting; other scenes' and the no-scene memory stay", async () => {
    env.setUser(env.gm);
    await memory.clearTestMemory("scene1");
    await memory.clearTestMemory("scene2");
    await memory.clearTestMemory(null);
    await deleteScene("scene2");
    expect(memory.memoryMarks()).toEqual({ scene1: 1, "": 1 });
  });

  it("deleted while no GM was there is dropped when a GM's client is ready", async () => {
    env.setUser(env.gm);
    await memory.clearTestMemory("scene1");
    await memory.clearTestMemory("scene2");
    scenes.delete("scene2");
    // What the ready hook runs (the other ready hooks need a DOM this file does not load).
    await (await import("../../src/history/deleted-documents")).onReadyForgetGoneScenes();
    expect(memory.memoryMarks()).toEqual({ scene1: 1 });
  });
});

describe("the pure parts", () => {
  const entry = (messageId: string): TestHistoryEntry => ({
    messageId, messageUuid: `ChatMessage.${messageId}`, kind: "skill", skillId: "s", skillName: "S", ob: 1, intent: "", task: "", outcome: "passed", timestamp: 1, sceneId: null, memory: 0, requestId: null,
  });
  it("withoutMessages drops exactly the deleted cards, null when none was there", () => {
    expect(withoutMessages([entry("a"), entry("b"), entry("c")], new Set(["b", "x"]))?.map((e) => e.messageId)).toEqual(["a", "c"]);
    expect(withoutMessages([entry("a")], new Set(["x"]))).toBeNull();
  });
  it("withoutGoneScenes keeps existing scenes and the no-scene key, null when nothing goes", () => {
    const marks = parseMemoryMarks({ a: 1, b: 2, "": 3 });
    expect(withoutGoneScenes(marks, (id) => id === "a")).toEqual({ a: 1, "": 3 });
    expect(withoutGoneScenes(marks, () => true)).toBeNull();
  });
});
