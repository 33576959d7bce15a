import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackActor, TestOutcome } from "../../src/documents/actor";
import type { GoldHackItem } from "../../src/documents/item";
import { canAdvance } from "../../src/rules/learning";
import { addItems, chatMessages, createActor, type FoundryEnv, installGoldHack } from "./documents";

let env: FoundryEnv;
let actor: GoldHackActor;

const skillState = (item: GoldHackItem | undefined) => {
  const { rating, passed, failed } = item?.system as unknown as { rating: number; passed: number; failed: number };
  return { rating, passed, failed };
};

async function addSkill(system: object = {}): Promise<GoldHackItem> {
  const [skill] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, ...system } }]);
  if (!skill?.id) throw new Error("no skill");
  return skill;
}

beforeEach(async () => {
  env = await installGoldHack();
  actor = await createActor({ name: "Sela", type: "character", ownership: { default: 0, [env.player.id]: 3 } });
});

describe("logTest", () => {
  it("advances exactly when canAdvance says so, resetting the logs and posting a notice", async () => {
    const skill = await addSkill({ rating: 1 });
    // A fixed sequence walking ratings 1 → 3 with passes and fails in mixed order.
    const outcomes: TestOutcome[] = ["pass", "fail", "pass", "pass", "fail", "pass", "fail", "pass", "fail", "pass", "pass", "fail", "fail", "pass"];
    let advancements = 0;
    for (const outcome of outcomes) {
      const before = skillState(skill);
      const after = { ...before, [outcome === "pass" ? "passed" : "failed"]: before[outcome === "pass" ? "passed" : "failed"] + 1 };
      const expected = canAdvance(after.rating, after.passed, after.failed);
      const result = await actor.logTest(skill.id as string, outcome);
      expect(result).toEqual({ advanced: expected, before });
      expect(skillState(skill)).toEqual(expected ? { rating: before.rating + 1, passed: 0, failed: 0 } : after);
      if (expected) advancements += 1;
      expect(chatMessages()).toHaveLength(advancements);
    }
    expect(advancements).toBe(2);
    expect(skillState(skill).rating).toBe(3);
    expect(chatMessages()[0]?.content).toContain("Sela learned the next rating of Swords: now 2.");
    expect(chatMessages()[0]?.speaker).toMatchObject({ actor: actor.id, alias: "Sela" });
  });

  it("needs more passes than the rating and as many fails as the rating (SRD example at rating 2)", async () => {
    const skill = await addSkill({ rating: 2, passed: 3, failed: 1 });
    expect(await actor.logTest(skill.id as string, "pass")).toMatchObject({ advanced: false });
    expect(await actor.logTest(skill.id as string, "fail")).toMatchObject({ advanced: true });
    expect(skillState(skill)).toEqual({ rating: 3, passed: 0, failed: 0 });
  });

  it("keeps a Skill at the cap of 99 there: no rating 100, no logs wiped, no notice of a rise", async () => {
    const skill = await addSkill({ rating: 99, passed: 99, failed: 99 });
    expect(await actor.logTest(skill.id as string, "pass")).toEqual({ advanced: false, before: { rating: 99, passed: 99, failed: 99 } });
    expect(skillState(skill)).toEqual({ rating: 99, passed: 99, failed: 99 });
    expect(chatMessages()).toHaveLength(0);
    // Below the cap the last step still rises: 98 → 99.
    const near = await addSkill({ rating: 98, passed: 98, failed: 98 });
    expect(await actor.logTest(near.id as string, "pass")).toMatchObject({ advanced: true });
    expect(skillState(near)).toEqual({ rating: 99, passed: 0, failed: 0 });
    expect(chatMessages()[0]?.content).toContain("now 99.");
  });

  it("escapes names in the chat notice", async () => {
    await actor.update({ name: "<b>Sela</b>" });
    const skill = await addSkill({ rating: 0 });
    await actor.logTest(skill.id as string, "pass");
    expect(chatMessages()[0]?.content).toContain("&#60;b&#62;Sela&#60;/b&#62;");
  });

  it("refuses a user who does not own the actor, and an unknown skill", async () => {
    const skill = await addSkill();
    env.setUser(env.otherPlayer);
    expect(await actor.logTest(skill.id as string, "pass")).toBeNull();
    expect(skillState(skill)).toEqual({ rating: 2, passed: 0, failed: 0 });
    expect(env.notifications.warnings).toEqual(["You do not own Sela: nothing was changed."]);
    env.setUser(env.player);
    expect(await actor.logTest("nope", "pass")).toBeNull();
    expect(env.notifications.warnings[1]).toBe("Sela has no such Skill.");
    expect(await actor.logTest(skill.id as string, "pass")).toMatchObject({ advanced: false });
  });
});

describe("reviseTestLog", () => {
  it("turns a logged fail into a pass when Fate flips the outcome", async () => {
    const skill = await addSkill({ passed: 1, failed: 0 });
    const logged = await actor.logTest(skill.id as string, "fail");
    expect(skillState(skill)).toEqual({ rating: 2, passed: 1, failed: 1 });
    await actor.reviseTestLog(skill.id as string, logged?.before ?? { rating: 0, passed: 0, failed: 0 }, "pass");
    expect(skillState(skill)).toEqual({ rating: 2, passed: 2, failed: 0 });
    expect(chatMessages()).toHaveLength(0);
  });

  it("advances when the revised log is enough, and posts the notice", async () => {
    const skill = await addSkill({ passed: 2, failed: 2 });
    const logged = await actor.logTest(skill.id as string, "fail");
    expect(logged?.advanced).toBe(false);
    await actor.reviseTestLog(skill.id as string, logged?.before ?? { rating: 0, passed: 0, failed: 0 }, "pass");
    expect(skillState(skill)).toEqual({ rating: 3, passed: 0, failed: 0 });
    expect(chatMessages().map((m) => m.content)).toEqual([expect.stringContaining("now 3")]);
  });

  it("undoes an advancement the flipped outcome no longer earns", async () => {
    const skill = await addSkill({ passed: 3, failed: 1 });
    const logged = await actor.logTest(skill.id as string, "fail");
    expect(skillState(skill)).toEqual({ rating: 3, passed: 0, failed: 0 });
    await actor.reviseTestLog(skill.id as string, logged?.before ?? { rating: 0, passed: 0, failed: 0 }, "pass");
    expect(skillState(skill)).toEqual({ rating: 2, passed: 4, failed: 1 });
  });

  it("refuses when the skill was logged again since, with a warning", async () => {
    const skill = await addSkill();
    const logged = await actor.logTest(skill.id as string, "fail");
    await actor.logTest(skill.id as string, "pass");
    await actor.reviseTestLog(skill.id as string, logged?.before ?? { rating: 0, passed: 0, failed: 0 }, "pass");
    expect(skillState(skill)).toEqual({ rating: 2, passed: 1, failed: 1 });
    expect(env.notifications.warnings).toEqual(["Swords was logged again since that Test: correct its Passed and Failed Tests by hand."]);
  });
});

describe("learnSkill", () => {
  it("creates the skill an untrained pass teaches at rating 1, with a notice", async () => {
    const learned = await actor.learnSkill("  Sailing ", "survive");
    expect(learned?.name).toBe("Sailing");
    expect(learned?.system).toMatchObject({ skillType: "survive", rating: 1, passed: 0, failed: 0 });
    expect(actor.items.filter((i) => i.type === "skill")).toHaveLength(1);
    expect(chatMessages()[0]?.content).toContain("Sela learned a new Skill: Sailing at rating 1.");
  });

  it("returns the known skill instead of a second one (names compared without case)", async () => {
    const skill = await addSkill();
    expect(await actor.learnSkill("swords", "fight")).toBe(skill);
    expect(actor.items.size).toBe(1);
    expect(env.notifications.warnings).toEqual(["Already has the Skill Swords."]);
  });

  it("refuses an unknown Type, a blank name and a user who does not own the actor", async () => {
    expect(await actor.learnSkill("Sailing", "seafaring")).toBeNull();
    expect(await actor.learnSkill("  ", "survive")).toBeNull();
    env.setUser(env.otherPlayer);
    expect(await actor.learnSkill("Sailing", "survive")).toBeNull();
    expect(actor.items.size).toBe(0);
    expect(env.notifications.warnings).toEqual(['"seafaring" is not a Type of Skill.', "Name the Skill to learn.", "You do not own Sela: nothing was changed."]);
  });
});
