import { gameI18n, type HelperI18n } from "../i18n/i18n";
import type { Problem } from "../rules";
import { type LabelConfig, problemText as contextProblemText } from "./downtime-context";

/** game.i18n as the views want it (its language picks plural forms). */
export function i18n(): HelperI18n {
  return gameI18n();
}

/** The labels CONFIG.GOLDHACK gives (a hack's Types and ages included). */
export const labels = (): LabelConfig => ({ skillTypes: CONFIG.GOLDHACK.skillTypes, ages: CONFIG.GOLDHACK.ages });

/** A refusal, in words; a unit named in it is localised too. */
export function problemText(problem: Problem): string {
  return contextProblemText(i18n(), problem);
}

/** Shows a refusal as a warning. */
export function warnProblem(problem: Problem): void {
  ui.notifications?.warn(problemText(problem));
}
