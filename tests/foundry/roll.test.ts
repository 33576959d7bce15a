import { beforeEach, describe, expect, it } from "vitest";
import { installSocket } from "./socket";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { resolveTest } from "../../src/rules";
import { type ChatSupport, installChatSupport, installDice, scriptedFaces, setRandom, StandInDie, StandInRoll } from "./dice";
import { addItems, chatMessages, createActor, type FoundryEnv, installGoldHack } from "./documents";

let env: FoundryEnv;
let chat: ChatSupport;
let RollClass: typeof GoldHackRoll;
let actor: GoldHackActor;
let skillId: string;

const system = (doc: { system: unknown }) => doc.system as Record<string, unknown> & { fate: { value: number }; persona: { value: number } };
const itemSystem = (id: string) => actor.items.get(id)?.system as unknown as Record<string, number | boolean>;
const cards = () => chatMessages().filter((m) => m.rolls.length > 0);
const cardRoll = (index = 0) => cards()[index]?.rolls[0] as unknown as GoldHackRoll;
/** The Test as its card now stands: the roll's choice and plan with the card's state. */
const cardTest = (index = 0) => {
  const message = cards()[index];
  return message ? cardState.testCardOf(message as unknown as ChatMessage.Implementation)?.test : undefined;
};
let cardState: typeof import("../../src/dice/test-card-state");

function choice(overrides: Partial<TestChoice> = {}): TestChoice {
  return {
    kind: "skill",
    actorUuid: actor.uuid ?? "",
    skillId,
    skillName: "Swords",
    rating: 3,
    potential: 4,
    ob: 2,
    magic: false,
    persona: 0,
    modifiers: [],
    ...overrides,
  };
}

beforeEach(async () => {
  env = await installGoldHack();
  installDice();
  chat = await installChatSupport("en");
  const { registerDice } = await import("../../src/dice/register");
  registerDice();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  cardState = await import("../../src/dice/test-card-state");
  installSocket();
  (await import("../../src/channel")).listenOnChannel();
  actor = await createActor({
    name: "Sela",
    type: "character",
    system: { age: "young", fate: { value: 3 }, persona: { value: 2 } },
    ownership: { default: 0, [env.player.id]: 3 },
  });
  const [skill] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 3 } }]);
  skillId = skill?.id ?? "";
  env.setUser(env.player);
});

describe("the Roll/Die stand-in", () => {
  it("explodes sixes before counting, left to right as Foundry does, and marks what exploded", async () => {
    setRandom(scriptedFaces([6, 6, 2, 4]));
    const roll = await new StandInRoll("2d6x6cs>=4").evaluate();
    const die = roll.dice[0] as StandInDie;
    expect(die.results.map((r) => r.result)).toEqual([6, 6, 2, 4]);
    expect(die.results.map((r) => r.exploded ?? false)).toEqual([true, true, false, false]);
    expect(die.results.map((r) => r.success)).toEqual([true, true, false, true]);
    expect(roll.total).toBe(3);
    // Without x6 a six is just a hit.
    setRandom(scriptedFaces([6, 1]));
    const plain = await new StandInRoll("2d6cs>=4").evaluate();
    expect(plain.dice[0]?.results).toHaveLength(2);
    expect(plain.total).toBe(1);
    expect(() => new StandInRoll("2d8cs>=4")).toThrow();
  });
});

describe("registerDice", () => {
  it("registers the roll class, the Test card's message type and document class", async () => {
    const g = globalThis as unknown as { CONFIG: { Dice: { rolls: unknown[] }; ChatMessage: { dataModels: Record<string, unknown>; documentClass: unknown } } };
    expect(g.CONFIG.Dice.rolls).toContain(RollClass);
    const { GoldHackTestMessageData } = await import("../../src/data/chat-message/test-message");
    const { GoldHackChatMessage } = await import("../../src/documents/chat-message");
    expect(g.CONFIG.ChatMessage.dataModels.test).toBe(GoldHackTestMessageData);
    expect(g.CONFIG.ChatMessage.documentClass).toBe(GoldHackChatMessage);
  });
});

describe("GoldHackRoll", () => {
  it("uses Foundry's own dice formulas: Nd6cs>=4, and Nd6x6cs>=4 for Magic", () => {
    expect(RollClass.formulaFor({ dice: 3, explode: false })).toBe("3d6cs>=4");
    expect(RollClass.formulaFor({ dice: 5, explode: true })).toBe("5d6x6cs>=4");
  });

  it("round-trips its options, dice and outcome through toJSON/fromData", async () => {
    setRandom(scriptedFaces([6, 2, 5, 4]));
    await RollClass.rollTest(
      choice({
        persona: 1,
        intent: "Win the duel",
        modifiers: [{ kind: "trait-help", label: "Stubborn", dice: 1, ob: 0, sourceId: "t1" }, { kind: "fallout", label: "Tired", dice: 0, ob: 1 }],
      }),
    );
    const roll = cardRoll();
    expect(roll).toBeInstanceOf(RollClass);
    // Messages keep the class by name; Foundry finds it again in CONFIG.Dice.rolls.
    expect(roll.toJSON().class).toBe("GoldHackRoll");
    const back = RollClass.fromData(JSON.parse(JSON.stringify(roll.toJSON())));
    expect(back).toBeInstanceOf(RollClass);
    expect(back.options).toEqual(roll.options);
    expect(back.faces).toEqual(roll.faces);
    expect(back.outcome).toEqual(roll.outcome);
    const test = back.test;
    expect(test?.choice.modifiers.map((m) => m.label)).toEqual(["Stubborn", "Tired"]);
    expect(test?.choice.persona).toBe(1);
    expect(test?.choice.intent).toBe("Win the duel");
    // rating 3 + Stubborn 1 + Persona 1 dice; Ob 2 + Tired 1
    expect(test?.plan).toEqual({ dice: 5, ob: 3, untrained: false, explode: false });
    expect(back.formula).toBe("5d6cs>=4");
    expect(test?.fateSpent).toBe(0);
    // What changes after the roll lives in the card's `system`, not the roll: the roll keeps the Test as rolled.
    expect(test?.log).toBeNull();
    expect(cardTest()?.log).toMatchObject({ kind: "skill", skillId, before: { rating: 3, passed: 0, failed: 0 } });
  });

  it("spends Persona before rolling, posts one card and logs the outcome on the skill exactly once", async () => {
    setRandom(scriptedFaces([5, 4, 1, 2]));
    const message = await RollClass.rollTest(choice({ persona: 1 }));
    expect(message).not.toBeNull();
    expect(cards()).toHaveLength(1);
    expect(system(actor).persona.value).toBe(1);
    const roll = cardRoll();
    expect(roll.faces).toEqual([5, 4, 1, 2]);
    expect(roll.outcome).toEqual(resolveTest({ dice: 4, ob: 2, untrained: false, explode: false }, [5, 4, 1, 2]));
    expect(roll.outcome?.passed).toBe(true);
    expect(itemSystem(skillId)).toMatchObject({ rating: 3, passed: 1, failed: 0 });
    expect(cardTest()?.log).toEqual({ kind: "skill", skillId, outcome: "passed", before: { rating: 3, passed: 0, failed: 0 }, revised: false });
    // Re-reading the message logs nothing again.
    void cards()[0]?.rolls;
    expect(itemSystem(skillId)).toMatchObject({ passed: 1, failed: 0 });
  });

  it("rolls nothing and spends nothing when Persona is refused", async () => {
    const message = await RollClass.rollTest(choice({ persona: 3 }));
    expect(message).toBeNull();
    expect(cards()).toHaveLength(0);
    expect(system(actor).persona.value).toBe(2);
    expect(env.notifications.warnings.length).toBeGreaterThan(0);
  });

  it("rolls Potential at double Ob when untrained, and a pass teaches the skill at rating 1", async () => {
    // Potential 4 (young) at Ob 1 doubled to 2: two hits pass.
    setRandom(scriptedFaces([4, 6, 1, 1]));
    await RollClass.rollTest(choice({ kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 1, learnSkillName: "Sailing", learnSkillType: "survive" }));
    const test = cardTest();
    expect(test?.plan).toEqual({ dice: 4, ob: 2, untrained: true, explode: false });
    expect(cardRoll().outcome?.passed).toBe(true);
    const learned = actor.items.find((i) => i.name === "Sailing");
    expect(learned?.system).toMatchObject({ skillType: "survive", rating: 1 });
    expect(test?.log).toMatchObject({ kind: "learn", skillName: "Sailing", learned: true, itemId: learned?.id });
  });

  it("recovers with Potential against the Fallout's rating, not doubled, and applies the result at once", async () => {
    const [fallout] = await addItems(actor, [{ name: "Tired", type: "fallout", system: { rating: 2 } }]);
    const falloutId = fallout?.id ?? "";
    setRandom(scriptedFaces([1, 2, 3, 5]));
    await RollClass.rollTest(choice({ kind: "recovery", skillId: null, skillName: "Potential", rating: 4, ob: 2, falloutId }));
    const roll = cardRoll();
    expect(roll.test?.plan).toEqual({ dice: 4, ob: 2, untrained: false, explode: false });
    expect(roll.outcome?.passed).toBe(false);
    // A failed recovery worsens the Fallout by 1 (the rules' default), and nothing is logged on a skill.
    expect(itemSystem(falloutId)).toMatchObject({ rating: 3 });
    expect(itemSystem(skillId)).toMatchObject({ passed: 0, failed: 0 });
    expect(cardTest()?.log).toEqual({ kind: "recovery", falloutId, passed: false });
  });

  it("rolls Magic with exploding sixes and counts the exploded dice", async () => {
    const [cast] = await addItems(actor, [{ name: "Cast", type: "skill", system: { skillType: "magic", rating: 2 } }]);
    setRandom(scriptedFaces([6, 3, 6, 4]));
    await RollClass.rollTest(choice({ skillId: cast?.id ?? "", skillName: "Cast", rating: 2, magic: true, ob: 3 }));
    const roll = cardRoll();
    expect(roll.formula).toBe("2d6x6cs>=4");
    expect(roll.faces).toEqual([6, 3, 6, 4]);
    expect(roll.outcome).toMatchObject({ hits: 3, passed: true });
  });

  it("posts a GM-only roll whispered to the GMs when that roll mode is picked", async () => {
    chat.rollMode = "gmroll";
    setRandom(scriptedFaces([5, 5, 5]));
    await RollClass.rollTest(choice());
    expect(cards()[0]?.whisper).toEqual([env.gm.id]);
  });
});
