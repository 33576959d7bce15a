import { explodingLowerTail, explodingUpperTail, plainLowerTail } from "./odds-series";
import { assertTestPlan, type TestPlan } from "./test";

/**
 * The exact chance that the plan passes, Magic's exploding sixes included: no simulation, no truncated series.
 * Runs in time linear in min(dice, Ob) and keeps full relative precision even for very long odds.
 * SRD: Tests › 3) Dice Roll; Alterations › My Skill Is Magic!
 */
export function successProbability(plan: TestPlan): number {
  assertTestPlan("plan", plan);
  const { dice, ob } = plan;
  if (ob === 0) return 1;
  if (dice === 0) return 0;
  // Sum whichever tail is the smaller, so a chance near 0 is never the difference of two numbers near 1.
  if (!plan.explode) {
    return 2 * (ob - 1) < dice ? 1 - plainLowerTail(dice, ob - 1) : plainLowerTail(dice, dice - ob);
  }
  // An exploding die averages 3/5 of a hit.
  return 5 * ob <= 3 * dice ? 1 - explodingLowerTail(dice, ob - 1) : explodingUpperTail(dice, ob);
}
