/** The builder's pure draft: transitions, step problems, the Actor data and reading kept drafts. No Foundry. */
import { describe, expect, it } from "vitest";
import { characterCreateData, textToHtml } from "../../src/builder/builder-actor";
import { readDraft } from "../../src/builder/builder-draft-io";
import { quickStartDraft } from "../../src/builder/builder-quick";
import {
  addLifepath,
  addSkill,
  addTrait,
  chooseFreeSkill,
  draftBuild,
  draftProblems,
  firstBlockedStep,
  freeRatings,
  lifepathOffer,
  newDraft,
  reachableSteps,
  removeLifepath,
  setText,
  skillBudget,
  updateSkill,
  type BuilderDraft,
} from "../../src/builder/builder-state";
import { checkCharacter } from "../../src/builder/check-character";
import { AGES, BASIC_CHART, SKILL_TYPES, mulberry32, validateCharacter } from "../../src/rules";

const rules = { chart: BASIC_CHART, skillTypes: SKILL_TYPES };
const MILITARY = { name: "Military", types: ["fight", "expertise", "survive"], source: null };
const NOBLE = { name: "Noble", types: ["influence", "fight", "lore"], source: null };
const keys = (draft: BuilderDraft, step?: string) => draftProblems(draft, rules).filter((p) => !step || p.step === step).map((p) => p.key);

describe("builder draft", () => {
  it("a new draft is blocked on the Concept step until it has a name", () => {
    const draft = newDraft();
    expect(firstBlockedStep(draftProblems(draft, rules))).toBe("concept");
    expect(keys(draft, "concept")).toEqual(["GOLDHACK.Builder.Problem.NameMissing"]);
    expect(keys(setText(draft, "name", "Ysolde"), "concept")).toEqual([]);
  });

  it("each Lifepath gives a new free Skill of its first Type at 2, to be named", () => {
    let draft = addLifepath(setText(newDraft("young"), "name", "Bram"), MILITARY);
    expect(draft.skills).toHaveLength(1);
    expect(freeRatings(draft).get(draft.skills[0]?.key ?? "")).toBe(2);
    expect(keys(draft, "lifepaths")).toContain("GOLDHACK.Builder.Problem.FreeSkillUnnamed");
    draft = updateSkill(draft, draft.skills[0]?.key ?? "", { name: "Spears" });
    expect(keys(draft, "lifepaths")).toEqual(["GOLDHACK.Creation.LifepathCount"]);
  });

  it("a clash offers raise-or-new; raising frees the unused new Skill and counts +1 (SRD: Characters › Lifepaths)", () => {
    let draft = addLifepath(addLifepath(setText(newDraft("young"), "name", "Bram"), MILITARY, "Swords"), MILITARY, "Spears");
    const second = draft.lifepaths[1]?.key ?? "";
    const offer = lifepathOffer(draft, second, BASIC_CHART.young.maxRating);
    expect(offer?.clash).toBe(true);
    expect(offer?.raise).toEqual([0]);
    draft = chooseFreeSkill(draft, second, draft.skills[0]?.key ?? "", BASIC_CHART.young.maxRating);
    expect(draft.skills.map((s) => s.name)).toEqual(["Swords"]);
    expect(draftBuild(draft, rules).skills).toEqual([{ name: "Swords", type: "fight", rating: 3 }]);
    // Back to a new Skill: a second fight Skill at 2.
    draft = chooseFreeSkill(draft, second, "new", BASIC_CHART.young.maxRating);
    expect(draftBuild(draft, rules).skills.map((s) => s.rating)).toEqual([2, 2]);
  });

  it("refuses a raise above the maximum (Child: max 3)", () => {
    let draft = addLifepath(newDraft("child"), MILITARY, "Swords");
    draft = updateSkill(draft, draft.skills[0]?.key ?? "", { bought: 1 });
    // Child takes one Lifepath, but a second (even illegal by count) must not raise Swords to 4.
    draft = addLifepath(draft, MILITARY, "Spears");
    const second = draft.lifepaths[1]?.key ?? "";
    expect(lifepathOffer(draft, second, 3)?.raise).toEqual([]);
    expect(chooseFreeSkill(draft, second, draft.skills[0]?.key ?? "", 3)).toBe(draft);
  });

  it("removing a Lifepath drops its unbought free Skill but keeps one with bought points", () => {
    let draft = addLifepath(addLifepath(newDraft(), MILITARY, "Swords"), NOBLE, "Command");
    draft = updateSkill(draft, draft.skills[1]?.key ?? "", { bought: 1 });
    expect(removeLifepath(draft, draft.lifepaths[0]?.key ?? "").skills.map((s) => s.name)).toEqual(["Command"]);
    expect(removeLifepath(draft, draft.lifepaths[1]?.key ?? "").skills.map((s) => [s.name, s.bought])).toEqual([
      ["Swords", 0],
      ["Command", 1],
    ]);
  });

  it("tracks remaining points and names overspending and a Skill above the maximum on the Skills step", () => {
    let draft = addLifepath(newDraft("child"), MILITARY, "Swords");
    expect(skillBudget(draft, rules)).toEqual({ points: 3, remaining: 3, maxRating: 3 });
    draft = updateSkill(draft, draft.skills[0]?.key ?? "", { bought: 2 });
    expect(keys(draft, "skills")).toContain("GOLDHACK.Creation.SkillAboveMax");
    draft = addSkill(draft, { name: "Brawl", type: "fight", source: null, bought: 2 });
    expect(skillBudget(draft, rules).remaining).toBe(-1);
    expect(keys(draft, "skills")).toContain("GOLDHACK.Creation.SkillPointsOver");
  });

  it("names a duplicate Skill and one of a Type no Lifepath opened", () => {
    let draft = addLifepath(newDraft("child"), MILITARY, "Swords");
    draft = addSkill(draft, { name: "swords", type: "fight", source: null });
    draft = addSkill(draft, { name: "Cast", type: "magic", source: null });
    expect(keys(draft, "skills")).toEqual(expect.arrayContaining(["GOLDHACK.Creation.SkillDuplicate", "GOLDHACK.Creation.SkillTypeNotOpen"]));
  });

  it("a deleted compendium entry is named on its step", () => {
    const draft = addLifepath(newDraft(), { ...MILITARY, source: "Compendium.x.y.Item.gone" }, "Swords");
    const problems = draftProblems(draft, rules, new Set());
    expect(problems.filter((p) => p.key === "GOLDHACK.Builder.Problem.SourceMissing").map((p) => p.step)).toEqual(["lifepaths"]);
  });

  it("only steps up to the first blocked one are reachable", () => {
    const reach = reachableSteps(draftProblems(setText(newDraft(), "name", "A"), rules));
    expect([...reach]).toEqual(["concept", "age", "lifepaths"]);
  });
});

describe("characterCreateData", () => {
  it("writes ratings, Starting Rewards from the chart and the tie as the biography", () => {
    let draft = setText(setText(newDraft("child"), "name", " Mira "), "tie", "Line one & <two>\n\nSecond");
    draft = addLifepath(draft, { name: "Outcast", types: ["expertise", "fight", "survive"], source: null }, "Larceny");
    draft = updateSkill(draft, draft.skills[0]?.key ?? "", { bought: 1 });
    draft = addSkill(draft, { name: "Stealth", type: "expertise", source: null });
    draft = addSkill(draft, { name: "Urban", type: "survive", source: null });
    draft = addTrait(draft, { name: "Wiseass", source: null, description: "Never quiet" });
    const data = characterCreateData(draft, rules, new Map());
    expect(data.name).toBe("Mira");
    expect(data.system.fate).toEqual({ value: 5 });
    expect(data.system.persona).toEqual({ value: 3 });
    expect(data.system.biography).toBe("<p>Line one &amp; &lt;two&gt;</p><p>Second</p>");
    expect(data.items.map((i) => [i.type, i.name, i.system?.rating])).toEqual([
      ["lifepath", "Outcast", undefined],
      ["skill", "Larceny", 3],
      ["skill", "Stealth", 1],
      ["skill", "Urban", 1],
      ["trait", "Wiseass", undefined],
    ]);
    expect(data.items[4]?.system).toEqual({ description: "<p>Never quiet</p>" });
  });
  it("refuses a source it was not given rather than guess", () => {
    const draft = addLifepath(newDraft(), { ...MILITARY, source: "Compendium.a.b.Item.c" }, "Swords");
    expect(() => characterCreateData(draft, rules, new Map())).toThrow(RangeError);
  });
  it("textToHtml drops empty paragraphs", () => {
    expect(textToHtml("  \n\n ")).toBe("");
  });
});

describe("readDraft", () => {
  it("reads back what a draft was", () => {
    const draft = addLifepath(setText(newDraft(), "name", "A"), MILITARY, "Swords");
    expect(readDraft(JSON.parse(JSON.stringify(draft)))).toEqual({ ok: true, draft });
  });
  it("refuses an older schema and a damaged draft with a localisable problem", () => {
    expect(readDraft({ ...newDraft(), schema: 0 })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Builder.Error.DraftOldSchema" } });
    expect(readDraft({ ...newDraft(), skills: [{ key: "s1", name: "x", type: "fight", bought: -2, source: null }] })).toMatchObject({
      ok: false,
      problem: { key: "GOLDHACK.Builder.Error.DraftUnreadable" },
    });
    expect(readDraft("nonsense")).toMatchObject({ ok: false });
  });
});

describe("quickStartDraft", () => {
  const catalogue = {
    lifepaths: [
      { uuid: "L1", name: "Military", types: ["fight", "expertise", "survive"], origin: "x" },
      { uuid: "L2", name: "Noble", types: ["influence", "fight", "lore"], origin: "x" },
      { uuid: "L3", name: "Broken", types: ["fight", "fight"], origin: "x" },
    ],
    skills: [
      { uuid: "S1", name: "Swords", type: "fight" },
      { uuid: "S2", name: "Command", type: "influence" },
      { uuid: "S3", name: "Stealth", type: "expertise" },
    ],
    traits: [{ uuid: "T1", name: "Stubborn" }],
  };
  const text = { skillName: (t: string, n: number) => `${t} ${n}`, traitName: (n: number) => `Trait ${n}`, drives: { belief: "b", goal: "g", instinct: "i" } };

  it.each(AGES)("builds a legal %s for many seeds, never from an illegal Lifepath", (age) => {
    for (let seed = 1; seed <= 40; seed++) {
      const draft = quickStartDraft(age, catalogue, rules, mulberry32(seed), text, { name: "Q", tie: "" });
      expect(draft).not.toBeNull();
      if (!draft) continue;
      expect(draftProblems(draft, rules)).toEqual([]);
      expect(validateCharacter(draftBuild(draft, rules))).toEqual([]);
      expect(draft.lifepaths.some((lp) => lp.name === "Broken")).toBe(false);
    }
  });
  it("is the same character for the same seed", () => {
    const a = quickStartDraft("elder", catalogue, rules, mulberry32(99), text);
    const b = quickStartDraft("elder", catalogue, rules, mulberry32(99), text);
    expect(a).toEqual(b);
  });
  it("is null with no legal Lifepath or an unknown age", () => {
    expect(quickStartDraft("adult", { ...catalogue, lifepaths: catalogue.lifepaths.slice(2) }, rules, mulberry32(1), text)).toBeNull();
    expect(quickStartDraft("ancient", catalogue, rules, mulberry32(1), text)).toBeNull();
  });
});

describe("checkCharacter", () => {
  it("names each problem of an existing character with the step that fixes it", () => {
    const problems = checkCharacter(
      {
        system: { age: "child", fate: { value: 5 }, persona: { value: 3 }, drives: { belief: "b", goal: "", instinct: "i" } },
        items: [
          { name: "Outcast", type: "lifepath", system: { skillTypes: ["expertise", "fight", "survive"] } },
          { name: "Larceny", type: "skill", system: { skillType: "expertise", rating: 5 } },
        ],
      },
      rules,
    );
    expect(problems.map((p) => [p.key, p.step])).toEqual([
      ["GOLDHACK.Creation.SkillAboveMax", "skills"],
      ["GOLDHACK.Creation.TraitCount", "drives"],
      ["GOLDHACK.Builder.Problem.DriveMissing.goal", "drives"],
    ]);
  });
});
