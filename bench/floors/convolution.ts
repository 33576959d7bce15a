/**
 * The odds benches' floor (issue 32): the same chances by the plainest exact method, a convolution die by die,
 * O(dice × Ob), into one typed array reused from call to call (no allocation per call). Whatever cleverness the
 * rules core has (src/rules/odds-series.ts sums closed-form series in O(min(dice, Ob))), an exact answer must do
 * at least about this much arithmetic, so ours ÷ this is how far we are from what the arithmetic allows.
 *
 * One die gives k hits with chance: k = 0, 1/2 (a miss); otherwise the chain of k − 1 sixes then a 4 or 5
 * ((1/6)^(k−1)·1/3), or, exploding, k sixes then a miss ((1/6)^k·1/2). With G[h] = Σ_j a[h−j]·(1/6)^j (a running
 * sum, one multiply per cell) the convolution with that infinite tail stays O(1) per cell. The last cell of the
 * array absorbs "at least that many hits", so the pass chance is summed from positive terms only, like ours.
 * Tested against the rules core: tests/bench/floors.test.ts.
 */

let scratch = new Float64Array(64);

/** The shared array, at least `length` long, zeroed over its first `length` cells. */
function cells(length: number): Float64Array {
  if (scratch.length < length) scratch = new Float64Array(length * 2);
  scratch.fill(0, 0, length);
  return scratch;
}

/**
 * Adds `dice` dice to the distribution in a[0..last], in place; a[last] holds P(hits >= last) and only grows.
 */
export function addDice(a: Float64Array, last: number, dice: number, explode: boolean): void {
  for (let d = 0; d < dice; d++) {
    if (!explode) {
      // Each cell keeps half its mass (a miss) and passes half up (a hit).
      let below = 0;
      for (let h = 0; h < last; h++) {
        const here = a[h] as number;
        a[h] = (here + below) / 2;
        below = here;
      }
      a[last] = (a[last] as number) + below / 2;
      continue;
    }
    let g = 0; // G[h − 1]
    for (let h = 0; h < last; h++) {
      const gh = (a[h] as number) + g / 6;
      a[h] = gh / 2 + g / 3;
      g = gh;
    }
    // From every cell below, at least (last − h) more hits: (1/2)(1/6)^(last − h − 1), i.e. G[last − 1] / 2.
    a[last] = (a[last] as number) + g / 2;
  }
}

/** P(hits >= ob) for a pool of `dice` dice, Magic (`explode`) or not; with `fate`, as successProbabilityWithFate. */
export function floorPassProbability(dice: number, ob: number, explode: boolean, fate = false): number {
  if (ob === 0) return 1;
  if (dice === 0) return 0;
  // Fate on a plain roll makes its sixes explode; on a Magic roll it rerolls a die (below).
  if (!(fate && explode)) {
    const a = cells(ob + 1);
    a[0] = 1;
    addDice(a, ob, dice, explode || fate);
    return a[ob] as number;
  }
  return magicWithFate(dice, ob);
}

/**
 * Magic with Fate: a failed roll rerolls one miss if it has one, else one 4 or 5 (losing its hit). The array holds
 * two distributions side by side, n[h] (no chain ended on a miss yet) at 0..ob−1 and m[h] (some did) at ob..2ob−1,
 * and the pass chance so far in one number.
 */
function magicWithFate(dice: number, ob: number): number {
  const a = cells(2 * ob);
  a[0] = 1;
  let pass = 0;
  for (let d = 0; d < dice; d++) {
    let gn = 0; // running geometric sums of n and m, at h − 1
    let gm = 0;
    for (let h = 0; h < ob; h++) {
      const gnh = (a[h] as number) + gn / 6;
      const gmh = (a[ob + h] as number) + gm / 6;
      a[h] = gn / 3; // a 4 or 5 ends the chain: one more hit than its sixes
      a[ob + h] = (gmh + gnh) / 2 + gm / 3; // a miss ends it, or a 4 or 5 after an earlier miss
      gn = gnh;
      gm = gmh;
    }
    pass += (gn + gm) / 2;
  }
  // The reroll: a miss gains at least k hits with (1/2)(1/6)^(k−1); a 4 or 5 must gain one more to make up its own.
  let saved = 0;
  let gainN = 0;
  let gainM = 0;
  for (let h = ob - 1; h >= 0; h--) {
    saved = h === ob - 1 ? 1 / 2 : saved / 6;
    gainM += (a[ob + h] as number) * saved;
    gainN += ((a[h] as number) * saved) / 6;
  }
  return pass + gainM + gainN;
}
