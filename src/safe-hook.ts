/**
 * Work nobody awaits (a hook handler, a click, a socket message, a re-render) never rejects unhandled:
 * it ends here, in the console with what failed, and as one localised notification. Lint holds every
 * floating promise in src/ to a `.catch` (eslint.config.js › no-floating-promises with ignoreVoid off),
 * and `settle` or `reported` is that catch. On the wire floor so every floor above can take it.
 */

/** An error handler for work nobody awaits: logs `what` failed, and tells the user once, localised. */
export function reported(what: string): (error: unknown) => void {
  return (error) => {
    console.error(`goldhack | ${what} failed`, error);
    const text = game.i18n?.localize("GOLDHACK.Warning.BackgroundFailed") ?? "GOLDHACK.Warning.BackgroundFailed";
    ui.notifications?.error(text);
  };
}

/** Runs `work` without awaiting it: a rejection (or a throw while starting it) is reported, never left unhandled. */
export function settle(work: unknown, what: string): void {
  try {
    const running: unknown = typeof work === "function" ? (work as () => unknown)() : work;
    if (running instanceof Promise) void running.catch(reported(what));
  } catch (error) {
    reported(what)(error);
  }
}
