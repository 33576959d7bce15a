import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { installRequestWorld, settle } from "./request-env";

/** Issue 26 item 6: a hook nobody awaits reports its failure (console + one localised notification) and never rejects unhandled. */
let env: FoundryEnv;
let actor: GoldHackActor;
let skillId: string;
let RollClass: typeof GoldHackRoll;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

beforeEach(async () => {
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
  const world = await installRequestWorld("en");
  env = world.env;
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  actor = await createActor({ name: "Sela", type: "character", system: { age: "young", fate: { value: 2 }, persona: { value: 0 } }, ownership: { default: 0, [env.player.id]: 3 } });
  const [skill] = await addItems(actor, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  skillId = skill?.id ?? "";
});

afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});

describe("hooks nobody awaits", () => {
  it("the updateChatMessage history hook reports a refused write instead of rejecting unhandled", async () => {
    env.setUser(env.player);
    setRandom(scriptedFaces([6, 1, 1]));
    const choice: TestChoice = { kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Stealth", rating: 3, potential: 4, ob: 2, magic: false, persona: 0, modifiers: [] };
    const message = await RollClass.rollTest(choice);
    if (!message) throw new Error("no card");
    await settle();
    // The history's write is refused from now on (a damaged record the server will not take).
    actor.setFlag = () => Promise.reject(new Error("refused"));
    const errorsBefore = env.notifications.errors.length;
    setRandom(scriptedFaces([5]));
    const actions = await import("../../src/dice/card-actions");
    // The player clicks "spend Fate" on her card; the card updates, and the updateChatMessage hook revises the history.
    expect(await actions.requestCardAction(message, { action: "spendFate" })).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).toEqual([]);
    expect(env.notifications.errors.slice(errorsBefore)).toEqual(["Goldhack: something that ran in the background failed. The console (F12) shows what."]);
  });

  it("settle reports a rejection and a throw, and lets a plain value pass", async () => {
    const { settle: run } = await import("../../src/safe-hook");
    const before = env.notifications.errors.length;
    run(Promise.reject(new Error("late")), "a late failure");
    run(() => {
      throw new Error("early");
    }, "an early failure");
    run(undefined, "nothing");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).toEqual([]);
    expect(env.notifications.errors.length - before).toBe(2);
  });
});
