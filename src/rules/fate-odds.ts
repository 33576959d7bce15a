import { fillBinomialPmf, fillNegativeBinomialPmf } from "./odds-series";
import { successProbability } from "./odds";
import { assertTestPlan, type TestPlan } from "./test";

/**
 * The exact chance to pass when the player spends 1 Fate only if the roll fails (and rerolls optimally on Magic).
 * Non-Magic: the failed roll's sixes explode, so this is the exploding pool's chance. Magic: a miss is rerolled if
 * there is one, else a 4 or 5. SRD: Alterations › Spending Persona & Fate To Modify Rolls
 */
export function successProbabilityWithFate(plan: TestPlan): number {
  assertTestPlan("plan", plan);
  if (!plan.explode) return successProbability({ ...plan, explode: true });
  return successProbability(plan) + magicRerollGain(plan.dice, plan.ob);
}

// Scratch for the pmfs, overwritten on every call (see odds-series).
const pmfB: number[] = [];
const pmfS: number[] = [];

/**
 * P(the Magic roll fails and the reroll saves it). A failed roll has B non-six hits and S sixes (see odds-series),
 * B + S < ob. One rerolled die gains at least d hits with chance (1/2)(1/6)^(d-1): d - 1 sixes, then a hit.
 * Rerolling a miss (there is one unless B = dice) needs d = ob - B - S; rerolling a 4 or 5 needs one more.
 */
function magicRerollGain(dice: number, ob: number): number {
  if (dice === 0 || ob === 0) return 0;
  const countB = Math.min(dice, ob - 1) + 1;
  fillBinomialPmf(pmfB, dice, 2, 5, countB);
  fillNegativeBinomialPmf(pmfS, dice, 1, 6, ob);
  // saved_m = sum over s < m of P(S = s)·(1/2)(1/6)^(m-1-s): the chance a miss reroll covers the deficit m - s,
  // built up m by m and paired with b = ob - m.
  let saved = 0;
  let gain = 0;
  for (let m = 1; m <= ob; m++) {
    saved = saved / 6 + (pmfS[m - 1] ?? 0) / 2;
    const b = ob - m;
    if (b < dice) gain += (pmfB[b] ?? 0) * saved;
    else if (b === dice) gain += ((pmfB[b] ?? 0) * saved) / 6; // all non-sixes hit: reroll a 4 or 5, one more to gain
  }
  return gain;
}
