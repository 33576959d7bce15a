import type { Age, ChartRow, SkillType } from "./types";

/** The Basic Chart, exactly. SRD: Characters › The Basic Chart */
export const BASIC_CHART: Readonly<Record<Age, Readonly<ChartRow>>> = Object.freeze({
  child: Object.freeze({ lifepaths: 1, skillPoints: 3, maxRating: 3, fate: 5, persona: 3, potential: 5, traits: 1 }),
  young: Object.freeze({ lifepaths: 2, skillPoints: 4, maxRating: 4, fate: 3, persona: 2, potential: 4, traits: 2 }),
  adult: Object.freeze({ lifepaths: 3, skillPoints: 5, maxRating: 5, fate: 3, persona: 0, potential: 3, traits: 3 }),
  elder: Object.freeze({ lifepaths: 4, skillPoints: 6, maxRating: 5, fate: 2, persona: 0, potential: 2, traits: 4 }),
});

/** Ages in the order a character lives them. SRD: Changes › Aging Your Character */
export const AGES: readonly Age[] = Object.freeze(["child", "young", "adult", "elder"]);

/** The Types in the SRD's order. */
export const SKILL_TYPES: readonly SkillType[] = Object.freeze([
  "craft",
  "expertise",
  "fight",
  "influence",
  "lore",
  "magic",
  "perform",
  "survive",
]);

/** A hit is a die showing this or more. SRD: Tests › 3) Dice Roll */
export const HIT_MIN = 4;
/** Faces of a die; a 6 explodes on Magic and Fate. SRD: Alterations › My Skill Is Magic! */
export const DIE_FACES = 6;
/** Persona adds at most this many dice to one Test. SRD: Spending Persona & Fate */
export const MAX_PERSONA_DICE = 3;
/** Fate points that may be spent on one roll. SRD: Spending Persona & Fate (one point, one effect) */
// Ruling: ruling-one-fate (rules journal)
export const MAX_FATE_PER_ROLL = 1;
/** Ob grades 1–5. SRD: Tests › 2) Choosing The Skill & The Obstacle */
export const OB_GRADES = Object.freeze({ 1: "routine", 2: "fair", 3: "difficult", 4: "terrible", 5: "legendary" } as const);
export type ObGrade = (typeof OB_GRADES)[keyof typeof OB_GRADES];
