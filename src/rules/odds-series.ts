/**
 * Exact probability mass functions behind the odds. Every function sums positive terms only, so each result is
 * accurate to a few ulps relative to itself, however small. Internal: not exported from index.ts.
 *
 * An exploding pool of N dice splits into two independent counts. Each die starts a chain that ends on its first
 * non-six, so there are exactly N non-six faces: B of them are 4s and 5s, B ~ Binomial(N, 2/5). The sixes before
 * those ends number S ~ NegativeBinomial(N stops, continue 1/6). Hits = B + S.
 *
 * Speed: the odds back a live dialog and a benchmark, so nothing here allocates per call. Terms go into
 * module-level scratch arrays that are overwritten on every call and never escape, which keeps the functions pure.
 */

/** Below this a starting term is too close to underflow to carry the series, so it is built in log space instead. */
const LINEAR_START_MIN = 1e-290;

/**
 * Writes t_0..t_{count-1} into `out`, with t_0 = start^power and t_{k+1} = t_k · (a + step·k)·num / ((k + 1)·den).
 * Binomial and negative binomial pmfs are both of this form.
 */
function fillRatioSeries(out: number[], count: number, start: number, power: number, a: number, step: number, num: number, den: number): void {
  const first = Math.pow(start, power);
  if (first >= LINEAR_START_MIN) {
    let t = first;
    for (let k = 0; k < count; k++) {
      out[k] = t;
      t = (t * ((a + step * k) * num)) / ((k + 1) * den);
    }
    return;
  }
  // Huge pools only: exp(log) costs ~|log| ulps, still far below any visible digit.
  let logT = power * Math.log(start);
  for (let k = 0; k < count; k++) {
    out[k] = Math.exp(logT);
    const ratio = ((a + step * k) * num) / ((k + 1) * den);
    if (ratio <= 0) {
      out.fill(0, k + 1, count); // past the end of a binomial's support
      return;
    }
    logT += Math.log(ratio);
  }
}

/** Writes P(X = k) for k < count into `out`, X ~ Binomial(n, num/den). */
export function fillBinomialPmf(out: number[], n: number, num: number, den: number, count: number): void {
  fillRatioSeries(out, count, (den - num) / den, n, n, -1, num, den - num);
}

/** Writes P(Y = k) for k < count into `out`, Y = continuations (each num/den) before the r-th stop. */
export function fillNegativeBinomialPmf(out: number[], r: number, num: number, den: number, count: number): void {
  fillRatioSeries(out, count, (den - num) / den, r, r, 1, num, den);
}

const scratchX: number[] = [];
const scratchY: number[] = [];

/** P(X + Y <= n) for independent X, Y whose pmfs are in scratchX (first countX terms) and scratchY (first n + 1). */
function cdfOfScratchSum(countX: number, n: number): number {
  let total = 0;
  let cdfY = 0;
  for (let y = 0; y <= n; y++) {
    cdfY += scratchY[y] ?? 0;
    const x = n - y;
    if (x < countX) total += (scratchX[x] ?? 0) * cdfY;
  }
  return total;
}

/** P(hits <= n) for an exploding pool of dice (dice >= 1): P(B + S <= n). */
export function explodingLowerTail(dice: number, n: number): number {
  const countX = Math.min(dice, n) + 1;
  fillBinomialPmf(scratchX, dice, 2, 5, countX);
  fillNegativeBinomialPmf(scratchY, dice, 1, 6, n + 1);
  return cdfOfScratchSum(countX, n);
}

/**
 * P(hits >= ob) for an exploding pool (dice >= 1, ob >= 1), summed directly so tiny chances keep their digits.
 * Read the dice as one stream, chain after chain: the pool reaches its ob-th hit iff, before that hit, fewer than
 * `dice` chains have ended, i.e. at most dice - 1 non-sixes precede it. Before the ob-th hit come M misses,
 * M ~ NegativeBinomial(ob stops, continue 1/2), and ob - 1 hits of which F ~ Binomial(ob - 1, 2/3) are 4s and 5s.
 */
export function explodingUpperTail(dice: number, ob: number): number {
  const n = dice - 1;
  const countX = Math.min(ob - 1, n) + 1;
  fillBinomialPmf(scratchX, ob - 1, 2, 3, countX);
  fillNegativeBinomialPmf(scratchY, ob, 1, 2, n + 1);
  return cdfOfScratchSum(countX, n);
}

/** P(hits <= n) for a plain pool (each die hits on 4+, half the time); 0 for n < 0, where no term is summed. */
export function plainLowerTail(dice: number, n: number): number {
  if (n >= dice) return 1;
  fillBinomialPmf(scratchX, dice, 1, 2, n + 1);
  let total = 0;
  for (let k = n; k >= 0; k--) total += scratchX[k] ?? 0;
  return total;
}
