/**
 * goldhack's ChatMessage: a card renders itself on the message's own render path, awaited, after
 * Foundry has built the message (the renderers are registered by the card modules at init, so this
 * document never imports a card).
 */

/** Draws a card into a rendered message, if the message is one; the card wires its own buttons. */
export type CardRenderer = (message: ChatMessage.Implementation, html: HTMLElement) => Promise<void>;

const renderers: CardRenderer[] = [];

/** Adds a card renderer (called at init by each card module). */
export function registerCardRenderer(renderer: CardRenderer): void {
  if (!renderers.includes(renderer)) renderers.push(renderer);
}

export class GoldHackChatMessage extends ChatMessage {
  override async renderHTML(options?: ChatMessage.RenderHTMLOptions): Promise<HTMLElement> {
    const html = await super.renderHTML(options);
    for (const render of renderers) await render(this as unknown as ChatMessage.Implementation, html);
    return html;
  }
}
