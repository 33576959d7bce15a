import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { repeatedTestView } from "../../src/history/repeated-test-context";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { installRequestWorld, settle, type RequestWorld } from "./request-env";

let world: RequestWorld;
let env: FoundryEnv;
let sela: GoldHackActor;
let brom: GoldHackActor;
let RollClass: typeof GoldHackRoll;
let guard: typeof import("../../src/history/repeated-test");
let memory: typeof import("../../src/history/memory-store");

const sneak = { intent: "Slip past the guards", task: "Creep along the wall", ob: 3 };

async function character(name: string): Promise<GoldHackActor> {
  const actor = await createActor({ name, type: "character", system: { age: "young" }, ownership: { default: 0, [env.player.id]: 3 } });
  await addItems(actor, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  return actor;
}

async function roll(actor: GoldHackActor, declared: { intent: string; task: string; ob: number }): Promise<ChatMessage.Implementation> {
  env.setUser(env.player);
  setRandom(scriptedFaces([1, 1, 1]));
  const skill = actor.items.find((i) => i.type === "skill");
  const c: TestChoice = { kind: "skill", actorUuid: actor.uuid ?? "", skillId: skill?.id ?? "", skillName: "Stealth", rating: 3, potential: 4, magic: false, persona: 0, modifiers: [], ...declared };
  const message = await RollClass.rollTest(c);
  if (!message) throw new Error("no card");
  await settle();
  return message;
}

beforeEach(async () => {
  world = await installRequestWorld("en");
  env = world.env;
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  guard = await import("../../src/history/repeated-test");
  memory = await import("../../src/history/memory-store");
  sela = await character("Sela");
  brom = await character("Brom");
});

describe("the repeated-test guard in a scene", () => {
  it("blocks the same Test in the same scene, pointing at the earlier card and at what must change", async () => {
    const earlier = await roll(sela, sneak);
    const check = guard.checkRepeatedForActor(sela, { intent: "slip past the GUARDS", task: sneak.task, ob: 4 });
    expect(check).toMatchObject({ blocked: true, changed: ["ob"], earlier: { messageId: earlier.id } });
    const view = repeatedTestView(check, { isGM: false, override: false }, env.i18n);
    expect(view.message).toBe("Only the Ob changed since Test 1 (Intent “Slip past the guards”, Task “Creep along the wall”): change the Intent or the Task too.");
    expect(view.holds).toBe(true);
    // Two of three changed: a new Test.
    expect(guard.checkRepeatedForActor(sela, { intent: "Steal the keys", task: sneak.task, ob: 4 })?.blocked).toBe(false);
  });

  it("remembers per actor and per scene", async () => {
    await roll(sela, sneak);
    expect(guard.checkRepeatedForActor(brom, sneak)?.blocked).toBe(false);
    world.viewScene("scene2");
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(false);
    world.viewScene("scene1");
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(true);
  });

  it("forgets a scene's Tests when the GM clears its memory, and only the GM may", async () => {
    await roll(sela, sneak);
    world.viewScene("scene2");
    await roll(sela, sneak);
    world.viewScene("scene1");
    env.setUser(env.player);
    expect(await memory.clearTestMemory()).toBe(false);
    expect(env.notifications.warnings).toEqual(["Only the GM can clear the test memory."]);
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(true);

    env.setUser(env.gm);
    expect(await memory.clearTestMemory()).toBe(true);
    expect(env.notifications.infos).toEqual(["Test memory cleared for The Gate: earlier Tests no longer block new ones."]);
    env.setUser(env.player);
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(false);
    world.viewScene("scene2");
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(true);
    // A Test rolled after the clear is remembered again.
    world.viewScene("scene1");
    await roll(sela, sneak);
    expect(guard.checkRepeatedForActor(sela, sneak)?.blocked).toBe(true);
  });

  it("lets the GM override, never a player", async () => {
    await roll(sela, sneak);
    const check = guard.checkRepeatedForActor(sela, sneak);
    expect(repeatedTestView(check, { isGM: false, override: true }, env.i18n)).toMatchObject({ holds: true, canOverride: false });
    expect(repeatedTestView(check, { isGM: true, override: false }, env.i18n)).toMatchObject({ holds: true, canOverride: true });
    expect(repeatedTestView(check, { isGM: true, override: true }, env.i18n)).toMatchObject({ holds: false, override: true });
  });

  it("does not check an Ob that is not a number yet", async () => {
    await roll(sela, sneak);
    expect(guard.checkRepeatedForActor(sela, { ...sneak, ob: null })).toBeNull();
  });
});
