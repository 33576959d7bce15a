import { beforeEach, describe, expect, it } from "vitest";
import type { TestChoice, TestRequest } from "../../src/data/test-choice";
import type { TestDialogClass } from "../../src/documents/configured";
import type { GoldHackActor } from "../../src/documents/actor";
import { addItems, createActor, type FoundryEnv, installGoldHack } from "./documents";

// The dialog and the roll are other modules' work (and need the UI): the actor reaches both through CONFIG
// (src/documents/configured.ts), so here, as a module would, we put in their place ones that only record what
// the actor asked of them. The dialog answers with whatever the test queues, so each test decides the player.
const flow = {
  prompts: [] as { actor: unknown; request: TestRequest | undefined }[],
  openings: [] as { actor: unknown; request: TestRequest | undefined }[],
  answers: [] as (TestChoice | null)[],
  rolled: { by: [] as string[], choices: [] as TestChoice[] },
};
const recordingDialog: TestDialogClass = {
  prompt: async (actor, request) => {
    flow.prompts.push({ actor, request });
    return flow.answers.shift() ?? null;
  },
  openingChoice: async (actor, request) => {
    flow.openings.push({ actor, request });
    return flow.answers.shift() ?? null;
  },
};
/** A roll class in CONFIG.Dice.rolls (a function with a static rollTest), as ours and a module's subclass are. */
const rollClass = (name: string) =>
  Object.assign(() => undefined, {
    rollTest: async (choice: TestChoice) => {
      flow.rolled.by.push(name);
      flow.rolled.choices.push(choice);
      return { rolledFor: choice.skillName };
    },
  });

let env: FoundryEnv;
let actor: GoldHackActor;

beforeEach(async () => {
  flow.prompts.length = 0;
  flow.openings.length = 0;
  flow.answers.length = 0;
  flow.rolled.by.length = 0;
  flow.rolled.choices.length = 0;
  env = await installGoldHack();
  const config = env.config as unknown as { GOLDHACK: { applications: { testDialog?: TestDialogClass } }; Dice: { rolls: unknown[] } };
  config.GOLDHACK.applications.testDialog = recordingDialog;
  // Foundry's own Roll first, then ours, then a module's subclass pushed later: the last one that rolls Tests wins.
  config.Dice = { rolls: [() => undefined, rollClass("ours"), rollClass("module's")] };
  actor = await createActor({
    name: "Sela",
    type: "character",
    ownership: { default: 0, [env.player.id]: 3 },
    system: { age: "young", fate: { value: 2 }, persona: { value: 3 } },
  });
  env.setUser(env.player);
});

const pools = () => actor.system as unknown as { fate: { value: number }; persona: { value: number } };

describe("spendPersona and spendFate", () => {
  it("spend what the owner asks for", async () => {
    expect(await actor.spendPersona(2)).toBe(true);
    expect(await actor.spendFate()).toBe(true);
    expect(pools()).toMatchObject({ fate: { value: 1 }, persona: { value: 1 } });
    expect(env.notifications.warnings).toEqual([]);
  });

  it("refuse, warn and change nothing when there is not enough", async () => {
    expect(await actor.spendPersona(4)).toBe(false);
    await actor.spendFate();
    await actor.spendFate();
    expect(await actor.spendFate()).toBe(false);
    expect(pools()).toMatchObject({ fate: { value: 0 }, persona: { value: 3 } });
    expect(env.notifications.warnings).toEqual(["Not enough Persona: 3 left, 4 needed.", "Not enough Fate: 0 left, 1 needed."]);
  });

  it("refuse a user who does not own the actor", async () => {
    env.setUser(env.otherPlayer);
    expect(await actor.spendPersona(1)).toBe(false);
    expect(await actor.spendFate()).toBe(false);
    expect(pools()).toMatchObject({ fate: { value: 2 }, persona: { value: 3 } });
    expect(env.notifications.warnings).toEqual(["You do not own Sela: nothing was changed.", "You do not own Sela: nothing was changed."]);
  });

  it("let the GM spend for any actor", async () => {
    env.setUser(env.gm);
    expect(await actor.spendPersona(1)).toBe(true);
    expect(pools().persona.value).toBe(2);
  });

  it("refuse amounts that are not whole and positive, and actors without the pools", async () => {
    expect(await actor.spendPersona(0)).toBe(false);
    expect(await actor.spendPersona(1.5)).toBe(false);
    env.setUser(env.gm);
    const npc = await createActor({ name: "Guard", type: "npc" });
    expect(await npc.spendFate()).toBe(false);
    expect(env.notifications.warnings).toEqual([
      "Spend a whole number of points, at least 1 (asked for 0).",
      "Spend a whole number of points, at least 1 (asked for 1.5).",
      "Guard has no Fate or Persona to spend.",
    ]);
  });
});

describe("Fallout", () => {
  it("takeFallout creates the Fallout item with its rating", async () => {
    const fallout = await actor.takeFallout({ name: " Broken arm ", rating: 2, description: "<p>Ouch</p>" });
    expect(fallout?.type).toBe("fallout");
    expect(fallout?.name).toBe("Broken arm");
    expect(fallout?.system).toMatchObject({ rating: 2, permanent: false, description: "<p>Ouch</p>" });
    expect(actor.items.get(fallout?.id ?? "")).toBe(fallout);
  });

  it("takeFallout refuses a rating below 1 and a non-owner", async () => {
    expect(await actor.takeFallout({ name: "Tired", rating: 0 })).toBeNull();
    env.setUser(env.otherPlayer);
    expect(await actor.takeFallout({ name: "Tired", rating: 1 })).toBeNull();
    expect(actor.items.size).toBe(0);
    expect(env.notifications.warnings).toHaveLength(2);
  });

  it("recoverFromFallout opens a recovery Test against the Fallout's rating", async () => {
    const fallout = await actor.takeFallout({ name: "Sick", rating: 3 });
    expect(await actor.recoverFromFallout(fallout?.id ?? "")).toBeNull();
    expect(flow.prompts).toEqual([{ actor, request: { kind: "recovery", skillId: null, falloutId: fallout?.id, ob: 3, locked: { skill: true, ob: true } } }]);
    expect(flow.rolled.choices).toEqual([]);
  });

  it("recoverFromFallout refuses permanent Fallout with the rules' warning, opening nothing", async () => {
    const fallout = await actor.takeFallout({ name: "Lost eye", rating: 2, permanent: true });
    expect(await actor.recoverFromFallout(fallout?.id ?? "")).toBeNull();
    expect(flow.prompts).toEqual([]);
    expect(env.notifications.warnings).toEqual(["Permanent Fallout (rating 2) cannot be recovered with a Test."]);
  });

  it("resolveRecovery removes the Fallout on a pass and worsens it by 1 on a fail", async () => {
    const sick = await actor.takeFallout({ name: "Sick", rating: 2 });
    const tired = await actor.takeFallout({ name: "Tired", rating: 1 });
    expect(await actor.resolveRecovery(tired?.id ?? "", true)).toEqual({ recovered: true, fallout: null });
    expect(actor.items.get(tired?.id ?? "")).toBeUndefined();
    expect(await actor.resolveRecovery(sick?.id ?? "", false)).toEqual({ recovered: false, fallout: { rating: 3, permanent: false } });
    expect(sick?.system).toMatchObject({ rating: 3 });
    await actor.resolveRecovery(sick?.id ?? "", { hits: 1, passed: false, extraHits: 0, remainingOb: 2 }, "longer");
    expect(sick?.system).toMatchObject({ rating: 3 });
  });
});

describe("rollTest and its wrappers", () => {
  const choice = (overrides: Partial<TestChoice> = {}): TestChoice => ({
    kind: "skill",
    actorUuid: actor.uuid,
    skillId: null,
    skillName: "Swords",
    rating: 2,
    potential: 4,
    ob: 2,
    magic: false,
    persona: 0,
    modifiers: [],
    ...overrides,
  });

  it("rolls what the player chose in the dialog", async () => {
    const [swords] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2 } }]);
    flow.answers.push(choice({ skillId: swords?.id ?? null }));
    const message = await actor.rollSkill(swords?.id ?? "");
    expect(flow.prompts[0]?.request).toEqual({ kind: "skill", skillId: swords?.id });
    expect(flow.rolled.choices).toEqual([choice({ skillId: swords?.id ?? null })]);
    expect(flow.rolled.by).toEqual(["module's"]);
    expect(message).toEqual({ rolledFor: "Swords" });
  });

  it("with { dialog: false } rolls the dialog's opening choice, drawing no window", async () => {
    flow.answers.push(choice({ skillName: "Potential" }));
    await actor.rollTest({ kind: "potential", skillId: null }, { dialog: false });
    expect(flow.openings).toEqual([{ actor, request: { kind: "potential", skillId: null } }]);
    expect(flow.prompts).toEqual([]);
    expect(flow.rolled.choices).toEqual([choice({ skillName: "Potential" })]);
  });

  it("throws a setup error, opening and rolling nothing, when init registered no Test dialog", async () => {
    (env.config as unknown as { GOLDHACK: { applications: Record<string, unknown> } }).GOLDHACK.applications = {};
    await expect(actor.rollTest()).rejects.toThrow(/applications\.testDialog is not registered/);
    expect(flow.rolled.choices).toEqual([]);
  });

  it("rolls nothing when the dialog is cancelled", async () => {
    expect(await actor.rollPotential("Sailing")).toBeNull();
    expect(flow.prompts[0]?.request).toEqual({ kind: "potential", skillId: null, learnSkillName: "Sailing" });
    expect(flow.rolled.choices).toEqual([]);
  });

  it("opens nothing for an unknown skill or a user who does not own the actor", async () => {
    expect(await actor.rollSkill("nope")).toBeNull();
    env.setUser(env.otherPlayer);
    expect(await actor.rollTest()).toBeNull();
    expect(flow.prompts).toEqual([]);
    expect(env.notifications.warnings).toEqual(["Sela has no such Skill.", "You do not own Sela: nothing was changed."]);
  });
});
