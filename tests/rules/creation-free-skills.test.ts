import { describe, expect, it } from "vitest";
import { pickFreeSkillGrants, planFreeSkills, type FreeSkillGrant } from "../../src/rules/creation-free-skills";

// SRD: Characters › Lifepaths: each Lifepath gives a Skill of its first Type at 2, or +1 to one its Type already gave.
const fight = (rating: number) => ({ type: "fight", rating });
const grant = (lifepath: number, skill: number, kind: FreeSkillGrant["kind"], rating: number): FreeSkillGrant => ({ lifepath, skill, kind, rating });

describe("which legal choice of free Skills is picked (issue 19)", () => {
  it("gives every chosen Skill new first, in Lifepath order, then the raises fill the best one", () => {
    // Four Fight Lifepaths over Swords 4 and Brawl 3, 6 free points: two Skills, 4 + 2.
    expect(pickFreeSkillGrants(["fight", "fight", "fight", "fight"], [fight(4), fight(3)], 6)).toEqual([
      grant(0, 0, "new", 2),
      grant(1, 1, "new", 2),
      grant(2, 0, "raise", 3),
      grant(3, 0, "raise", 4),
    ]);
  });

  it("raises the next Skill once the best is full, round by round, never past a Skill's rating", () => {
    // Five Fight Lifepaths over two Skills rated 4, 7 free points: 4 + 3.
    expect(pickFreeSkillGrants(["fight", "fight", "fight", "fight", "fight"], [fight(4), fight(4)], 7)).toEqual([
      grant(0, 0, "new", 2),
      grant(1, 1, "new", 2),
      grant(2, 0, "raise", 3),
      grant(3, 1, "raise", 3),
      grant(4, 0, "raise", 4),
    ]);
  });

  it("takes the best rated Skill first, and of equal ones the first listed", () => {
    expect(pickFreeSkillGrants(["fight"], [fight(3), fight(4), fight(3)], 2)).toEqual([grant(0, 1, "new", 2)]);
    expect(pickFreeSkillGrants(["fight", "fight"], [fight(3), fight(4), fight(3)], 4)).toEqual([grant(0, 1, "new", 2), grant(1, 0, "new", 2)]);
    expect(pickFreeSkillGrants(["fight"], [fight(3), { type: "lore", rating: 5 }, fight(3)], 2)).toEqual([grant(0, 0, "new", 2)]);
  });

  it("gives the spare points to the first Type first", () => {
    // Fight and Lore, each given twice, each over two Skills rated 3: 7 free points take two Fight Skills, one Lore.
    const skills = [fight(3), fight(3), { type: "lore", rating: 3 }, { type: "lore", rating: 3 }];
    expect(pickFreeSkillGrants(["fight", "lore", "fight", "lore"], skills, 7)).toEqual([
      grant(0, 0, "new", 2),
      grant(1, 2, "new", 2),
      grant(2, 1, "new", 2),
      grant(3, 2, "raise", 3),
    ]);
  });
});

describe("how many Skills can hold a Type's free grants (SRD: Characters › Lifepaths)", () => {
  it("needs as many Skills rated 2 as grants, but one Skill can hold several if rated higher", () => {
    expect(planFreeSkills(["fight", "fight", "fight"], [fight(2), fight(2), fight(2)]).types).toEqual([
      { type: "fight", lifepaths: [0, 1, 2], feasible: true, minSkills: 3, maxSkills: 3 },
    ]);
    expect(planFreeSkills(["fight", "fight", "fight"], [fight(2), fight(4), fight(2)]).types).toEqual([
      { type: "fight", lifepaths: [0, 1, 2], feasible: true, minSkills: 1, maxSkills: 3 },
    ]);
    expect(planFreeSkills(["fight", "fight", "fight"], [fight(3), fight(2)]).types).toEqual([
      { type: "fight", lifepaths: [0, 1, 2], feasible: true, minSkills: 2, maxSkills: 2 },
    ]);
  });

  it("cannot hold more grants than the Skills have room for", () => {
    const plan = planFreeSkills(["fight", "fight", "fight", "fight"], [fight(2), fight(2), fight(2)]);
    expect(plan).toEqual({ types: [{ type: "fight", lifepaths: [0, 1, 2, 3], feasible: false, minSkills: 0, maxSkills: 0 }], feasible: false, minFree: 0, maxFree: 0 });
    expect(pickFreeSkillGrants(["fight", "fight", "fight", "fight"], [fight(2), fight(2), fight(2)], 7)).toBeNull();
  });
});
