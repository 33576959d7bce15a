import type { Problem } from "../rules";

/** Shows a localised warning: a user-caused problem, data left unchanged. */
export function warn(key: string, data: Record<string, string | number> = {}): void {
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  ui.notifications?.warn(game.i18n?.format(key, strings) ?? key);
}

/** Shows each problem a rules function or a limit check returned. */
export function warnProblems(problems: readonly Problem[]): void {
  for (const problem of problems) warn(problem.key, problem.data);
}

/** Escapes text for HTML chat content (names are user input). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Reports a failure nobody awaits (a hook, a fire-and-forget call): a localised error notification and
 * the error on the console, never an unhandled rejection.
 */
export function reportFailure(key: string, data: Record<string, string | number>, error: unknown): void {
  console.error(`goldhack | ${key}`, error);
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  ui.notifications?.error(game.i18n?.format(key, strings) ?? key);
}
