import { hitsDistribution } from "./hits";
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
  // With Ob 0 nothing fails: no term is written or summed below, and the gain is 0.
  if (dice === 0) return 0;
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

/**
 * successProbabilityWithFate for every Ob from 0 to `maxOb` at once (the plan's own Ob is ignored), in one pass over
 * the distribution: what the group odds need when the Ob a roll must reach depends on the other rolls.
 */
export function successProbabilitiesWithFate(plan: TestPlan, maxOb: number): number[] {
  assertTestPlan("plan", plan);
  if (!Number.isInteger(maxOb) || maxOb < 0) throw new RangeError(`maxOb must be a whole number, got ${String(maxOb)}`);
  // After Fate a non-Magic roll is the exploding pool; a Magic roll starts as one.
  const pmf = hitsDistribution({ ...plan, explode: true });
  const out = new Array<number>(maxOb + 1).fill(0);
  let tail = 0;
  for (let k = pmf.length - 1; k >= 1; k--) {
    tail += pmf[k] ?? 0;
    if (k <= maxOb) out[k] = tail;
  }
  out[0] = 1; // Ob 0 always passes: exactly 1, not the sum of the pmf's rounded terms
  if (!plan.explode || plan.dice === 0) return out;
  // The Magic reroll's gain, as in magicRerollGain, for every Ob: saved_m does not depend on the Ob, so build it once.
  const { dice } = plan;
  const b: number[] = [];
  const s: number[] = [];
  fillBinomialPmf(b, dice, 2, 5, dice + 1);
  fillNegativeBinomialPmf(s, dice, 1, 6, maxOb);
  const saved: number[] = [0];
  for (let m = 1; m <= maxOb; m++) saved.push((saved[m - 1] ?? 0) / 6 + (s[m - 1] ?? 0) / 2);
  for (let ob = 1; ob <= maxOb; ob++) {
    let gain = 0;
    for (let m = Math.max(1, ob - dice); m <= ob; m++) {
      const term = (b[ob - m] ?? 0) * (saved[m] ?? 0);
      gain += ob - m === dice ? term / 6 : term;
    }
    out[ob] = (out[ob] ?? 0) + gain;
  }
  return out;
}
