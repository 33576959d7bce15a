/**
 * Independent oracles for the odds tests: exact rational arithmetic, brute-force enumeration and a seeded
 * simulation. None of them shares code or formulas with src/rules/odds*.ts.
 */

import { mulberry32 } from "../support/seeded-random";

export { mulberry32 };

/** One d6 face from a uniform number in [0, 1). */
export function d6(random: () => number): number {
  return 1 + Math.floor(random() * 6);
}

/** Rolls a pool the way the table does: every die, and on Magic one more die for every 6, recursively. */
export function rollPool(random: () => number, dice: number, explode: boolean): number[] {
  const faces: number[] = [];
  let pending = dice;
  while (pending > 0) {
    pending--;
    const face = d6(random);
    faces.push(face);
    if (explode && face === 6) pending++;
  }
  return faces;
}

export function hitsOf(faces: readonly number[]): number {
  return faces.filter((f) => f >= 4).length;
}

/** Histogram of hits over `samples` simulated rolls of the pool. */
export function simulateHits(seed: number, dice: number, explode: boolean, samples: number): number[] {
  const random = mulberry32(seed);
  const counts: number[] = [];
  for (let i = 0; i < samples; i++) {
    const h = hitsOf(rollPool(random, dice, explode));
    counts[h] = (counts[h] ?? 0) + 1;
  }
  return counts;
}

/** Share of the histogram at or above `ob`. */
export function shareAtLeast(counts: readonly number[], ob: number, samples: number): number {
  let n = 0;
  counts.forEach((c, h) => {
    if (h >= ob) n += c;
  });
  return n / samples;
}

/**
 * How many seeded rolls a simulation test draws: `full`, except in the mutation run (vitest.mutation.config.ts sets
 * GOLDHACK_MUTATION=1), where Stryker's instrumented code runs the simulations some 40 times slower (a 200,000-roll
 * Fate simulation passed its 60 s timeout in the initial run) and a twentieth still checks the same agreement, within
 * five of its own, wider, standard errors. The exact-odds tests beside them carry the mutation run's killing.
 */
export function simulationSamples(full: number): number {
  return process.env["GOLDHACK_MUTATION"] === "1" ? Math.ceil(full / 20) : full;
}

/**
 * Five standard errors of a simulated proportion around the true p, plus three rolls' worth: for a rare event
 * (p·samples well below 1) the normal bound alone would refuse a single lucky roll, which a Poisson count makes
 * likely enough (about 1 in 10,000 per check at p = 1e-8 and 10,000 rolls) to break a seeded run.
 */
export function simulationTolerance(p: number, samples: number): number {
  return 5 * Math.sqrt((p * (1 - p)) / samples) + 3 / samples;
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** num/den as the nearest double (to 2^-64 relative), for exact rationals of any size. */
export function ratioToNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = 64 - (bitLength(num) - bitLength(den));
  const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  return Number(q) * Math.pow(2, -shift);
}

function binomialRow(n: number): bigint[] {
  let row = [1n];
  for (let i = 0; i < n; i++) row = [...row, 0n].map((v, k) => v + (k > 0 ? (row[k - 1] ?? 0n) : 0n));
  return row;
}

/** P(Binomial(n, 1/2) >= ob) exactly: sum of C(n, k) / 2^n. */
export function exactPlainSuccess(n: number, ob: number): number {
  const row = binomialRow(n);
  const num = row.reduce((s, c, k) => (k >= ob ? s + c : s), 0n);
  return ratioToNumber(num, 1n << BigInt(n));
}

/**
 * P(an exploding pool of n dice gets >= ob hits) exactly. One die's hits have generating function
 * H(x) = 1/2 + sum_{k>=1} (5/12)(1/6)^(k-1) x^k = (1/2) G(x/6) with G(y) = 1 + 5y + 5y^2 + ..., integer coefficients.
 * So P(hits = m) = [y^m] G^n / (2^n 6^m) and P(pass) = 1 - sum_{m<ob} of those, all in integers.
 */
export function exactExplodingSuccess(n: number, ob: number): number {
  if (ob === 0) return 1;
  let poly: bigint[] = Array.from({ length: ob }, (_, m) => (m === 0 ? 1n : 0n));
  for (let i = 0; i < n; i++) {
    // (P·G)_m = P_m + 5 · sum_{j<m} P_j
    let prefix = 0n;
    poly = poly.map((v) => {
      const out = v + 5n * prefix;
      prefix += v;
      return out;
    });
  }
  const den = (1n << BigInt(n)) * 6n ** BigInt(ob - 1);
  const failNum = poly.reduce((s, a, m) => s + a * 6n ** BigInt(ob - 1 - m), 0n);
  return ratioToNumber(den - failNum, den);
}

/**
 * Brute force: every sequence of faces of an exploding pool, with at most `maxExplosions` extra dice in total.
 * Returns the exact mass of passing sequences and the mass cut off by the cap (whose outcome is unknown).
 * Masses are counted in BigInt units of 6^-(dice + maxExplosions), so the sum is exact.
 */
export function enumerateExploding(dice: number, ob: number, maxExplosions: number): { pass: number; cut: number } {
  const maxRolls = dice + maxExplosions;
  const weights = Array.from({ length: maxRolls + 1 }, (_, rolls) => 6n ** BigInt(maxRolls - rolls));
  let pass = 0n;
  let cut = 0n;
  const visit = (pending: number, budget: number, hits: number, rolls: number): void => {
    if (pending === 0) {
      if (hits >= ob) pass += weights[rolls] ?? 0n;
      return;
    }
    for (let face = 1; face <= 6; face++) {
      const h = hits + (face >= 4 ? 1 : 0);
      if (face === 6) {
        if (budget === 0) cut += weights[rolls + 1] ?? 0n;
        else visit(pending, budget - 1, h, rolls + 1);
      } else {
        visit(pending - 1, budget, h, rolls + 1);
      }
    }
  };
  visit(dice, maxExplosions, 0, 0);
  const whole = 6n ** BigInt(maxRolls);
  return { pass: ratioToNumber(pass, whole), cut: ratioToNumber(cut, whole) };
}
