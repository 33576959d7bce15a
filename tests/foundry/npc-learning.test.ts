/**
 * NPCs do not learn (issue 21): an NPC's Tests are not logged, its Skills do not advance, and an
 * untrained pass teaches it no new Skill; no public notice is posted. The guard lives in the actor's own
 * methods, so the dice path (which calls them) needs no change: checked here through a real roll too.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import type { GoldHackItem } from "../../src/documents/item";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, chatMessages, createActor, type FoundryEnv } from "./documents";
import { installRequestWorld, settle } from "./request-env";

let env: FoundryEnv;
let npc: GoldHackActor;
let skill: GoldHackItem;
let RollClass: typeof GoldHackRoll;

const logs = () => {
  const { rating, passed, failed } = skill.system as unknown as { rating: number; passed: number; failed: number };
  return { rating, passed, failed };
};

beforeEach(async () => {
  env = (await installRequestWorld("en")).env;
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  npc = await createActor({ name: "Captain", type: "npc", system: { ob: 3, potential: 4 } });
  [skill] = (await addItems(npc, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 1, passed: 1, failed: 1 } }])) as [GoldHackItem];
});

describe("an NPC does not learn", () => {
  it("logTest, reviseTestLog and learnSkill change nothing and post nothing, without a warning", async () => {
    // A character with these logs would advance on this pass (2 > 1 passed, 1 ≥ 1 failed).
    expect(await npc.logTest(skill.id as string, "pass")).toBeNull();
    await npc.reviseTestLog(skill.id as string, { rating: 1, passed: 1, failed: 0 }, "pass");
    expect(await npc.learnSkill("Sailing", "survive")).toBeNull();
    expect(logs()).toEqual({ rating: 1, passed: 1, failed: 1 });
    expect(npc.items.size).toBe(1);
    expect(chatMessages()).toHaveLength(0);
    expect(env.notifications.warnings).toEqual([]);
  });

  it("a rolled pass on its Skill leaves the Skill as it was, and an untrained pass teaches it nothing", async () => {
    const base = { actorUuid: npc.uuid ?? "", potential: 4, magic: false, persona: 0, modifiers: [], intent: "", task: "", ob: 1 };
    setRandom(scriptedFaces([6]));
    await RollClass.rollTest({ ...base, kind: "skill", skillId: skill.id ?? "", skillName: "Swords", rating: 1 } as TestChoice);
    await settle();
    setRandom(scriptedFaces([6, 6, 6, 6]));
    await RollClass.rollTest({ ...base, kind: "potential", skillId: null, skillName: "Potential", rating: 4, learnSkillName: "Sailing", learnSkillType: "survive" } as TestChoice);
    await settle();
    expect(logs()).toEqual({ rating: 1, passed: 1, failed: 1 });
    expect(npc.items.map((i) => i.name)).toEqual(["Swords"]);
    const notices = chatMessages().filter((m) => String(m.content ?? "").includes("goldhack-notice"));
    expect(notices).toEqual([]);
  });
});
