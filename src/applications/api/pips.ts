/**
 * Rows of pips: a count drawn as filled and empty marks that a player clicks to set. Pure, shared by
 * every sheet that shows a count (Fate, Persona, logged Tests).
 */

/** One pip as a template draws it: a button that sets the count to `value`. */
export interface Pip {
  /** 1-based position. */
  position: number;
  filled: boolean;
  /** The count a click sets: this position, or one less when this pip is the last filled one. */
  value: number;
  label: string;
  /** The one pip of the row in the tab order (the last filled, or the first): arrows reach the rest. */
  focusable: boolean;
}

/**
 * The count a click on pip `position` sets: that many, or one fewer when it is already the last filled
 * pip (so the top pip toggles off, as on a paper sheet).
 */
export function pipTarget(current: number, position: number): number {
  return current === position ? position - 1 : position;
}

/** `count` pips with the first `value` filled; `label(position, filled)` names each for screen readers. */
export function pipRow(count: number, value: number, label: (position: number, filled: boolean) => string): Pip[] {
  const n = Math.max(0, Math.floor(count));
  const stop = Math.min(Math.max(1, value), n);
  return Array.from({ length: n }, (_, i) => {
    const position = i + 1;
    const filled = position <= value;
    return { position, filled, value: pipTarget(value, position), label: label(position, filled), focusable: position === stop };
  });
}

/** A whole number within [min, max]; anything else becomes min. */
export function clampCount(value: unknown, min: number, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : typeof value === "string" ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isFinite(n)) return min;
  return Math.min(Math.max(n, min), Math.max(min, max));
}
