/**
 * The defaults a new document takes, read from CONFIG.GOLDHACK so that a hack without the SRD's own keys still
 * creates valid Skills and characters: the SRD's Expertise ("stuff not covered by other Types") and Adult when the
 * config has them, else its first Type or age. SRD: Skills › Type & Skill Examples; Characters › The Basic Chart
 */
import { BASIC_CHART, type ChartRow } from "../rules";

const SRD_SKILL_TYPE = "expertise";
const SRD_AGE = "adult";

const preferred = (keys: readonly string[], srd: string): string => (keys.includes(srd) ? srd : (keys[0] ?? srd));

/** The Type a new Skill, or one learned untrained with no Type named, gets. */
export function defaultSkillType(): string {
  return preferred(Object.keys(CONFIG.GOLDHACK.skillTypes), SRD_SKILL_TYPE);
}

/** The age a new character gets. */
export function defaultAge(): string {
  return preferred(Object.keys(CONFIG.GOLDHACK.ages), SRD_AGE);
}

/** The chart row of the default age: a new character's Fate and Persona, a new NPC's Potential. */
export function defaultAgeRow(): ChartRow {
  return CONFIG.GOLDHACK.ages[defaultAge()] ?? BASIC_CHART.adult;
}
