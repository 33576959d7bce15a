/**
 * The small form behind "Request a Test" (GM), "Set Skill & Ob" on a proposal (GM) and "Propose a Test"
 * (player). What it reads is checked by the pure functions in src/requests/; on a problem the form opens
 * again with the values kept. The window itself is in request-dialog-app.ts, loaded on first use.
 * SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The Skill & The Obstacle
 */
import type { FormActor, RequestFormMode, RequestFormValues } from "./request-form";
import type { Problem } from "../rules";

/** Shows the form once; resolves with what was submitted, or null when it was closed. */
async function showForm(mode: RequestFormMode, actors: readonly FormActor[], values: RequestFormValues, problems: readonly Problem[]): Promise<RequestFormValues | null> {
  const { GoldHackRequestDialog } = await import("./request-dialog-app");
  const dialog = new GoldHackRequestDialog(mode, actors, values, problems);
  await dialog.render({ force: true });
  return dialog.result;
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
