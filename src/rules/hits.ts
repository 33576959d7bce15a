/**
 * The whole distribution of a pool's hits, for the odds that need more than one tail (group tests, Fate over
 * many Obs). The single-Test odds use the tails in odds-series directly.
 */
import { fillBinomialPmf, fillNegativeBinomialPmf } from "./odds-series";
import { assertTestPlan, type TestPlan } from "./test";

/** Mass below which a distribution's tail is dropped: far below any digit the odds show. */
export const TAIL = 1e-17;

/** Hard bound on a pmf's length, whatever the pool (an exploding pool averages 3/5 of a hit a die). */
const maxHits = (dice: number): number => 4 * dice + 64;

/**
 * P(hits = k) for k = 0, 1, … until the rest of the mass is below 1e-17: the whole distribution of a pool's hits,
 * exploding or not. SRD: Tests › 3) Dice Roll; Alterations › My Skill Is Magic!
 */
export function hitsDistribution(plan: TestPlan): number[] {
  assertTestPlan("plan", plan);
  const { dice } = plan;
  if (dice === 0) return [1];
  if (!plan.explode) {
    const out: number[] = [];
    fillBinomialPmf(out, dice, 1, 2, dice + 1);
    return out;
  }
  // Hits = B + S: B ~ Binomial(dice, 2/5) 4s and 5s ending the chains, S ~ NegativeBinomial(dice, 1/6) sixes (odds-series).
  const count = maxHits(dice);
  const b: number[] = [];
  const s: number[] = [];
  fillBinomialPmf(b, dice, 2, 5, dice + 1);
  fillNegativeBinomialPmf(s, dice, 1, 6, count);
  const out: number[] = [];
  let mass = 0;
  for (let k = 0; k < count; k++) {
    let p = 0;
    for (let x = 0; x <= Math.min(k, dice); x++) p += (b[x] ?? 0) * (s[k - x] ?? 0);
    out.push(p);
    mass += p;
    if (k >= dice && 1 - mass < TAIL) break;
  }
  return out;
}

