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
 * P(hits = k) for k = 0, 1, … until the rest of the mass is below 1e-17 (TAIL): the whole distribution of a pool's hits,
 * exploding or not. SRD: Tests › 3) Dice Roll; Alterations › My Skill Is Magic!
 */
export function hitsDistribution(plan: TestPlan): readonly number[] {
  assertTestPlan("plan", plan);
  // The distribution depends on the pool alone (not the Ob): a group's odds ask for the same few pools again and
  // again, on every keystroke of the dialog. Frozen, so no caller can spoil the cache.
  const key = plan.explode ? -plan.dice - 1 : plan.dice;
  const cached = distributions.get(key);
  if (cached) return cached;
  if (distributions.size >= CACHE_SIZE) distributions.clear();
  const pmf = Object.freeze(computeHits(plan));
  distributions.set(key, pmf);
  return pmf;
}

/** Distributions already computed, by pool (dice, or -dice - 1 when exploding); cleared when full. */
const distributions = new Map<number, readonly number[]>();
const CACHE_SIZE = 128;

function computeHits(plan: TestPlan): number[] {
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
  // Where to stop: not where 1 - (mass so far) drops below TAIL, which doubles cannot tell apart from 0 (their step
  // below 1 is 1.1e-16), but from the terms themselves. B + S is log-concave (a binomial plus a negative binomial), so
  // once a term is r < 1 times the one before, every later step falls by r or more, and the rest is below p·r/(1 − r).
  const out: number[] = [];
  let previous = 0;
  for (let k = 0; k < count; k++) {
    let p = 0;
    for (let x = 0; x <= Math.min(k, dice); x++) p += (b[x] ?? 0) * (s[k - x] ?? 0);
    out.push(p);
    const r = p / previous;
    if (r < 1 && (p * r) / (1 - r) < TAIL) break;
    previous = p;
  }
  return out;
}

