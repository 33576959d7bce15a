/**
 * goldhack's ChatMessage. A message with a model of ours (a Test, group or request card) is drawn by its
 * model's `renderHTML`, which core awaits before it runs `renderChatMessageHTML`
 * (docs/foundry-facts.md › "A message's data model renders it"). A card of ours stored without one (a
 * 0.1.0 Test or request card, a GM's downtime summary) is drawn here the same way: the whole element with
 * the card drawn once, then the hook, exactly as core does for a model that renders itself. Nothing of ours
 * replaces the content after the hook, so what other modules add there stays. The card drawers are
 * registered by the card modules at init (data/chat-message/card-message.ts), so this document imports no card.
 */
import { cardDrawerFor, renderCardMessage } from "../data/chat-message/card-message";

const rendersItself = (system: unknown): boolean => typeof (system as { renderHTML?: unknown } | null)?.renderHTML === "function";

export class GoldHackChatMessage extends ChatMessage {
  override async renderHTML(options?: ChatMessage.RenderHTMLOptions): Promise<HTMLElement> {
    if (rendersItself(this.system) || !cardDrawerFor(this as unknown as ChatMessage.Implementation)) return super.renderHTML(options);
    const message = this as unknown as ChatMessage.Implementation;
    const html = await renderCardMessage(message, { ...(options as Record<string, unknown> | undefined) });
    // Core's own pass-down calls the hook with these two arguments only (no context).
    (Hooks.callAll as unknown as (hook: string, ...args: unknown[]) => boolean)("renderChatMessageHTML", message, html);
    return html;
  }
}
