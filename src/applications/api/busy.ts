/**
 * A window's "working" state: while one of its requests runs, the window says so (`aria-busy="true"` on
 * its root, every action button disabled) and refuses a second one, so a double click or an impatient
 * second press does the work once. A window redraws while it waits (the GM's write redraws every client),
 * so it marks its new DOM again from `_onRender`.
 */

const MARK = "data-goldhack-busy";

export class BusyGuard {
  #running = false;

  /** Whether a request is running. */
  get busy(): boolean {
    return this.#running;
  }

  /**
   * Runs `task` unless one is already running (then false, and `task` never runs). `root` gives the
   * window's element now (it may have been redrawn meanwhile), to mark and unmark.
   */
  async run(root: () => HTMLElement | null | undefined, task: () => Promise<unknown>): Promise<boolean> {
    if (this.#running) return false;
    this.#running = true;
    this.mark(root());
    try {
      await task();
    } finally {
      this.#running = false;
      this.mark(root());
    }
    return true;
  }

  /** Shows the state on `root`: busy, with the action buttons disabled; or not, with the buttons this disabled enabled again. */
  mark(root: HTMLElement | null | undefined): void {
    if (!root) return;
    root.setAttribute("aria-busy", this.#running ? "true" : "false");
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
      if (this.#running && !button.disabled) {
        button.disabled = true;
        button.setAttribute(MARK, "");
      } else if (!this.#running && button.hasAttribute(MARK)) {
        button.disabled = false;
        button.removeAttribute(MARK);
      }
    }
  }
}
