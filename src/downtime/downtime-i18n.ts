import type { HelperI18n } from "../i18n/i18n";
import type { Problem } from "../rules";
import type { LabelConfig } from "./downtime-context";

/** game.i18n as the views want it. */
export function i18n(): HelperI18n {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
  };
}

/** The labels CONFIG.GOLDHACK gives (a hack's Types and ages included). */
export const labels = (): LabelConfig => ({ skillTypes: CONFIG.GOLDHACK.skillTypes, ages: CONFIG.GOLDHACK.ages });

/** A refusal, in words; a unit named in it is localised too. */
export function problemText(problem: Problem): string {
  const data = Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, k === "unit" ? i18n().localize(`GOLDHACK.Downtime.Units.${String(v)}`) : k === "cycle" ? i18n().localize(`GOLDHACK.Downtime.Unit.${String(v)}`) : v]));
  return i18n().format(problem.key, data);
}

/** Shows a refusal as a warning. */
export function warnProblem(problem: Problem): void {
  ui.notifications?.warn(problemText(problem));
}
