/**
 * Windows on several clients in one page, for tests where a GM and players each have their own window
 * open (the session vote). In Foundry each client is its own browser; here they share one happy-dom page,
 * so each window built by the shared stand-in (applications.ts) remembers the user whose client built it:
 * it renders and runs its actions on that client (`runAsClient`), and its element is marked `data-user`
 * with that user's id, which user-input.ts reads to dispatch a user's events on their client.
 */
import { StandInApplicationV2 } from "./applications";
import { runAsClient, state } from "./documents-core";

type PlainObject = Record<string, unknown>;
type ActionHandler = (this: unknown, event: unknown, target: unknown) => unknown;

export class ClientApplicationV2 extends StandInApplicationV2 {
  /** The user whose client this window is on. */
  readonly owner = state.user;

  override render(options: PlainObject | boolean = {}): Promise<this> {
    return runAsClient(this.owner, async () => {
      await super.render(options);
      if (this.rendered) this.element.dataset.user = this.owner.id;
      return this;
    });
  }

  /** The stand-in's click dispatch finds handlers here: each runs on the window owner's client. */
  override action(name: string): ActionHandler | undefined {
    const handler = super.action(name);
    if (!handler) return undefined;
    const owner = this.owner;
    return function (this: unknown, event: unknown, target: unknown) {
      return runAsClient(owner, () => handler.call(this, event, target));
    };
  }
}

/** Makes `foundry.applications.api.ApplicationV2` the per-client window (after installApplications). */
export function installClientWindows(): void {
  const api = (globalThis as unknown as { foundry: { applications: { api: PlainObject } } }).foundry.applications.api;
  api.ApplicationV2 = ClientApplicationV2;
}
