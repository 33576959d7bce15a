/**
 * Drawing goldhack's cards as their chat message's own HTML, once per render, before Foundry hands the
 * element to the `renderChatMessageHTML` hook (docs/foundry-facts.md › "A message's data model renders it").
 *
 * Core's `ChatMessage#renderHTML` defers to `system.renderHTML` when the message's data model has one: it
 * awaits it, calls the hook on the element it returns, and puts that element in the log. So each of our
 * message models' `renderHTML` builds the whole message here: the frame Foundry would draw (header with the
 * speaker, time, delete button, whisper line) and the card, drawn from the message's data into
 * `.message-content`. Nothing of ours replaces that content afterwards, so what another module adds in the
 * hook stays. A card that cannot be drawn, for whatever reason, shows the damaged-card notice: a render
 * never throws.
 *
 * The cards register their drawers here at init (a drawer knows which messages it draws); this file
 * imports none of them. Messages with no model of ours (0.1.0 cards, the downtime summary) are drawn the
 * same way by the document class (documents/chat-message.ts).
 */
import { systemPath } from "../../constants";

/** Draws a card into a message's fresh, empty `.message-content` and wires its buttons. May throw. */
export interface CardDrawer {
  /** Whether this drawer draws this message (cheap and synchronous). */
  claims(message: ChatMessage.Implementation): boolean;
  draw(message: ChatMessage.Implementation, content: HTMLElement): Promise<void>;
}

/** What core passes `system.renderHTML` (and what our frame reads of it). */
export interface CardRenderOptions {
  canDelete?: boolean;
  canClose?: boolean;
  borderColor?: string;
  [option: string]: unknown;
}

const drawers: CardDrawer[] = [];

/** Adds a card drawer (called at init by each card module). */
export function registerCardDrawer(drawer: CardDrawer): void {
  if (!drawers.includes(drawer)) drawers.push(drawer);
}

/** The drawer that draws this message, if any of ours does. */
export function cardDrawerFor(message: ChatMessage.Implementation): CardDrawer | null {
  for (const drawer of drawers) {
    try {
      if (drawer.claims(message)) return drawer;
    } catch {
      // A message whose data cannot even be asked about is one of ours only if a later drawer says so.
    }
  }
  return null;
}

export const DAMAGED_CARD_TEMPLATE = systemPath("templates/chat/damaged-card.hbs");

/** The damaged-card notice, localised; if even its template fails, the same words as plain text. */
export async function damagedNotice(content: HTMLElement): Promise<void> {
  try {
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(DAMAGED_CARD_TEMPLATE, {});
  } catch {
    const p = content.ownerDocument.createElement("p");
    p.className = "goldhack-card__notice";
    p.setAttribute("role", "status");
    p.textContent = game.i18n?.localize("GOLDHACK.Chat.Damaged") ?? "";
    content.replaceChildren(p);
  }
}

interface MessageLike {
  id: string | null;
  alias?: string;
  speaker?: { alias?: string | null } | null;
  timestamp?: number;
  whisper?: readonly string[];
  blind?: boolean;
  style?: number;
  flavor?: string;
}

const add = (parent: Element, tag: string, className: string, text?: string): HTMLElement => {
  const el = parent.ownerDocument.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  parent.append(el);
  return el;
};

function timeSince(timestamp: number | undefined): string {
  if (typeof timestamp !== "number") return "";
  return foundry.utils.timeSince(new Date(timestamp));
}

/** A header control as core draws it: an icon link whose `data-action` the chat log handles. */
function control(parent: Element, className: string, action: string, label: string, icon: string): void {
  const a = add(parent, "a", className);
  a.dataset.action = action;
  a.setAttribute("aria-label", game.i18n?.localize(label) ?? label);
  const i = add(a, "i", `fa-solid ${icon}`);
  i.setAttribute("inert", "");
}

/**
 * The message frame core's own template draws, as far as the log and other modules rely on it: an
 * `li.chat-message.message.flexcol` with `data-message-id`, a `header.message-header` (sender, time,
 * delete and dismiss controls, whisper line, flavor) and an empty `div.message-content`.
 */
function frame(message: ChatMessage.Implementation, options: CardRenderOptions): { element: HTMLElement; content: HTMLElement } {
  const m = message as unknown as MessageLike;
  const element = document.createElement("li");
  element.classList.add("chat-message", "message", "flexcol");
  if (m.whisper?.length) element.classList.add("whisper");
  if (m.blind) element.classList.add("blind");
  if (m.id) element.dataset.messageId = m.id;
  if (typeof options.borderColor === "string") element.style.setProperty("border-color", options.borderColor);
  const header = add(element, "header", "message-header flexrow");
  add(header, "h4", "message-sender", m.alias ?? m.speaker?.alias ?? "");
  const meta = add(header, "span", "message-metadata");
  add(meta, "time", "message-timestamp", timeSince(m.timestamp));
  if (options.canDelete ?? game.user?.isGM ?? false) control(meta, "message-delete", "deleteMessage", "Delete", "fa-trash");
  if (options.canClose) control(meta, "message-dismiss", "dismissMessage", "CHAT.Dismiss", "fa-xmark");
  if (m.whisper?.length) {
    const names = m.whisper.map((id) => game.users?.get(id)?.name ?? "").filter(Boolean).join(", ");
    add(header, "span", "whisper-to", `${game.i18n?.localize("CHAT.To") ?? "To"}: ${names}`);
  }
  if (m.flavor) add(header, "span", "flavor-text", m.flavor);
  const content = add(element, "div", "message-content");
  return { element, content };
}

/**
 * The whole message element with its card drawn once, for this client's user: what a data model's
 * `renderHTML` returns. Never throws: a card that fails to draw shows the damaged-card notice.
 */
export async function renderCardMessage(message: ChatMessage.Implementation, options: CardRenderOptions = {}): Promise<HTMLElement> {
  const { element, content } = frame(message, options);
  const drawer = cardDrawerFor(message);
  try {
    if (!drawer) throw new Error("no card drawer claims this message");
    await drawer.draw(message, content);
  } catch (error) {
    console.warn("goldhack | a card could not be drawn", error);
    await damagedNotice(content);
  }
  return element;
}

/**
 * Draws a message again in place, for this client only (a view toggle, nothing written): its element is
 * rendered afresh, through the same path as the log's (hooks included), and replaces the old one.
 */
export async function redrawMessage(message: ChatMessage.Implementation, inside: Element): Promise<void> {
  const old = inside.closest(".chat-message");
  if (!old) return;
  const fresh = await message.renderHTML();
  old.replaceWith(fresh);
}
