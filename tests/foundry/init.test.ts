import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackConfig } from "../../src/config";
import { setupConfig } from "../../src/hooks/setup-config";
import { BASIC_CHART } from "../../src/rules";
import { installHooksAndConfig, type StandInHooks } from "./hooks";

describe("CONFIG.GOLDHACK at init", () => {
  let hooks: StandInHooks;
  let config: Record<string, unknown>;
  beforeEach(() => ({ hooks, config } = installHooksAndConfig()));

  it("builds CONFIG.GOLDHACK from the SRD", () => {
    setupConfig();
    const gh = config.GOLDHACK as GoldHackConfig;
    expect(Object.keys(gh.skillTypes)).toEqual(["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive"]);
    expect(Object.values(gh.skillTypes).filter((t) => t.explodes)).toHaveLength(1);
    expect(gh.skillTypes.magic?.explodes).toBe(true);
    expect(gh.ages.elder).toMatchObject(BASIC_CHART.elder);
    expect(Object.keys(gh.obGrades).map(Number)).toEqual([1, 2, 3, 4, 5]);
    // Practice order, slowest to fastest. SRD: Downtime & Practice
    const order = Object.entries(gh.skillTypes).sort(([, a], [, b]) => a.practiceOrder - b.practiceOrder).map(([k]) => k);
    expect(order).toEqual(["magic", "lore", "craft", "expertise", "perform", "influence", "survive", "fight"]);
  });

  it("lets a hack change the config in goldhack.setup before anything reads it", () => {
    hooks.once("goldhack.setup", (cfg) => {
      const gh = cfg as GoldHackConfig;
      gh.skillTypes.sail = { label: "MYHACK.Sail", explodes: false, practiceOrder: 8 };
      if (gh.ages.child) gh.ages.child.potential = 6;
    });
    setupConfig();
    const gh = config.GOLDHACK as GoldHackConfig;
    expect(gh.skillTypes.sail?.label).toBe("MYHACK.Sail");
    expect(gh.ages.child?.potential).toBe(6);
    // the SRD chart itself is never touched by a hack
    expect(BASIC_CHART.child.potential).toBe(5);
  });
});
