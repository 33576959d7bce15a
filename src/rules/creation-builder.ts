/**
 * Helpers for building a character step by step, beside validateCharacter. The builder keeps each
 * Lifepath's free Skill as an explicit choice (which Skill it went to); these turn those choices into
 * ratings and say what a new Lifepath's free Skill may become. SRD: Characters › Lifepaths, Skills
 */
/** The rating of a Lifepath's free Skill. SRD: Characters › Lifepaths */
export const FREE_SKILL_RATING = 2;

/**
 * Each Skill's free rating from the Lifepaths' grants, by Skill index: the first grant gives
 * the Skill at 2, each further grant +1. `grants[i]` is the Skill index Lifepath i gave (null: none).
 * SRD: Characters › Lifepaths
 */
export function freeSkillRatings(grants: readonly (number | null)[], skillCount: number): number[] {
  const out = Array.from({ length: skillCount }, () => 0);
  for (const skill of grants) {
    if (skill === null || skill < 0 || skill >= skillCount) continue;
    out[skill] = (out[skill] ?? 0) === 0 ? FREE_SKILL_RATING : (out[skill] ?? 0) + 1;
  }
  return out;
}

/** Skill points left to spend (negative when overspent). SRD: Characters › The Basic Chart, Skills */
export function remainingSkillPoints(skillPoints: number, bought: readonly number[]): number {
  return bought.reduce((left, points) => left - (Number.isFinite(points) ? points : 0), skillPoints);
}

/** What a Lifepath's free Skill may become. */
export interface FreeSkillOffer {
  /** True when an earlier Lifepath already gave a Skill of this Type: the player chooses. */
  clash: boolean;
  /** Skill indices that may be raised by 1: given of this Type by an earlier Lifepath, and still under the maximum. */
  raise: number[];
  /** A new Skill of the Type at 2 is always allowed. */
  newAt: number;
}

/**
 * The choice a free Skill of `type` offers after the earlier Lifepaths' grants: raise by 1 a Skill of
 * that Type an earlier Lifepath gave (only while its rating, without this grant, is under `maxRating`)
 * or another Skill of that Type at 2. `skills[i].rating` is the Skill's rating without this Lifepath's
 * grant. SRD: Characters › Lifepaths ("raise its rating by 1 (up to your maximum) or choose a different Skill of that Type at 2")
 */
export function freeSkillOffer(
  type: string,
  earlierGrants: readonly (number | null)[],
  skills: readonly { type: string; rating: number }[],
  maxRating: number,
): FreeSkillOffer {
  const granted = new Set(earlierGrants);
  // In Skill order; a grant of no Skill (null, out of range) matches none.
  const given = skills.flatMap((skill, index) => (skill.type === type && granted.has(index) ? [{ skill, index }] : []));
  const raise = given.filter(({ skill }) => skill.rating + 1 <= maxRating).map(({ index }) => index);
  return { clash: given.length > 0, raise, newAt: FREE_SKILL_RATING };
}
