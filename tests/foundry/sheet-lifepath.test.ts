import { describe, expect, it } from "vitest";
import { decideLifepathFreeSkill, FREE_SKILL_RATING } from "../../src/applications/sheets/lifepath-free-skill";
import { createConfig } from "../../src/config";
import { findSrdLifepath } from "../../src/rules";
import { StandInI18n } from "./i18n";

const config = createConfig();

describe("the free Skill of a dropped Lifepath", () => {
  it("creates a Skill of the first Type at rating 2 with a localised name to rename, when the character has none of that Type", () => {
    const esoteric = findSrdLifepath("esoteric");
    expect(esoteric).toBeDefined();
    const en = decideLifepathFreeSkill({ name: "Esoteric", skillTypes: esoteric?.types ?? [] }, ["fight", "craft"], config.skillTypes, new StandInI18n("en"));
    expect(en).toEqual({
      kind: "create",
      skill: { name: "New Magic Skill", type: "skill", system: { skillType: "magic", rating: FREE_SKILL_RATING, passed: 0, failed: 0 } },
    });
    const es = decideLifepathFreeSkill({ name: "Esotérico", skillTypes: ["magic", "craft", "lore"] }, [], config.skillTypes, new StandInI18n("es"));
    expect(es.kind === "create" && es.skill.name).toBe("Nueva Habilidad de Magia");
    expect(FREE_SKILL_RATING).toBe(2);
  });

  it("leaves the choice to the player when the character already has a Skill of that Type (raise it or add another)", () => {
    const i18n = new StandInI18n("en");
    const decision = decideLifepathFreeSkill({ name: "Military", skillTypes: ["fight", "expertise", "survive"] }, ["lore", "fight"], config.skillTypes, i18n);
    expect(decision).toEqual({
      kind: "choose",
      type: "fight",
      notice: "Military gives a free Fight Skill at 2, and this character already has one: raise it by 1 or add another Fight Skill at 2.",
    });
    expect([...i18n.missing]).toEqual([]);
  });

  it("only the first Type counts: other Types the character lacks give nothing", () => {
    const decision = decideLifepathFreeSkill({ name: "Noble", skillTypes: ["influence", "fight", "lore"] }, ["influence"], config.skillTypes, new StandInI18n("en"));
    expect(decision.kind).toBe("choose");
  });

  it("adds nothing for a Lifepath with no Types, or whose first Type the config no longer has", () => {
    const i18n = new StandInI18n("en");
    expect(decideLifepathFreeSkill({ name: "Blank", skillTypes: [] }, [], config.skillTypes, i18n)).toEqual({ kind: "none" });
    expect(decideLifepathFreeSkill({ name: "Old", skillTypes: ["sailing", "fight", "lore"] }, [], config.skillTypes, i18n)).toEqual({ kind: "none" });
  });

  it("uses a hack's Type name", () => {
    const hack = createConfig();
    hack.skillTypes.sail = { label: "GOLDHACK.SkillType.Survive", explodes: false, practiceOrder: 8 };
    const decision = decideLifepathFreeSkill({ name: "Deckhand", skillTypes: ["sail", "fight", "lore"] }, [], hack.skillTypes, new StandInI18n("en"));
    expect(decision.kind === "create" && decision.skill.system.skillType).toBe("sail");
  });
});
