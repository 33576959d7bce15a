/**
 * The small form behind "Request a Test" (GM), "Set Skill & Ob" on a proposal (GM) and "Propose a Test"
 * (player). A DialogV2: one form, one button, nothing live to update. What it reads is checked by the
 * pure functions in src/requests/; on a problem the form opens again with the values kept.
 * SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The Skill & The Obstacle
 */
import { systemPath } from "../../constants";
import { formValuesFromEntries, requestFormContext, type FormActor, type RequestFormMode, type RequestFormValues } from "../../requests/request-form";
import type { Problem } from "../../rules";

export const REQUEST_DIALOG_TEMPLATE = systemPath("templates/dialogs/request-dialog.hbs");

const TITLES: Record<RequestFormMode, string> = {
  request: "GOLDHACK.Request.Dialog.RequestTitle",
  answer: "GOLDHACK.Request.Dialog.AnswerTitle",
  propose: "GOLDHACK.Request.Dialog.ProposeTitle",
};

const BUTTONS: Record<RequestFormMode, string> = {
  request: "GOLDHACK.Request.Dialog.Post",
  answer: "GOLDHACK.Request.Dialog.Answer",
  propose: "GOLDHACK.Request.Dialog.Propose",
};

const localize = (key: string): string => game.i18n?.localize(key) ?? key;
const problemText = (problem: Problem): string =>
  game.i18n?.format(problem.key, Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, String(v)]))) ?? problem.key;

let counter = 0;

/** Shows the form once; resolves with what was submitted, or null when it was closed. */
async function showForm(mode: RequestFormMode, actors: readonly FormActor[], values: RequestFormValues, problems: readonly Problem[]): Promise<RequestFormValues | null> {
  const context = requestFormContext(mode, actors, values, {
    uid: `goldhack-request-${++counter}`,
    obGrades: Object.keys(CONFIG.GOLDHACK.obGrades).map(Number),
    problems: problems.map(problemText),
    locale: game.i18n?.lang,
  });
  const content = await foundry.applications.handlebars.renderTemplate(REQUEST_DIALOG_TEMPLATE, context);
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(TITLES[mode]), icon: "fa-solid fa-scale-balanced" },
    classes: ["goldhack", "goldhack-request-dialog-window"],
    position: { width: 420 },
    content,
    rejectClose: false,
    buttons: [
      {
        action: "submit",
        label: localize(BUTTONS[mode]),
        icon: "fa-solid fa-paper-plane",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => (button.form ? formValuesFromEntries(new FormData(button.form).entries()) : null),
      },
    ],
  });
  return isFormValues(result) ? result : null;
}

function isFormValues(value: unknown): value is RequestFormValues {
  return typeof value === "object" && value !== null && Array.isArray((value as RequestFormValues).actors);
}

/**
 * Opens the form until what was submitted passes `read` (or the user closes it): `read` returns the
 * accepted result, or the problems to show beside the kept values.
 */
export async function promptRequestForm<T>(
  mode: RequestFormMode,
  actors: readonly FormActor[],
  initial: RequestFormValues,
  read: (values: RequestFormValues) => { ok: true; value: T } | { ok: false; problems: Problem[] },
): Promise<T | null> {
  let values = initial;
  let problems: Problem[] = [];
  for (;;) {
    const submitted = await showForm(mode, actors, values, problems);
    if (!submitted) return null;
    const outcome = read(submitted);
    if (outcome.ok) return outcome.value;
    values = submitted;
    problems = outcome.problems;
  }
}
