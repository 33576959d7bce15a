/**
 * The free Skills of Lifepaths, as a search. SRD: Characters › Lifepaths
 *
 * Each Lifepath gives one Skill of its first Type at rating 2. When that Type
 * was already given by another Lifepath (or the Lifepath is repeated), the
 * player may instead raise a Skill already given of that Type by 1. So, per
 * Type T given by n Lifepaths, the legal outcomes are: k distinct Skills of T
 * (1 ≤ k ≤ n) each hold g ≥ 1 grants with Σg = n, and a Skill holding g grants
 * has g + 1 free rating points (2 for the first grant, +1 for each raise).
 * Lifepath order never matters: a raise needs an earlier grant of the same
 * Type, and the first grant of a Type is always a new Skill. Skill points then
 * buy the rest, so a Skill's rating must be at least its free points.
 */

/** A Skill as the search sees it; null for a Skill that cannot hold grants (bad rating). */
export interface FreeSkillSlot {
  type: string;
  rating: number;
}

/** What the Lifepaths of one first Type allow. */
export interface FreeSkillTypePlan {
  type: string;
  /** Indices of the Lifepaths whose first Type this is. */
  lifepaths: number[];
  /** False when no legal assignment exists for this Type. */
  feasible: boolean;
  /** Fewest and most distinct Skills that can hold the grants (0 when not feasible). */
  minSkills: number;
  maxSkills: number;
}

export interface FreeSkillPlan {
  types: FreeSkillTypePlan[];
  feasible: boolean;
  /** Range of free rating points over all legal assignments (0 when not feasible). */
  minFree: number;
  maxFree: number;
}

/** One Lifepath's free Skill: a new Skill at 2, or +1 to one already given. */
export interface FreeSkillGrant {
  lifepath: number;
  skill: number;
  kind: "new" | "raise";
  /** The Skill's free rating after this grant. */
  rating: number;
}

/** Skills of a Type that can hold grants, best capacity (rating − 1) first, then by index. */
function candidates(type: string, skills: readonly (FreeSkillSlot | null)[]): { index: number; capacity: number }[] {
  const out: { index: number; capacity: number }[] = [];
  skills.forEach((slot, index) => {
    if (slot && slot.type === type && slot.rating >= 2) out.push({ index, capacity: slot.rating - 1 });
  });
  // Array.prototype.sort is stable, and `out` is in index order: equal capacities stay by index.
  return out.sort((a, b) => b.capacity - a.capacity);
}

/** What each first Type allows, and the range of free rating points. SRD: Characters › Lifepaths */
export function planFreeSkills(firstTypes: readonly (string | null)[], skills: readonly (FreeSkillSlot | null)[]): FreeSkillPlan {
  const byType = new Map<string, number[]>();
  firstTypes.forEach((type, index) => {
    if (type !== null) byType.set(type, [...(byType.get(type) ?? []), index]);
  });
  const types: FreeSkillTypePlan[] = [];
  for (const [type, lifepaths] of byType) {
    const n = lifepaths.length;
    const pool = candidates(type, skills);
    let minSkills = 0;
    let held = 0;
    // Every capacity is at least 1, so this stops by the n-th candidate.
    for (const [i, candidate] of pool.entries()) {
      held += candidate.capacity;
      if (held >= n) {
        minSkills = i + 1;
        break;
      }
    }
    const feasible = minSkills > 0;
    types.push({ type, lifepaths, feasible, minSkills, maxSkills: feasible ? Math.min(n, pool.length) : 0 });
  }
  const feasible = types.every((t) => t.feasible);
  const grants = types.reduce((sum, t) => sum + t.lifepaths.length, 0);
  return {
    types,
    feasible,
    minFree: feasible ? grants + types.reduce((sum, t) => sum + t.minSkills, 0) : 0,
    maxFree: feasible ? grants + types.reduce((sum, t) => sum + t.maxSkills, 0) : 0,
  };
}

/**
 * A legal assignment of free Skills worth exactly `freePoints` rating points,
 * or null when there is none. Grants come in Lifepath order. Of the legal ones it
 * picks: per Type, as few Skills as the points allow (the first Types take the
 * spare points), best rated first, then first listed; the raises fill the best of
 * them first; and the Type's Lifepaths, in order, give every chosen Skill new
 * before any raise.
 */
export function pickFreeSkillGrants(
  firstTypes: readonly (string | null)[],
  skills: readonly (FreeSkillSlot | null)[],
  freePoints: number,
): FreeSkillGrant[] | null {
  const plan = planFreeSkills(firstTypes, skills);
  if (!plan.feasible || freePoints < plan.minFree || freePoints > plan.maxFree) return null;
  let extra = freePoints - plan.minFree;
  const grants: FreeSkillGrant[] = [];
  for (const typePlan of plan.types) {
    const k = typePlan.minSkills + Math.min(extra, typePlan.maxSkills - typePlan.minSkills);
    extra -= k - typePlan.minSkills;
    const chosen = candidates(typePlan.type, skills).slice(0, k);
    // Every chosen Skill holds one grant; the raises fill the best chosen Skill first, then the next.
    let left = typePlan.lifepaths.length - k;
    const queue = chosen.flatMap((c) => {
      const more = Math.min(left, c.capacity - 1);
      left -= more;
      return Array.from({ length: 1 + more }, (_, order) => ({ skill: c.index, order }));
    });
    // The Type's Lifepaths, in order, first give each chosen Skill new, then raise them round by round.
    queue.sort((a, b) => a.order - b.order);
    const given = new Map<number, number>();
    typePlan.lifepaths.forEach((lifepath, i) => {
      const slot = queue[i];
      if (!slot) return;
      const rating = (given.get(slot.skill) ?? 0) === 0 ? 2 : (given.get(slot.skill) ?? 0) + 1;
      given.set(slot.skill, rating);
      grants.push({ lifepath, skill: slot.skill, kind: rating === 2 ? "new" : "raise", rating });
    });
  }
  return grants.sort((a, b) => a.lifepath - b.lifepath);
}
