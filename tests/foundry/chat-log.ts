/**
 * A stand-in for one client's chat log (`ui.chat`), as far as our cards need it: each new message is
 * rendered through `message.renderHTML()` for that client's user and appended to an `<ol>`, newest last;
 * each update renders the message again the same way and puts the fresh element where the old one was;
 * a deletion removes it (docs/foundry-facts.md › "The chat log renders each message through renderHTML").
 * Foundry calls these from the message's own `_onCreate`/`_onUpdate`/`_onDelete`; the stand-in listens to
 * the create/update/delete hooks, which run right after those on every client. Guessed, not documented:
 * that an update replaces the whole element rather than patching it.
 */
import { runAsClient, state, type StandInUser } from "./documents";

type Rendered = { renderHTML(): Promise<HTMLElement>; id: string };

export interface StandInChatLog {
  /** The log's element in the page. */
  element: HTMLElement;
  /** The rendered element of a message in this log, if any. */
  card(messageId: string): HTMLElement | null;
  /** Resolves once every render the log has started has finished. */
  idle(): Promise<void>;
}

/** Installs a chat log for `user`'s client in the page; it follows every message from now on. */
export function installChatLog(user: StandInUser): StandInChatLog {
  const element = document.createElement("ol");
  element.className = "chat-log";
  element.dataset.user = user.id;
  document.body.append(element);
  let pending: Promise<unknown> = Promise.resolve();
  const find = (id: string): HTMLElement | null => element.querySelector<HTMLElement>(`:scope > [data-message-id="${id}"]`);
  const render = (message: Rendered, place: (html: HTMLElement) => void): void => {
    pending = pending.then(async () => {
      const html = await runAsClient(user, () => message.renderHTML());
      place(html);
    });
  };
  state.hooks.on("createChatMessage", (message: unknown) => render(message as Rendered, (html) => element.append(html)));
  state.hooks.on("updateChatMessage", (message: unknown) =>
    render(message as Rendered, (html) => {
      const old = find((message as Rendered).id);
      if (old) old.replaceWith(html);
      else element.append(html);
    }),
  );
  state.hooks.on("deleteChatMessage", (message: unknown) => void find((message as Rendered).id)?.remove());
  return {
    element,
    card: find,
    async idle() {
      let seen: Promise<unknown> | null = null;
      while (seen !== pending) {
        seen = pending;
        await pending;
      }
    },
  };
}
