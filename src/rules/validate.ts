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

/** The numbers of a resolved Test that Fallout and Assisting read; a TestResult fits it structurally. */
export interface ResolvedTestShape {
  hits: number;
  passed: boolean;
  extraHits: number;
  remainingOb: number;
}

/** Rejects a non-boolean flag instead of reading truthiness into it. */
export function assertBooleanInput(name: string, value: unknown): asserts value is boolean {
  if (typeof value !== "boolean") throw new RangeError(`${name} must be true or false, got ${String(value)}`);
}

/** Rejects a resolved Test whose numbers contradict each other. SRD: Tests › 3) Dice Roll (passed iff no Ob remains) */
export function assertResolvedTest(name: string, value: unknown): asserts value is ResolvedTestShape {
  if (typeof value !== "object" || value === null) throw new RangeError(`${name} must be a resolved Test, got ${String(value)}`);
  const r = value as Record<string, unknown>;
  assertInteger(`${name}.hits`, r.hits);
  assertInteger(`${name}.extraHits`, r.extraHits);
  assertInteger(`${name}.remainingOb`, r.remainingOb);
  assertBooleanInput(`${name}.passed`, r.passed);
  if (r.passed !== (r.remainingOb === 0)) throw new RangeError(`${name}.passed must be true exactly when ${name}.remainingOb is 0`);
  if (r.extraHits > r.hits) throw new RangeError(`${name}.extraHits cannot exceed ${name}.hits`);
  if (!r.passed && r.extraHits !== 0) throw new RangeError(`${name}.extraHits must be 0 on a failed Test`);
}
