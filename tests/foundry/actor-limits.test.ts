import { beforeEach, describe, expect, it } from "vitest";
import { checkFalloutRating, checkSkillCounts, clampPools } from "../../src/data/limits";
import { BASIC_CHART } from "../../src/rules";
import { addItems, createActor, type FoundryEnv, installGoldHack, StandInActor, StandInItem } from "./documents";

const potentialOf = (age: string): number => BASIC_CHART[age as keyof typeof BASIC_CHART].potential;

describe("clampPools (pure)", () => {
  const adult = { age: "adult", fate: 2, persona: 1 };

  it("leaves values within 0…Potential alone", () => {
    expect(clampPools(adult, { fate: 3, persona: 0 }, potentialOf)).toEqual({ change: { fate: 3, persona: 0 }, problems: [] });
  });

  it("clamps above Potential and below 0, one problem each", () => {
    const { change, problems } = clampPools(adult, { fate: 4, persona: -1 }, potentialOf);
    expect(change).toEqual({ fate: 3, persona: 0 });
    expect(problems).toEqual([
      { key: "GOLDHACK.Warning.FateAbovePotential", data: { value: 4, potential: 3 } },
      { key: "GOLDHACK.Warning.PersonaBelowZero", data: { value: -1 } },
    ]);
  });

  it("reads Potential for the new age when the age changes, capping what is already there", () => {
    const young = { age: "young", fate: 4, persona: 2 };
    expect(clampPools(young, { age: "elder" }, potentialOf)).toEqual({
      change: { age: "elder", fate: 2 },
      problems: [{ key: "GOLDHACK.Warning.FateCappedByAge", data: { value: 4, potential: 2 } }],
    });
    // Younger is more Potential: a raise is allowed in the same update.
    expect(clampPools(adult, { age: "child", fate: 5 }, potentialOf).problems).toEqual([]);
  });
});

describe("checkSkillCounts and checkFalloutRating (pure)", () => {
  it("refuse a negative rating or log and keep the rest", () => {
    expect(checkSkillCounts({ rating: -1, passed: 2 })).toEqual({ change: { passed: 2 }, problems: [{ key: "GOLDHACK.Warning.RatingBelowZero", data: { value: -1 } }] });
    expect(checkSkillCounts({ failed: -3 }).problems).toEqual([{ key: "GOLDHACK.Warning.LogBelowZero", data: { value: -3 } }]);
    expect(checkSkillCounts({ rating: 0, passed: 0, failed: 0 }).problems).toEqual([]);
  });

  it("refuse a Fallout rating below 1", () => {
    expect(checkFalloutRating({ rating: 0 }).change).toEqual({});
    expect(checkFalloutRating({ rating: 1 })).toEqual({ change: { rating: 1 }, problems: [] });
  });
});

describe("updating a character", () => {
  let env: FoundryEnv;
  beforeEach(async () => {
    env = await installGoldHack();
  });

  const character = (system: object = {}) => createActor({ name: "Sela", type: "character", system: { age: "adult", fate: { value: 2 }, persona: { value: 1 }, ...system } });

  it("clamps Fate above Potential, with a warning", async () => {
    const actor = await character();
    // Dot paths, as a sheet submits them.
    await actor.update({ "system.fate.value": 7 } as Actor.UpdateData);
    expect(actor.system).toMatchObject({ fate: { value: 3 } });
    expect(env.notifications.warnings).toEqual(["Fate cannot exceed Potential 3 (asked for 7): set to 3."]);
  });

  it("clamps Persona below 0, with a warning, where Foundry alone would repair it silently", async () => {
    const actor = await character();
    await actor.update({ system: { persona: { value: -2 } } });
    expect(actor.system).toMatchObject({ persona: { value: 0 } });
    expect(env.notifications.warnings).toEqual(["Persona cannot go below 0 (asked for -2): set to 0."]);
    // The stand-in's plain update (as Foundry's) cleans -2 to 0 before _preUpdate ever sees it: no warning.
    env.notifications.warnings.length = 0;
    await actor.update({ system: { persona: { value: 1 } } });
    await StandInActor.prototype.update.call(actor, { "system.persona.value": -2 });
    expect(actor.system).toMatchObject({ persona: { value: 0 } });
    expect(env.notifications.warnings).toEqual([]);
  });

  it("clamps above Potential even on a path that skips Actor#update (through _preUpdate)", async () => {
    const actor = await character();
    await StandInActor.prototype.update.call(actor, { "system.fate.value": 9 });
    expect(actor.system).toMatchObject({ fate: { value: 3 } });
    expect(env.notifications.warnings).toEqual(["Fate cannot exceed Potential 3 (asked for 9): set to 3."]);
  });

  it("re-clamps Fate and Persona when a new age lowers Potential", async () => {
    const actor = await character({ age: "young", fate: { value: 4 }, persona: { value: 3 } });
    await actor.update({ system: { age: "elder" } });
    expect(actor.system).toMatchObject({ age: "elder", potential: 2, fate: { value: 2, max: 2 }, persona: { value: 2, max: 2 } });
    expect(env.notifications.warnings).toEqual([
      "The new age lowers Potential to 2: Fate 4 capped at 2.",
      "The new age lowers Potential to 2: Persona 3 capped at 2.",
    ]);
  });

  it("clamps a new character's Fate and Persona to its Potential", async () => {
    const actor = await createActor({ name: "Elder", type: "character", system: { age: "elder", fate: { value: 5 }, persona: { value: 2 } } });
    expect(actor.toObject().system).toMatchObject({ fate: { value: 2 }, persona: { value: 2 } });
    expect(env.notifications.warnings).toEqual(["Fate cannot exceed Potential 2 (asked for 5): set to 2."]);
  });

  it("warns in Spanish for a Spanish user", async () => {
    env = await installGoldHack({ lang: "es" });
    const actor = await character();
    await actor.update({ system: { fate: { value: 4 } } });
    expect(env.notifications.warnings).toEqual(["La Fortuna no puede superar el Potencial 3 (se pidió 4): queda en 3."]);
  });
});

describe("updating a skill or a fallout", () => {
  let env: FoundryEnv;
  beforeEach(async () => {
    env = await installGoldHack();
  });

  it("refuses a rating below 0 with a warning, applying the rest of the update", async () => {
    const actor = await createActor({ name: "Sela", type: "character" });
    const [skill] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2 } }]);
    await skill?.update({ name: "Spears", "system.rating": -1 } as Item.UpdateData);
    expect(skill?.name).toBe("Spears");
    expect(skill?.system).toMatchObject({ rating: 2 });
    expect(env.notifications.warnings).toEqual(["A Skill's rating cannot go below 0 (asked for -1): not changed."]);
  });

  it("refuses negative logs, also through _preUpdate", async () => {
    const actor = await createActor({ name: "Sela", type: "character" });
    const [skill] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, passed: 1 } }]);
    await StandInItem.prototype.update.call(skill, { "system.passed": 3, "system.failed": 1 });
    expect(skill?.system).toMatchObject({ passed: 3, failed: 1 });
    await skill?.update({ system: { failed: -1 } });
    expect(skill?.system).toMatchObject({ failed: 1 });
    expect(env.notifications.warnings).toEqual(["Logged Tests cannot go below 0 (asked for -1): not changed."]);
  });

  it("sets a rating, a log or a Fallout rating typed above 99 to 99, with a warning each (not 1e20, not silently)", async () => {
    const actor = await createActor({ name: "Sela", type: "character" });
    const [skill, fallout] = await addItems(actor, [
      { name: "Swords", type: "skill", system: { skillType: "fight", rating: 2 } },
      { name: "Tired", type: "fallout", system: { rating: 2 } },
    ]);
    await skill?.update({ "system.rating": 1e20, "system.passed": 1000000 } as Item.UpdateData);
    expect(skill?.system).toMatchObject({ rating: 99, passed: 99 });
    await fallout?.update({ system: { rating: 100 } });
    expect(fallout?.system).toMatchObject({ rating: 99 });
    expect(env.notifications.warnings).toEqual([
      "A rating is at most 99 (asked for 100000000000000000000): set to 99.",
      "Logged Tests are at most 99 (asked for 1000000): set to 99.",
      "A rating is at most 99 (asked for 100): set to 99.",
    ]);
  });

  it("refuses a Fallout rating below 1", async () => {
    const actor = await createActor({ name: "Sela", type: "character" });
    const [fallout] = await addItems(actor, [{ name: "Tired", type: "fallout", system: { rating: 2 } }]);
    await fallout?.update({ system: { rating: 0 } });
    expect(fallout?.system).toMatchObject({ rating: 2 });
    expect(env.notifications.warnings).toEqual(["A Fallout's rating is at least 1 (asked for 0): not changed."]);
  });
});
