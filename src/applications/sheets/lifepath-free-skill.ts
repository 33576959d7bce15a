/**
 * What dropping a Lifepath on a character adds besides the Lifepath: its free Skill of the first Type at
 * rating 2, when the character has no Skill of that Type yet. Pure. SRD: Characters › Lifepaths
 *
 * When the character already has a Skill of that Type, the SRD lets the player choose: raise that Skill
 * by 1 or take a different Skill of the Type at 2. That is a choice, so nothing is created; the sheet
 * tells the player instead. The new Skill is named "New Craft Skill" (localised): the player renames it,
 * which keeps the drop a single step with no prompt in the way.
 */
import type { SkillTypeConfig } from "../../config";
import type { HelperI18n } from "../../i18n/i18n";

/** The rating of a Lifepath's free Skill. SRD: Characters › Lifepaths */
export const FREE_SKILL_RATING = 2;

/** The Item data of the free Skill to create. */
export interface FreeSkillData {
  name: string;
  type: "skill";
  system: { skillType: string; rating: number; passed: number; failed: number };
}

export type FreeSkillDecision =
  | { kind: "create"; skill: FreeSkillData }
  /** The character already has a Skill of the Type: the player chooses (the notice explains how). */
  | { kind: "choose"; type: string; notice: string }
  /** The Lifepath lists no Type, or one the config does not know (a hack removed it). */
  | { kind: "none" };

/**
 * Decides the free Skill of a Lifepath dropped on a character. `lifepathTypes` are its Types in order (the
 * first gives the Skill), `skillTypesHeld` the Types of the Skills the character has.
 * SRD: Characters › Lifepaths
 */
export function decideLifepathFreeSkill(
  lifepath: { name: string; skillTypes: readonly string[] },
  skillTypesHeld: readonly string[],
  skillTypes: Readonly<Record<string, SkillTypeConfig>>,
  i18n: HelperI18n,
): FreeSkillDecision {
  const type = lifepath.skillTypes[0];
  const config = type === undefined ? undefined : skillTypes[type];
  if (type === undefined || !config) return { kind: "none" };
  const typeName = i18n.localize(config.label);
  if (skillTypesHeld.includes(type)) {
    return { kind: "choose", type, notice: i18n.format("GOLDHACK.Sheet.Lifepaths.FreeSkillChoice", { lifepath: lifepath.name, type: typeName }) };
  }
  return {
    kind: "create",
    skill: {
      name: i18n.format("GOLDHACK.Sheet.NewItem.Skill", { type: typeName }),
      type: "skill",
      system: { skillType: type, rating: FREE_SKILL_RATING, passed: 0, failed: 0 },
    },
  };
}
