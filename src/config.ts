import { AGES, BASIC_CHART, OB_GRADES, SKILL_TYPES } from "./rules/chart";
import { PRACTICE_ORDER } from "./rules/learning";
import type { ChartRow } from "./rules/types";

/** One Type of Skill as the system knows it. */
export interface SkillTypeConfig {
  /** Localisation key of its name. */
  label: string;
  /** Magic: sixes explode. SRD: My Skill Is Magic! */
  explodes: boolean;
  /** Position in the practice order, 0 = slowest. SRD: Downtime & Practice */
  practiceOrder: number;
}

/** One age as the system knows it: its label and its row of the Basic Chart. */
export interface AgeConfig extends ChartRow {
  label: string;
}

export interface ObGradeConfig {
  label: string;
}

/** What `CONFIG.GOLDHACK` holds. Data only; hacks change it in the `goldhack.setup` hook. */
export interface GoldHackConfig {
  skillTypes: Record<string, SkillTypeConfig>;
  ages: Record<string, AgeConfig>;
  obGrades: Record<number, ObGradeConfig>;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Builds a fresh config from the SRD; a new object every call so tests and hacks never share state. */
export function createConfig(): GoldHackConfig {
  const skillTypes: Record<string, SkillTypeConfig> = {};
  for (const key of SKILL_TYPES) {
    skillTypes[key] = {
      label: `GOLDHACK.SkillType.${capitalise(key)}`,
      explodes: key === "magic",
      practiceOrder: PRACTICE_ORDER.indexOf(key),
    };
  }
  const ages: Record<string, AgeConfig> = {};
  for (const key of AGES) ages[key] = { label: `GOLDHACK.Age.${capitalise(key)}`, ...BASIC_CHART[key] };
  const obGrades: Record<number, ObGradeConfig> = {};
  for (const [ob, grade] of Object.entries(OB_GRADES)) obGrades[Number(ob)] = { label: `GOLDHACK.Ob.${capitalise(grade)}` };
  return { skillTypes, ages, obGrades };
}
