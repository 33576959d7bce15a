import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackConfig } from "../../src/config";
import { installGoldHack } from "./documents";

/** The Skill Type choices every Skill validates against: built once, rebuilt whenever the config changes. */
describe("skillTypeChoices", () => {
  let config: GoldHackConfig;
  beforeEach(async () => {
    const env = await installGoldHack();
    config = env.config.GOLDHACK as GoldHackConfig;
  });

  it("hands back the same record while the Types are unchanged (a big world validates thousands of Skills)", async () => {
    const { skillTypeChoices } = await import("../../src/data/item/skill-types");
    const first = skillTypeChoices();
    expect(Object.keys(first).sort()).toEqual(Object.keys(config.skillTypes).sort());
    expect(skillTypeChoices()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("follows a hack that adds, relabels or removes a Type after the first call", async () => {
    const { skillTypeChoices } = await import("../../src/data/item/skill-types");
    const first = skillTypeChoices();
    config.skillTypes.sail = { label: "MYHACK.Sail", explodes: false, practiceOrder: 9 };
    expect(skillTypeChoices().sail).toBe("MYHACK.Sail");
    const fight = config.skillTypes.fight;
    if (!fight) throw new Error("the SRD has a Fight Type");
    config.skillTypes.fight = { ...fight, label: "MYHACK.Brawl" };
    expect(skillTypeChoices().fight).toBe("MYHACK.Brawl");
    Reflect.deleteProperty(config.skillTypes, "sail");
    expect(skillTypeChoices()).not.toHaveProperty("sail");
    expect(skillTypeChoices()).not.toBe(first);
  });

  it("a Skill of a Type the hack added validates; one of a removed Type does not", async () => {
    const env = await installGoldHack();
    const cfg = env.config.GOLDHACK as GoldHackConfig;
    const model = (env.config as unknown as { Item: { dataModels: Record<string, { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] }> } }).Item.dataModels.skill;
    expect(model?.validateSource({ skillType: "sail", rating: 1 }, { clean: false })).not.toEqual([]);
    cfg.skillTypes.sail = { label: "MYHACK.Sail", explodes: false, practiceOrder: 9 };
    expect(model?.validateSource({ skillType: "sail", rating: 1 }, { clean: false })).toEqual([]);
    Reflect.deleteProperty(cfg.skillTypes, "sail");
    expect(model?.validateSource({ skillType: "sail", rating: 1 }, { clean: false })).not.toEqual([]);
  });
});
