import { describe, expect, it } from "vitest";
import {
  computeTestDialog,
  DEFAULT_LEARN_SKILL_TYPE,
  initialSelections,
  lockedFields,
  parseWholeNumber,
  POTENTIAL_CHOICE,
  selectionsFromForm,
  targetedNpcOb,
  type ActorSnapshot,
  type TestSelections,
} from "../../src/applications/dialogs/test-dialog-state";
import { planChoice } from "../../src/dice/plan-choice";
import type { TestRequest } from "../../src/data/test-choice";
import { MAX_PERSONA_DICE, planTest, successProbability, successProbabilityWithFate } from "../../src/rules";

const LABELS = { potential: "Potential" };

function character(overrides: Partial<ActorSnapshot> = {}): ActorSnapshot {
  return {
    uuid: "Actor.hero",
    skills: [
      { id: "swords", name: "Swords", type: "fight", rating: 3, magic: false },
      { id: "cast", name: "Cast", type: "magic", rating: 2, magic: true },
      { id: "cook", name: "Cook", type: "craft", rating: 0, magic: false },
    ],
    traits: [
      { id: "stubborn", name: "Stubborn" },
      { id: "tall", name: "Tall as a tree" },
      { id: "wiseass", name: "Wiseass" },
    ],
    fallouts: [
      { id: "tired", name: "Tired", rating: 2, permanent: false },
      { id: "arm", name: "Injured arm", rating: 1, permanent: false },
      { id: "infamous", name: "Infamous", rating: 3, permanent: true },
    ],
    potential: 3,
    persona: 2,
    ...overrides,
  };
}

/** The dialog as it opens for `request`, with `changes` picked by the player. */
function dialog(request: TestRequest, changes: Partial<TestSelections> = {}, actor = character()) {
  return computeTestDialog(actor, request, { ...initialSelections(actor, request), ...changes }, LABELS);
}

describe("test dialog state: opening", () => {
  it("opens on the requested Skill, Ob 1, no Persona, nothing linked, no Trait or Fallout applied", () => {
    const selections = initialSelections(character(), { skillId: "cast" });
    expect(selections).toEqual({
      skill: "cast",
      learnSkillName: "",
      learnSkillType: "expertise",
      ob: "1",
      traits: { stubborn: "none", tall: "none", wiseass: "none" },
      fallouts: { tired: false, arm: false, infamous: false },
      linkedDice: "0",
      linkedOb: "0",
      persona: "0",
      intent: "",
      task: "",
      consequence: "",
    });
  });

  it("opens on the first Skill when the request names none, and on Potential when the character has none", () => {
    expect(initialSelections(character(), {}).skill).toBe("swords");
    expect(initialSelections(character({ skills: [] }), {}).skill).toBe(POTENTIAL_CHOICE);
    expect(initialSelections(character(), { skillId: null }).skill).toBe(POTENTIAL_CHOICE);
    expect(initialSelections(character(), { kind: "potential", learnSkillName: "Sail" })).toMatchObject({ skill: POTENTIAL_CHOICE, learnSkillName: "Sail" });
  });

  it("carries the request's Intent, Task, consequence and linked test into the fields", () => {
    const selections = initialSelections(character(), {
      intent: "Cross the bridge",
      task: "Run",
      consequence: "You fall",
      linked: { bonusDice: 2, obPenalty: 1, sourceMessageId: "msg1" },
    });
    expect(selections).toMatchObject({ intent: "Cross the bridge", task: "Run", consequence: "You fall", linkedDice: "2", linkedOb: "1" });
  });
});

describe("test dialog state: default Ob", () => {
  it("takes the Ob of the one targeted NPC", () => {
    expect(targetedNpcOb([{ type: "npc", ob: 4 }])).toBe(4);
    expect(initialSelections(character(), {}, targetedNpcOb([{ type: "npc", ob: 4 }])).ob).toBe("4");
  });

  it("ignores targets unless there is exactly one and it is an NPC with a whole Ob of at least 1", () => {
    expect(targetedNpcOb([])).toBeNull();
    expect(targetedNpcOb([{ type: "npc", ob: 2 }, { type: "npc", ob: 3 }])).toBeNull();
    expect(targetedNpcOb([{ type: "character", ob: 3 }])).toBeNull();
    expect(targetedNpcOb([{ type: "npc", ob: undefined }])).toBeNull();
    expect(targetedNpcOb([{ type: "npc", ob: 0 }])).toBeNull();
    expect(targetedNpcOb([{ type: "npc", ob: 2.5 }])).toBeNull();
    expect(targetedNpcOb([{ type: "npc", ob: "3" }])).toBeNull();
    expect(initialSelections(character(), {}, null).ob).toBe("1");
  });

  it("lets the request's Ob win over the target's", () => {
    expect(initialSelections(character(), { ob: 2 }, 5).ob).toBe("2");
  });
});

describe("test dialog state: the pool and the Ob", () => {
  it("rolls the Skill's rating against the Ob when trained", () => {
    const state = dialog({ skillId: "swords" }, { ob: "3" });
    expect(state.errors).toEqual({});
    expect(state.plan).toEqual({ dice: 3, ob: 3, untrained: false, explode: false });
    expect(state.baseDice).toBe(3);
    expect(state.doubledOb).toBeNull();
    expect(state.choice).toEqual({
      kind: "skill",
      actorUuid: "Actor.hero",
      skillId: "swords",
      skillName: "Swords",
      rating: 3,
      potential: 3,
      ob: 3,
      magic: false,
      persona: 0,
      modifiers: [],
    });
  });

  it("marks a Magic Skill so its sixes explode", () => {
    const state = dialog({ skillId: "cast" });
    expect(state.magic).toBe(true);
    expect(state.plan?.explode).toBe(true);
    expect(state.choice?.magic).toBe(true);
  });

  it("rolls Potential at double Ob when untrained, and adds penalties after doubling", () => {
    // SRD: I Don't Have The Skill! — base Ob 2 doubles to 4; a harmful Trait (+1) and Tired (+2) then make 7, not (2+3)×2.
    const state = dialog(
      { skillId: null, learnSkillName: "  Sail  " },
      { ob: "2", traits: { stubborn: "hinders", tall: "none", wiseass: "none" }, fallouts: { tired: true, arm: false, infamous: false } },
    );
    expect(state.kind).toBe("potential");
    expect(state.untrained).toBe(true);
    expect(state.doubledOb).toBe(4);
    expect(state.plan).toEqual({ dice: 3, ob: 7, untrained: true, explode: false });
    expect(state.choice).toMatchObject({ kind: "potential", skillId: null, skillName: "Potential", learnSkillName: "Sail", rating: 0, ob: 2 });
  });

  it("treats a Skill at rating 0 as untrained too", () => {
    const state = dialog({ skillId: "cook" }, { ob: "3" });
    expect(state.untrained).toBe(true);
    expect(state.plan).toMatchObject({ dice: 3, ob: 6 });
    expect(state.choice).toMatchObject({ kind: "skill", skillId: "cook", rating: 0 });
    // learnSkillName only belongs to a Potential Test
    expect(dialog({ skillId: "cook" }, { learnSkillName: "Cook" }).choice).not.toHaveProperty("learnSkillName");
  });

  it("gives +1D per beneficial Trait and +1Ob per harmful one, labelled with the Trait", () => {
    const state = dialog({ skillId: "swords" }, { ob: "2", traits: { stubborn: "helps", tall: "helps", wiseass: "hinders" } });
    expect(state.plan).toMatchObject({ dice: 5, ob: 3 });
    expect(state.modifiers).toEqual([
      { kind: "trait-help", label: "Stubborn", dice: 1, ob: 0, sourceId: "stubborn" },
      { kind: "trait-help", label: "Tall as a tree", dice: 1, ob: 0, sourceId: "tall" },
      { kind: "trait-hinder", label: "Wiseass", dice: 0, ob: 1, sourceId: "wiseass" },
    ]);
  });

  it("adds each ticked Fallout's rating to the Ob, and nothing for the others", () => {
    const none = dialog({ skillId: "swords" }, { ob: "2" });
    expect(none.plan?.ob).toBe(2);
    const state = dialog({ skillId: "swords" }, { ob: "2", fallouts: { tired: true, arm: false, infamous: true } });
    expect(state.plan?.ob).toBe(2 + 2 + 3);
    expect(state.modifiers).toEqual([
      { kind: "fallout", label: "Tired", dice: 0, ob: 2, sourceId: "tired" },
      { kind: "fallout", label: "Infamous", dice: 0, ob: 3, sourceId: "infamous" },
    ]);
  });

  it("carries a linked test's extra dice and leftover Ob, editable, with its source message", () => {
    const request: TestRequest = { skillId: "swords", ob: 2, linked: { bonusDice: 2, obPenalty: 1, sourceMessageId: "msg1" } };
    const carried = dialog(request);
    expect(carried.plan).toMatchObject({ dice: 5, ob: 3 });
    expect(carried.modifiers).toEqual([{ kind: "linked", label: "GOLDHACK.Dialog.Test.Linked", dice: 2, ob: 1, sourceId: "msg1" }]);
    const edited = dialog(request, { linkedDice: "1", linkedOb: "0" });
    expect(edited.plan).toMatchObject({ dice: 4, ob: 2 });
    expect(edited.modifiers).toEqual([{ kind: "linked", label: "GOLDHACK.Dialog.Test.Linked", dice: 1, ob: 0, sourceId: "msg1" }]);
    expect(dialog(request, { linkedDice: "0", linkedOb: "0" }).modifiers).toEqual([]);
    // typed in by hand, without a source card
    expect(dialog({ skillId: "swords" }, { linkedOb: "2" }).modifiers).toEqual([{ kind: "linked", label: "GOLDHACK.Dialog.Test.Linked", dice: 0, ob: 2 }]);
  });

  it("adds Persona to the pool, as the choice's persona and not as a modifier", () => {
    const state = dialog({ skillId: "swords" }, { persona: "2" });
    expect(state.plan?.dice).toBe(5);
    expect(state.choice).toMatchObject({ persona: 2, modifiers: [] });
  });
});

describe("test dialog state: Persona cap", () => {
  it("caps Persona at 3 when the character has more", () => {
    const rich = character({ persona: 5 });
    expect(MAX_PERSONA_DICE).toBe(3);
    expect(dialog({ skillId: "swords" }, { persona: "3" }, rich).personaMax).toBe(3);
    expect(dialog({ skillId: "swords" }, { persona: "3" }, rich).errors).toEqual({});
    const over = dialog({ skillId: "swords" }, { persona: "4" }, rich);
    expect(over.errors).toEqual({ persona: { key: "GOLDHACK.Dialog.Error.PersonaCap", data: { max: 3, cap: 3, available: 5 } } });
    expect(over.choice).toBeNull();
  });

  it("caps Persona at what the character has when that is less than 3", () => {
    const state = dialog({ skillId: "swords" }, { persona: "3" }, character({ persona: 2 }));
    expect(state.personaMax).toBe(2);
    expect(state.errors.persona).toEqual({ key: "GOLDHACK.Dialog.Error.PersonaCap", data: { max: 2, cap: 3, available: 2 } });
    expect(dialog({ skillId: "swords" }, { persona: "1" }, character({ persona: 0 })).errors.persona?.data).toMatchObject({ max: 0 });
  });

  it("names the cap even for an absurd number, and refuses negatives and fractions as numbers", () => {
    expect(dialog({ skillId: "swords" }, { persona: "1000" }).errors.persona?.key).toBe("GOLDHACK.Dialog.Error.PersonaCap");
    expect(dialog({ skillId: "swords" }, { persona: "-1" }).errors.persona).toEqual({ key: "GOLDHACK.Dialog.Error.AtLeast", data: { min: 0 } });
    expect(dialog({ skillId: "swords" }, { persona: "1.5" }).errors.persona?.key).toBe("GOLDHACK.Dialog.Error.WholeNumber");
  });
});

describe("test dialog state: locked fields", () => {
  it("keeps a locked Skill and Ob whatever the player picks", () => {
    const request: TestRequest = { skillId: "swords", ob: 4, locked: { skill: true, ob: true } };
    const state = dialog(request, { skill: "cast", ob: "1" });
    expect(state.locked).toEqual({ skill: true, ob: true, learnSkillName: false, learnSkillType: false });
    expect(state.selections).toMatchObject({ skill: "swords", ob: "4" });
    expect(state.choice).toMatchObject({ skillId: "swords", ob: 4 });
  });

  it("keeps a locked Potential Test on Potential", () => {
    const state = dialog({ skillId: null, locked: { skill: true } }, { skill: "swords" });
    expect(state.choice).toMatchObject({ kind: "potential", skillId: null });
  });

  it("lets the player change what is not locked", () => {
    const state = dialog({ skillId: "swords", ob: 4, locked: { ob: true } }, { skill: "cast", ob: "1" });
    expect(state.locked).toEqual({ skill: false, ob: true, learnSkillName: false, learnSkillType: false });
    expect(state.choice).toMatchObject({ skillId: "cast", ob: 4 });
  });

  it("has nothing to lock a Skill to when the request names none", () => {
    expect(lockedFields({ locked: { skill: true } })).toEqual({ skill: false, ob: false, learnSkillName: false, learnSkillType: false });
    expect(dialog({ locked: { skill: true } }, { skill: "cast" }).choice?.skillId).toBe("cast");
  });
});

describe("test dialog state: problems", () => {
  const cases: [string, Partial<TestSelections>, string, string, Record<string, number>?][] = [
    ["an empty Ob", { ob: "" }, "ob", "GOLDHACK.Dialog.Error.WholeNumber"],
    ["a word for Ob", { ob: "three" }, "ob", "GOLDHACK.Dialog.Error.WholeNumber"],
    ["a fraction of Ob", { ob: "2.5" }, "ob", "GOLDHACK.Dialog.Error.WholeNumber"],
    ["a negative Ob", { ob: "-1" }, "ob", "GOLDHACK.Dialog.Error.AtLeast", { min: 1 }],
    ["Ob 0", { ob: "0" }, "ob", "GOLDHACK.Dialog.Error.AtLeast", { min: 1 }],
    ["an Ob past the field's limit", { ob: "100" }, "ob", "GOLDHACK.Dialog.Error.AtMost", { max: 99 }],
    ["negative linked dice", { linkedDice: "-2" }, "linkedDice", "GOLDHACK.Dialog.Error.AtLeast", { min: 0 }],
    ["a word for linked dice", { linkedDice: "two" }, "linkedDice", "GOLDHACK.Dialog.Error.WholeNumber"],
    ["a negative linked Ob", { linkedOb: "-1" }, "linkedOb", "GOLDHACK.Dialog.Error.AtLeast", { min: 0 }],
    ["an empty linked Ob", { linkedOb: " " }, "linkedOb", "GOLDHACK.Dialog.Error.WholeNumber"],
    ["Persona above the cap", { persona: "3" }, "persona", "GOLDHACK.Dialog.Error.PersonaCap", { max: 2, cap: 3, available: 2 }],
    ["an unknown Skill", { skill: "nope" }, "skill", "GOLDHACK.Dialog.Error.UnknownSkill"],
  ];

  it.each(cases)("points out %s on its own field and offers no choice", (_name, changes, field, key, data) => {
    const state = dialog({ skillId: "swords" }, changes);
    expect(state.errors).toEqual({ [field]: data ? { key, data } : { key } });
    expect(state.choice).toBeNull();
  });

  it("points out every bad field at once, without throwing", () => {
    const state = dialog({ skillId: "swords" }, { ob: "x", linkedDice: "-1", linkedOb: "y", persona: "9" });
    expect(Object.keys(state.errors).sort()).toEqual(["linkedDice", "linkedOb", "ob", "persona"]);
    expect(state.plan).toBeNull();
    expect(state.chance).toBeNull();
  });

  it("accepts a whole number written with spaces, a plus sign or a trailing .0", () => {
    expect(parseWholeNumber(" 3 ", 1, 99)).toEqual({ value: 3 });
    expect(parseWholeNumber("+2", 1, 99)).toEqual({ value: 2 });
    expect(parseWholeNumber("4.0", 1, 99)).toEqual({ value: 4 });
    expect(parseWholeNumber("1e3", 1, 99).problem?.key).toBe("GOLDHACK.Dialog.Error.WholeNumber");
    expect(parseWholeNumber("0x10", 1, 99).problem?.key).toBe("GOLDHACK.Dialog.Error.WholeNumber");
    expect(parseWholeNumber("99999999999999999999", 1, 99).problem?.key).toBe("GOLDHACK.Dialog.Error.WholeNumber");
  });

  it("refuses to roll no dice at all", () => {
    const state = dialog({ skillId: null }, {}, character({ potential: 0 }));
    expect(state.plan?.dice).toBe(0);
    expect(state.errors).toEqual({ pool: { key: "GOLDHACK.Dialog.Error.NoDice" } });
    expect(state.choice).toBeNull();
  });
});

describe("test dialog state: chances", () => {
  it("are the rules' own chances for the planned pool", () => {
    const selections: Partial<TestSelections> = { ob: "3", persona: "1", traits: { stubborn: "helps", tall: "none", wiseass: "hinders" } };
    for (const skillId of ["swords", "cast", "cook", null]) {
      const state = dialog({ skillId }, selections);
      const skill = character().skills.find((s) => s.id === skillId);
      const plan = planTest({ rating: skill?.rating ?? 0, potential: 3, ob: 3, obPenalty: 1, bonusDice: 1, persona: 1, magic: skill?.magic ?? false });
      expect(state.plan).toEqual(plan);
      expect(state.chance).toBe(successProbability(plan));
      expect(state.chanceWithFate).toBe(successProbabilityWithFate(plan));
    }
  });

  it("match the dice by hand for one die against Ob 1: a 4, 5 or 6", () => {
    const state = dialog({ skillId: "one" }, {}, character({ skills: [{ id: "one", name: "Row", type: "expertise", rating: 1, magic: false }] }));
    expect(state.chance).toBeCloseTo(1 / 2, 12);
    // with Fate a failed die cannot have shown a 6, so nothing explodes: no better
    expect(state.chanceWithFate).toBeCloseTo(1 / 2, 12);
  });
});

describe("test dialog state: agreement with the roll", () => {
  it("shows the very pool and Ob the roll will plan from the choice it returns", () => {
    const traits = { stubborn: "helps", tall: "hinders", wiseass: "none" } as const;
    const fallouts = { tired: true, arm: false, infamous: false };
    const scenarios: [TestRequest, Partial<TestSelections>][] = [
      [{ skillId: "swords" }, { ob: "3", persona: "2", traits, fallouts }],
      [{ skillId: "cast", linked: { bonusDice: 2, obPenalty: 1 } }, { ob: "4", traits }],
      [{ skillId: "cook" }, { ob: "2", fallouts }],
      [{ skillId: null, learnSkillName: "Sail" }, { ob: "3", persona: "1", traits, fallouts }],
      [{ kind: "recovery", falloutId: "tired" }, { persona: "1", fallouts: { tired: true, arm: true, infamous: false } }],
    ];
    for (const [request, changes] of scenarios) {
      const state = dialog(request, changes);
      expect(state.choice, JSON.stringify(state.errors)).not.toBeNull();
      if (!state.choice) continue;
      const fallout = character().fallouts.find((f) => f.id === state.choice?.falloutId) ?? null;
      expect(planChoice(state.choice, fallout)).toEqual({ ok: true, plan: state.plan });
    }
  });
});

describe("test dialog state: the declaration", () => {
  it("trims Intent, Task and consequence, leaves blank ones out, and keeps the request id", () => {
    const state = dialog({ skillId: "swords", requestId: "req1" }, { intent: "  Scare him off ", task: "", consequence: " He calls the guard" });
    expect(state.choice).toMatchObject({ intent: "Scare him off", consequence: "He calls the guard", requestId: "req1" });
    expect(state.choice).not.toHaveProperty("task");
  });
});

describe("test dialog state: recovery", () => {
  it("tests Potential against the Fallout's rating, undoubled and locked, leaving that Fallout out of the penalties", () => {
    const state = dialog({ kind: "recovery", falloutId: "tired" }, { skill: "swords", ob: "1" });
    expect(state.locked).toEqual({ skill: true, ob: true, learnSkillName: false, learnSkillType: false });
    expect(state.plan).toEqual({ dice: 3, ob: 2, untrained: false, explode: false });
    expect(state.fallouts.map((f) => f.id)).toEqual(["arm", "infamous"]);
    expect(state.choice).toMatchObject({ kind: "recovery", falloutId: "tired", skillId: null, skillName: "Potential", rating: 3, ob: 2 });
  });

  it("refuses a permanent Fallout with the rules' reason, and an unknown one", () => {
    expect(dialog({ kind: "recovery", falloutId: "infamous" }).errors.skill).toEqual({ key: "GOLDHACK.Fallout.PermanentNoRecovery", data: { rating: 3 } });
    expect(dialog({ kind: "recovery", falloutId: "gone" }).errors.skill).toEqual({ key: "GOLDHACK.Dialog.Error.UnknownFallout" });
  });
});

describe("test dialog state: reading the form", () => {
  const actor = character();
  const previous = initialSelections(actor, { skillId: "swords", ob: 3, locked: { ob: true } });

  it("reads what FormDataExtended gives: numbers, null for an empty number field, booleans for boxes", () => {
    const selections = selectionsFromForm(
      {
        intent: "Climb",
        task: "Grab the vines",
        consequence: "",
        skill: "cast",
        learnSkillName: "",
        linkedDice: 2,
        linkedOb: null,
        persona: 1,
        "traits.stubborn": "helps",
        "traits.tall": "hinders",
        "traits.wiseass": "bogus",
        "fallouts.tired": true,
        "fallouts.arm": false,
      },
      actor,
      previous,
    );
    expect(selections).toEqual({
      ...previous,
      intent: "Climb",
      task: "Grab the vines",
      skill: "cast",
      linkedDice: "2",
      linkedOb: "",
      persona: "1",
      traits: { stubborn: "helps", tall: "hinders", wiseass: "none" },
      fallouts: { tired: true, arm: false, infamous: false },
    });
  });

  it("keeps the previous value of a field the form left out (disabled, so locked)", () => {
    expect(selectionsFromForm({}, actor, previous)).toMatchObject({ ob: "3", skill: "swords" });
  });
});

describe("test dialog state: the Type of the Skill to learn", () => {
  const CONFIG_TYPES = { skillTypes: ["craft", "expertise", "fight", "survive"] };
  const learn = (request: TestRequest, changes: Partial<TestSelections> = {}, actor = character()) =>
    computeTestDialog(actor, request, { ...initialSelections(actor, request), ...changes }, LABELS, CONFIG_TYPES);

  it("opens on the request's Type, else Expertise (SRD: the Type for stuff no other Type covers)", () => {
    expect(initialSelections(character(), { skillId: null, learnSkillName: "Sail", learnSkillType: "survive" }).learnSkillType).toBe("survive");
    expect(initialSelections(character(), { skillId: null, learnSkillName: "Sail" }).learnSkillType).toBe(DEFAULT_LEARN_SKILL_TYPE);
    expect(DEFAULT_LEARN_SKILL_TYPE).toBe("expertise");
  });

  it("carries the chosen Type in the choice, with the trimmed name", () => {
    const state = learn({ skillId: null, learnSkillName: " Sail " }, { learnSkillType: "survive" });
    expect(state.errors).toEqual({});
    expect(state.choice).toMatchObject({ kind: "potential", learnSkillName: "Sail", learnSkillType: "survive" });
    expect(learn({ skillId: null, learnSkillName: "Sail" }).choice).toMatchObject({ learnSkillName: "Sail", learnSkillType: "expertise" });
  });

  it("wants a Type when a name is given, and blocks the roll without one", () => {
    const state = learn({ skillId: null, learnSkillName: "Sail" }, { learnSkillType: "  " });
    expect(state.errors).toEqual({ learnSkillType: { key: "GOLDHACK.Dialog.Test.LearnSkillTypeMissing" } });
    expect(state.choice).toBeNull();
    // the plan and odds are still shown: only the choice waits for the Type
    expect(state.plan).not.toBeNull();
  });

  it("refuses a Type the config does not have", () => {
    const state = learn({ skillId: null, learnSkillName: "Sail", learnSkillType: "seafaring" });
    expect(state.errors).toEqual({ learnSkillType: { key: "GOLDHACK.Dialog.Test.LearnSkillTypeUnknown", data: { type: "seafaring" } } });
    expect(state.choice).toBeNull();
    // "magic" is a rules Type, but this table's config left it out: the config decides
    expect(learn({ skillId: null, learnSkillName: "Sail" }, { learnSkillType: "magic" }).errors.learnSkillType?.key).toBe("GOLDHACK.Dialog.Test.LearnSkillTypeUnknown");
    // without a config the rules' own Types apply
    expect(dialog({ skillId: null, learnSkillName: "Sail" }, { learnSkillType: "magic" }).choice).toMatchObject({ learnSkillType: "magic" });
  });

  it("ignores the Type when there is no name to learn, or the Test is not Potential", () => {
    const blank = learn({ skillId: null }, { learnSkillName: "   ", learnSkillType: "nonsense" });
    expect(blank.errors).toEqual({});
    expect(blank.choice).not.toHaveProperty("learnSkillName");
    expect(blank.choice).not.toHaveProperty("learnSkillType");
    const trained = learn({ skillId: "swords" }, { learnSkillName: "Sail", learnSkillType: "nonsense" });
    expect(trained.errors).toEqual({});
    expect(trained.choice).not.toHaveProperty("learnSkillType");
  });

  it("warns, without blocking, when the character already has the Skill (names compared without case)", () => {
    const state = learn({ skillId: null, learnSkillName: "  sWoRdS " });
    expect(state.warnings).toEqual({ learnSkillName: { key: "GOLDHACK.Dialog.Test.LearnSkillKnown", data: { skill: "Swords" } } });
    expect(state.errors).toEqual({});
    expect(state.choice).toMatchObject({ learnSkillName: "sWoRdS", learnSkillType: "expertise" });
    expect(learn({ skillId: null, learnSkillName: "Sword" }).warnings).toEqual({});
    // the warning stands beside a Type error: both are said
    const both = learn({ skillId: null, learnSkillName: "cook" }, { learnSkillType: "" });
    expect(Object.keys(both.warnings)).toEqual(["learnSkillName"]);
    expect(Object.keys(both.errors)).toEqual(["learnSkillType"]);
  });

  it("reads the Type from the form, keeping the previous one when the form leaves it out", () => {
    const actor = character();
    const previous = initialSelections(actor, { skillId: null, learnSkillName: "Sail" });
    expect(selectionsFromForm({ skill: POTENTIAL_CHOICE, learnSkillName: "Sail", learnSkillType: "craft" }, actor, previous).learnSkillType).toBe("craft");
    expect(selectionsFromForm({ skill: POTENTIAL_CHOICE }, actor, previous).learnSkillType).toBe("expertise");
  });
});

describe("test dialog state: untrained Magic (ruling-untrained-magic)", () => {
  const noCast = character({ skills: character().skills.filter((s) => s.id !== "cast") });
  const rating0Cast = character({ skills: [...noCast.skills, { id: "cast0", name: "Cast", type: "magic", rating: 0, magic: true }] });
  const learnCast = (learnSkillType: string) =>
    dialog({ skillId: null, learnSkillName: "Cast", learnSkillType }, { ob: "2", persona: "1" }, noCast);

  it("gives Potential, to learn Cast (Magic), the pool, Ob and odds of a rating-0 Magic Skill", () => {
    const learning = learnCast("magic");
    const held = dialog({ skillId: "cast0" }, { ob: "2", persona: "1" }, rating0Cast);
    expect(learning.errors).toEqual({});
    expect(learning.magic).toBe(true);
    expect(learning.plan).toEqual(held.plan);
    expect(learning.plan).toMatchObject({ untrained: true, explode: true });
    expect(learning.chance).toBe(held.chance);
    expect(learning.chanceWithFate).toBe(held.chanceWithFate);
    // and not the odds of plain Potential
    expect(learning.chance).toBeGreaterThan(learnCast("lore").chance ?? 1);
  });

  it("carries Magic in the choice, so the roll and the card explode", () => {
    const { choice } = learnCast("magic");
    expect(choice).toMatchObject({ kind: "potential", learnSkillType: "magic", magic: true });
    const planned = choice ? planChoice(choice, null) : null;
    expect(planned).toEqual({ ok: true, plan: expect.objectContaining({ explode: true, untrained: true }) });
    expect(learnCast("lore").choice).toMatchObject({ magic: false });
  });

  it("follows the config's exploding Types (a hack may make another Type explode, or none)", () => {
    const req: TestRequest = { skillId: null, learnSkillName: "Sail", learnSkillType: "survive" };
    const hacked = computeTestDialog(noCast, req, { ...initialSelections(noCast, req) }, LABELS, { skillTypes: ["magic", "survive"], explodingTypes: ["survive"] });
    expect(hacked.magic).toBe(true);
    const magicReq: TestRequest = { skillId: null, learnSkillName: "Cast", learnSkillType: "magic" };
    const tame = computeTestDialog(noCast, magicReq, { ...initialSelections(noCast, magicReq) }, LABELS, { skillTypes: ["magic", "survive"], explodingTypes: [] });
    expect(tame.magic).toBe(false);
  });
});

describe("test dialog state: a locked untrained Test pins what it teaches", () => {
  const request: TestRequest = { kind: "potential", skillId: null, learnSkillName: "Cast", learnSkillType: "magic", ob: 2, locked: { skill: true, ob: true } };

  it("locks the Skill to learn and its Type with the Skill, and keeps them whatever the form sends", () => {
    expect(lockedFields(request)).toEqual({ skill: true, ob: true, learnSkillName: true, learnSkillType: true });
    const state = dialog(request, { learnSkillName: "Juggle", learnSkillType: "perform" });
    expect(state.selections).toMatchObject({ learnSkillName: "Cast", learnSkillType: "magic" });
    expect(state.choice).toMatchObject({ kind: "potential", learnSkillName: "Cast", learnSkillType: "magic" });
  });

  it("locks plain Potential to teach nothing", () => {
    const plain: TestRequest = { kind: "potential", skillId: null, ob: 2, locked: { skill: true, ob: true } };
    expect(lockedFields(plain)).toMatchObject({ learnSkillName: true, learnSkillType: true });
    expect(dialog(plain, { learnSkillName: "Cast", learnSkillType: "magic" }).choice).not.toHaveProperty("learnSkillName");
  });

  it("leaves the Type free when the request names a Skill but no Type (a 0.1.0 card), and everything free when unlocked", () => {
    const untyped: TestRequest = { kind: "potential", skillId: null, learnSkillName: "Cast", ob: 2, locked: { skill: true, ob: true } };
    expect(lockedFields(untyped)).toMatchObject({ learnSkillName: true, learnSkillType: false });
    expect(lockedFields({ ...request, locked: { skill: false, ob: true } })).toMatchObject({ learnSkillName: false, learnSkillType: false });
  });
});
