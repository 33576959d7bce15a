import type { HelperDelegate } from "handlebars";

/**
 * Our own Handlebars helpers. One module, registered by Foundry at init and by
 * the preview and the template tests, so all three render the same markup.
 */

/** The two i18n calls our helpers need; Foundry passes game.i18n, tests and the preview their own. */
export interface HelperI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** The part of a Handlebars environment we use. */
export interface HelperHost {
  registerHelper(name: string, fn: HelperDelegate): void;
}

/** Ob grades by number, as in CONFIG.GOLDHACK.obGrades. */
export type ObGradeLabels = Readonly<Record<number, { label: string }>>;

/** Registers every goldhack helper on the given Handlebars environment. */
export function registerGoldHackHelpers(hbs: HelperHost, i18n: HelperI18n, obGrades: ObGradeLabels): void {
  /** "Ob 3 · Difficult" for a graded Ob, "Ob 7" otherwise. SRD: Tests › 2) Choosing The Skill & The Obstacle */
  hbs.registerHelper("ghObLabel", (ob: number) => obLabel(i18n, obGrades, Number(ob)));
  /** An array 0..n-1, for pips. */
  hbs.registerHelper("ghRange", (n: number) => Array.from({ length: Math.max(0, Number(n) || 0) }, (_, i) => i));
  hbs.registerHelper("ghEq", (a: unknown, b: unknown) => a === b);
  hbs.registerHelper("ghLt", (a: number, b: number) => Number(a) < Number(b));
  hbs.registerHelper("ghSigned", (n: number) => (Number(n) > 0 ? `+${Number(n)}` : String(Number(n))));
  /** True when any argument is truthy (Handlebars passes its options object last, which is not one of them). */
  hbs.registerHelper("ghOr", (...args: unknown[]) => args.slice(0, -1).some(Boolean));
}

/** The localised name of an Ob: its grade where the config names one, just the number otherwise. */
export function obLabel(i18n: HelperI18n, obGrades: ObGradeLabels, ob: number): string {
  const grade = obGrades[ob];
  return grade
    ? i18n.format("GOLDHACK.Ob.Graded", { ob, grade: i18n.localize(grade.label) })
    : i18n.format("GOLDHACK.Ob.Plain", { ob });
}
