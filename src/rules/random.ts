/** A source of numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** mulberry32: a tiny seeded PRNG, so every simulation, test, benchmark and quick-start character is repeatable. */
export function mulberry32(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list, chosen by `random`. */
export function pickOne<T>(list: readonly T[], random: RandomSource): T {
  if (list.length === 0) throw new RangeError("pickOne needs a non-empty list");
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))] as T;
}
