/**
 * Guards shared by every public rules function: bad input is rejected with a
 * RangeError naming the input, never coerced.
 */
export function assertInteger(name: string, value: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): asserts value is number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RangeError(`${name} must be a whole number, got ${String(value)}`);
  }
  if (value < min) throw new RangeError(`${name} must be at least ${min}, got ${value}`);
  if (value > max) throw new RangeError(`${name} must be at most ${max}, got ${value}`);
}

/** Rejects anything that is not a face of a d6. */
export function assertFace(name: string, value: unknown): asserts value is number {
  assertInteger(name, value, 1, 6);
}
