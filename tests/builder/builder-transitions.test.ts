/**
 * The builder's draft transitions and step logic, pinned exactly (issue 27: `npm run mutate` covers each
 * procedure's state module). SRD: Characters › Lifepaths, Skills, Drives
 */
import { describe, expect, it } from "vitest";
import {
  addLifepath,
  addSkill,
  addTrait,
  BUILDER_STEPS,
  chooseFreeSkill,
  draftBuild,
  draftProblems,
  draftRow,
  firstBlockedStep,
  freeRatings,
  lifepathOffer,
  newDraft,
  nextStep,
  previousStep,
  reachableSteps,
  removeLifepath,
  removeSkill,
  removeTrait,
  setStep,
  setText,
  skillBudget,
  stepOfProblem,
  stepProblems,
  updateSkill,
  updateTrait,
  type StepProblem,
} from "../../src/builder/builder-state";
import { BASIC_CHART, SKILL_TYPES } from "../../src/rules";

const rules = { chart: BASIC_CHART, skillTypes: SKILL_TYPES };
const MILITARY = { name: "Military", types: ["fight", "expertise", "survive"], source: "Item.mil" };
const B = "GOLDHACK.Builder.Problem.";

describe("a new draft and its simple fields", () => {
  it("starts empty at the Concept step, adult by default", () => {
    expect(newDraft()).toEqual({ schema: 1, step: "concept", name: "", tie: "", power: "", age: "adult", lifepaths: [], skills: [], drives: { belief: "", goal: "", instinct: "" }, traits: [], nextKey: 1 });
    expect(newDraft("child", "Ysolde")).toMatchObject({ age: "child", name: "Ysolde" });
  });

  it("sets the step, the name, tie, age and each Drive, and ignores any other field", () => {
    const d = newDraft();
    expect(setStep(d, "skills").step).toBe("skills");
    expect(setText(d, "name", "A").name).toBe("A");
    expect(setText(d, "tie", "T").tie).toBe("T");
    expect(setText(d, "power", "The Reeve").power).toBe("The Reeve");
    expect(setText(d, "age", "elder").age).toBe("elder");
    expect(setText(d, "drives.goal", "G").drives).toEqual({ belief: "", goal: "G", instinct: "" });
    expect(setText(d, "drives.belief", "B").drives.belief).toBe("B");
    expect(setText(d, "drives.instinct", "I").drives.instinct).toBe("I");
    for (const field of ["step", "drives.fear", "xdrives.goal", "drives.goalx", "nextKey"]) expect(setText(d, field, "9"), field).toBe(d);
  });
});

describe("Lifepaths and their free Skills", () => {
  it("a Lifepath takes the next keys and gives a Skill of its first Type at 2", () => {
    const d = addLifepath(newDraft(), MILITARY, "Swords", "Item.sw");
    expect(d.lifepaths).toEqual([{ key: "l1", name: "Military", types: ["fight", "expertise", "survive"], source: "Item.mil", freeSkill: "s2" }]);
    expect(d.skills).toEqual([{ key: "s2", name: "Swords", type: "fight", bought: 0, source: "Item.sw" }]);
    expect(d.nextKey).toBe(3);
    expect(freeRatings(d)).toEqual(new Map([["s2", 2]]));
    const bare = addLifepath(newDraft(), { name: "Odd", types: [], source: null });
    expect(bare.lifepaths[0]?.freeSkill).toBeNull();
    expect(bare.skills).toEqual([]);
    expect(bare.nextKey).toBe(2);
    expect(addLifepath(newDraft(), MILITARY).skills[0]).toEqual({ key: "s2", name: "", type: "fight", bought: 0, source: null });
  });

  it("a second Lifepath of the same first Type is offered raise-or-new, and a choice it does not allow changes nothing", () => {
    let d = addLifepath(newDraft(), MILITARY, "Swords");
    d = addLifepath(d, MILITARY, "Spears");
    expect(lifepathOffer(d, "l3", 4)).toMatchObject({ raise: [0] });
    expect(lifepathOffer(d, "zz", 4)).toBeNull();
    expect(lifepathOffer(addLifepath(newDraft(), { name: "Odd", types: [], source: null }), "l1", 4)).toBeNull();
    // Raise Swords instead: the new Skill the second Lifepath made goes, Swords counts 3.
    const raised = chooseFreeSkill(d, "l3", "s2", 4);
    expect(raised.lifepaths.map((lp) => lp.freeSkill)).toEqual(["s2", "s2"]);
    expect(raised.skills.map((s) => s.key)).toEqual(["s2"]);
    expect(freeRatings(raised).get("s2")).toBe(3);
    // Back to a new Skill: a fresh key, unnamed, of the first Type.
    const fresh = chooseFreeSkill(raised, "l3", "new", 4);
    expect(fresh.lifepaths[1]?.freeSkill).toBe("s5");
    expect(fresh.skills.at(-1)).toEqual({ key: "s5", name: "", type: "fight", bought: 0, source: null });
    // "new" when it already owns its own Skill, an unknown Lifepath, a Skill not on offer: unchanged.
    expect(chooseFreeSkill(d, "l3", "new", 4)).toBe(d);
    expect(chooseFreeSkill(d, "zz", "new", 4)).toBe(d);
    expect(chooseFreeSkill(d, "l3", "s9", 4)).toBe(d);
    expect(chooseFreeSkill(d, "l3", "s2", 2)).toBe(d);
  });

  it("removing a Lifepath drops its unbought free Skill, keeps a bought one, and keeps others' Skills", () => {
    let d = addLifepath(newDraft(), MILITARY, "Swords");
    d = addSkill(d, { name: "Riding", type: "expertise", source: null });
    d = addLifepath(d, { name: "Noble", types: ["influence", "fight", "lore"], source: null }, "Command");
    expect(removeLifepath(d, "l1").skills.map((s) => s.name)).toEqual(["Riding", "Command"]);
    expect(removeLifepath(updateSkill(d, "s2", { bought: 1 }), "l1").skills.map((s) => s.name)).toEqual(["Swords", "Riding", "Command"]);
    expect(removeLifepath(d, "zz")).toEqual(d);
  });
});

describe("Skills and Traits", () => {
  it("adds a Skill with one point by default, or what it is given", () => {
    const d = addSkill(newDraft(), { name: "Riding", type: "expertise", source: "Item.r" });
    expect(d.skills).toEqual([{ key: "s1", name: "Riding", type: "expertise", bought: 1, source: "Item.r" }]);
    expect(addSkill(d, { name: "X", type: "lore", source: null, bought: 0 }).skills[1]).toEqual({ key: "s2", name: "X", type: "lore", bought: 0, source: null });
  });

  it("updates a Skill: a renamed one becomes the player's, a free one keeps its Type, points stay whole and not negative", () => {
    let d = addLifepath(newDraft(), MILITARY, "Swords", "Item.sw");
    d = addSkill(d, { name: "Riding", type: "expertise", source: "Item.r" });
    expect(updateSkill(d, "s2", { type: "lore", bought: 2 }).skills[0]).toEqual({ key: "s2", name: "Swords", type: "fight", bought: 2, source: "Item.sw" });
    expect(updateSkill(d, "s3", { type: "lore" }).skills[1]?.type).toBe("lore");
    expect(updateSkill(d, "s3", { name: "Horses" }).skills[1]).toMatchObject({ name: "Horses", source: null });
    expect(updateSkill(d, "s3", { name: "Riding" }).skills[1]?.source).toBe("Item.r");
    expect(updateSkill(d, "s3", { name: "Horses", source: "Item.h" }).skills[1]?.source).toBe("Item.h");
    expect(updateSkill(d, "s3", { bought: 2.7 }).skills[1]?.bought).toBe(2);
    expect(updateSkill(d, "s3", { bought: -3 }).skills[1]?.bought).toBe(0);
    expect(updateSkill(d, "s3", { bought: Number.NaN }).skills[1]?.bought).toBe(1);
    expect(updateSkill(d, "s3", { bought: Number.POSITIVE_INFINITY }).skills[1]?.bought).toBe(1);
    expect(updateSkill(d, "s3", { bought: 3 }).skills[0]).toBe(d.skills[0]);
  });

  it("removes a bought Skill, but only the points of a free one", () => {
    let d = addLifepath(newDraft(), MILITARY, "Swords");
    d = updateSkill(addSkill(d, { name: "Riding", type: "expertise", source: null }), "s2", { bought: 2 });
    expect(removeSkill(d, "s3").skills.map((s) => s.key)).toEqual(["s2"]);
    expect(removeSkill(d, "s2").skills.map((s) => [s.key, s.bought])).toEqual([["s2", 0], ["s3", 1]]);
  });

  it("adds, renames and removes Traits; a renamed compendium Trait becomes the player's own", () => {
    let d = addTrait(newDraft(), { name: "Wiseass", source: "Item.w" });
    d = addTrait(d, { name: "Tall", source: null, description: "Very" });
    expect(d.traits).toEqual([
      { key: "t1", name: "Wiseass", description: "", source: "Item.w" },
      { key: "t2", name: "Tall", description: "Very", source: null },
    ]);
    expect(updateTrait(d, "t1", { description: "Loud" }).traits[0]).toEqual({ key: "t1", name: "Wiseass", description: "Loud", source: "Item.w" });
    expect(updateTrait(d, "t1", { name: "Smartass" }).traits[0]).toEqual({ key: "t1", name: "Smartass", description: "", source: null });
    expect(updateTrait(d, "t1", { name: "Wiseass" }).traits[0]?.source).toBe("Item.w");
    expect(updateTrait(d, "t1", {}).traits[1]).toBe(d.traits[1]);
    expect(removeTrait(d, "t1").traits.map((t) => t.key)).toEqual(["t2"]);
  });
});

describe("what the draft is", () => {
  it("reads its age's row, its build and its budget; an unknown age has none", () => {
    let d = addLifepath(newDraft("young"), MILITARY, "Swords");
    d = updateSkill(d, "s2", { bought: 1 });
    d = addTrait(d, { name: "Quick", source: null });
    expect(draftRow(d, rules)).toBe(BASIC_CHART.young);
    expect(draftBuild(d, rules)).toEqual({
      age: "young",
      lifepaths: [{ name: "Military", types: ["fight", "expertise", "survive"] }],
      skills: [{ name: "Swords", type: "fight", rating: 3 }],
      traits: ["Quick"],
      fate: BASIC_CHART.young?.fate,
      persona: BASIC_CHART.young?.persona,
    });
    expect(skillBudget(d, rules)).toEqual({ points: BASIC_CHART.young?.skillPoints, remaining: (BASIC_CHART.young?.skillPoints ?? 0) - 1, maxRating: BASIC_CHART.young?.maxRating });
    const odd = setText(d, "age", "toString");
    expect(draftRow(odd, rules)).toBeUndefined();
    expect(draftBuild(odd, rules)).toMatchObject({ fate: 0, persona: 0 });
    expect(skillBudget(odd, rules)).toEqual({ points: 0, remaining: -1, maxRating: 0 });
  });

  it("sends each creation problem to the step that fixes it", () => {
    const at: [string, string][] = [
      ["UnknownAge", "age"],
      ["LifepathCount", "lifepaths"],
      ["LifepathNameMissing", "lifepaths"],
      ["LifepathTypeCount", "lifepaths"],
      ["LifepathTypeUnknown", "lifepaths"],
      ["LifepathTypeRepeated", "lifepaths"],
      ["FreeSkillMissing", "lifepaths"],
      ["FreeSkillsMissing", "lifepaths"],
      ["TraitBlank", "drives"],
      ["TraitCount", "drives"],
      ["SkillDuplicate", "skills"],
      ["SkillAboveMax", "skills"],
      ["FateNotStarting", "review"],
      ["PersonaAbovePotential", "review"],
    ];
    for (const [key, step] of at) expect(stepOfProblem(`GOLDHACK.Creation.${key}`), key).toBe(step);
    expect(stepOfProblem("XGOLDHACK.Creation.TraitCount")).toBe("review");
    expect(stepOfProblem("toString")).toBe("review");
  });

  it("names every missing part on its step, with its data", () => {
    let d = addLifepath(newDraft("adult", " "), MILITARY);
    d = addSkill(d, { name: "Riding", type: "expertise", source: "Item.gone" });
    d = addTrait(d, { name: "Quick", source: "Item.t" });
    const problems = draftProblems(d, rules, new Set(["Item.t"]));
    const mine = problems.filter((p) => p.key.startsWith(B));
    expect(mine).toEqual([
      { key: `${B}NameMissing`, step: "concept" },
      { key: `${B}SourceMissing`, data: { name: "Military" }, step: "lifepaths" },
      { key: `${B}FreeSkillUnnamed`, data: { lifepath: "Military", type: "fight" }, step: "lifepaths" },
      { key: `${B}SourceMissing`, data: { name: "Riding" }, step: "skills" },
      { key: `${B}DriveMissing.belief`, step: "drives" },
      { key: `${B}DriveMissing.goal`, step: "drives" },
      { key: `${B}DriveMissing.instinct`, step: "drives" },
    ]);
    // The unnamed free Skill is named once, not again as "Skill 1 has no name"; a bought unnamed one is.
    expect(problems.filter((p) => p.key === "GOLDHACK.Creation.SkillNameMissing")).toEqual([]);
    const unnamedBought = addSkill(d, { name: " ", type: "expertise", source: null });
    expect(draftProblems(unnamedBought, rules).filter((p) => p.key === "GOLDHACK.Creation.SkillNameMissing")).toEqual([{ key: "GOLDHACK.Creation.SkillNameMissing", data: { index: 3 }, step: "skills" }]);
    // A deleted Trait is named on the Drives step; a Drive of only spaces is not written.
    const goneTrait = addTrait(setText(d, "drives.belief", "  "), { name: "Tall", source: "Item.gone" });
    const onDrives = draftProblems(goneTrait, rules, new Set(["Item.t"])).filter((p) => p.step === "drives" && p.key.startsWith(B));
    expect(onDrives).toEqual([
      { key: `${B}SourceMissing`, data: { name: "Tall" }, step: "drives" },
      { key: `${B}DriveMissing.belief`, step: "drives" },
      { key: `${B}DriveMissing.goal`, step: "drives" },
      { key: `${B}DriveMissing.instinct`, step: "drives" },
    ]);
    // Without the known sources, no source is checked; with every Drive written, none is missing.
    expect(draftProblems(d, rules).some((p) => p.key === `${B}SourceMissing`)).toBe(false);
    const driven = ["belief", "goal", "instinct"].reduce((x, k) => setText(x, `drives.${k}`, "x"), d);
    expect(draftProblems(driven, rules).some((p) => p.key.startsWith(`${B}DriveMissing`))).toBe(false);
    // Named, the free Skill is no problem of its own; the rules' problems come after ours, with their step.
    const named = updateSkill(setText(driven, "name", "Ysolde"), "s2", { name: "Swords" });
    const rest = draftProblems(named, rules);
    expect(rest.some((p) => p.key.startsWith(B))).toBe(false);
    expect(rest.every((p) => p.step === stepOfProblem(p.key))).toBe(true);
  });
});

describe("moving between steps", () => {
  const problem = (step: StepProblem["step"]): StepProblem => ({ key: "k", step });

  it("filters a step's problems, finds the first blocked step and what is reachable", () => {
    const problems = [problem("skills"), problem("drives"), problem("skills")];
    expect(stepProblems(problems, "skills")).toEqual([problem("skills"), problem("skills")]);
    expect(stepProblems(problems, "age")).toEqual([]);
    expect(firstBlockedStep(problems)).toBe("skills");
    expect(firstBlockedStep([])).toBeNull();
    expect([...reachableSteps(problems)]).toEqual(["concept", "age", "lifepaths", "skills"]);
    expect([...reachableSteps([])]).toEqual([...BUILDER_STEPS]);
    expect([...reachableSteps([problem("concept")])]).toEqual(["concept"]);
  });

  it("goes forward and back in the SRD's order, stopping at either end", () => {
    expect(nextStep("concept")).toBe("age");
    expect(nextStep("drives")).toBe("review");
    expect(nextStep("review")).toBeNull();
    expect(previousStep("age")).toBe("concept");
    expect(previousStep("review")).toBe("drives");
    expect(previousStep("concept")).toBeNull();
  });
});
