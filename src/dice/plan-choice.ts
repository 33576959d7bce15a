import { type FalloutState, planFalloutRecovery, planTest, type Problem, type TestPlan } from "../rules";
import type { TestChoice } from "../data/test-choice";

export type ChoicePlan = { ok: true; plan: TestPlan } | { ok: false; problem: Problem };

/**
 * The rules' plan for what the dialog chose. A skill or Potential Test goes to planTest (rating 0 rolls
 * Potential at double Ob); a recovery Test is planned by the rules' recovery planning (Potential against
 * the Fallout's rating, not doubled), then gets its modifiers and Persona through planTest.
 * Throws RangeError on a choice no dialog could make (the rules' own checks).
 * SRD: Tests › I Don't Have The Skill!; Changes › Recovering From Fallout; Spending Persona & Fate
 */
export function planChoice(choice: TestChoice, fallout: FalloutState | null): ChoicePlan {
  const bonusDice = choice.modifiers.reduce((sum, m) => sum + m.dice, 0);
  const obPenalty = choice.modifiers.reduce((sum, m) => sum + m.ob, 0);
  if (choice.kind === "recovery") {
    if (!fallout) return { ok: false, problem: { key: "GOLDHACK.Roll.Error.NoFallout" } };
    const recovery = planFalloutRecovery(choice.potential, fallout);
    if (!recovery.ok) return recovery;
    // The recovery plan's dice are trained dice (never doubled Ob), so they go in as the rating.
    const plan = planTest({
      rating: recovery.plan.dice,
      potential: choice.potential,
      ob: recovery.plan.ob,
      obPenalty,
      bonusDice,
      persona: choice.persona,
      magic: false,
    });
    return { ok: true, plan };
  }
  const rating = choice.kind === "potential" ? 0 : choice.rating;
  return {
    ok: true,
    plan: planTest({ rating, potential: choice.potential, ob: choice.ob, obPenalty, bonusDice, persona: choice.persona, magic: choice.magic }),
  };
}
