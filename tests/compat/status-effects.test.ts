import { describe, expect, it } from "vitest";
import { findStatusEffect, registerStatusEffect, type StatusEffectEntry } from "../../src/compat/status-effects";

const fallout: StatusEffectEntry = { id: "goldhack-fallout", _id: "goldhackfallout0", name: "GOLDHACK.Status.Fallout", img: "icons/svg/blood.svg", reference: "Compendium.x" };
const dead = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };

describe("registerStatusEffect", () => {
  it("v13: appends to the array, keeping core's statuses, and replaces its own by id", () => {
    const config = { statusEffects: [dead] as unknown };
    registerStatusEffect(config, fallout);
    registerStatusEffect(config, { ...fallout, img: "other.svg" });
    expect(config.statusEffects).toEqual([dead, { ...fallout, img: "other.svg" }]);
    expect(findStatusEffect(config, "goldhack-fallout")?.img).toBe("other.svg");
  });

  it("v14: sets a key on the object instead of assigning an array (which would empty it)", () => {
    const config = { statusEffects: { dead } as unknown };
    registerStatusEffect(config, fallout);
    expect(Array.isArray(config.statusEffects)).toBe(false);
    expect(config.statusEffects).toEqual({ dead, "goldhack-fallout": fallout });
    expect(findStatusEffect(config, "goldhack-fallout")).toEqual(fallout);
    expect(findStatusEffect(config, "dead")).toEqual(dead);
  });

  it("copies the entry, so a later change to ours does not leak into CONFIG", () => {
    const config = { statusEffects: {} as unknown };
    const entry = { ...fallout };
    registerStatusEffect(config, entry);
    entry.name = "changed";
    expect(findStatusEffect(config, fallout.id)?.name).toBe(fallout.name);
  });

  it("finds nothing for an unknown id in either shape", () => {
    expect(findStatusEffect({ statusEffects: [dead] }, "nope")).toBeNull();
    expect(findStatusEffect({ statusEffects: { dead } }, "nope")).toBeNull();
    expect(findStatusEffect({}, "nope")).toBeNull();
  });
});
