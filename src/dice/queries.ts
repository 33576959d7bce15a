/**
 * The GM's side of card actions a player's client may not write (a message
 * another user posted). Foundry does not tell a query handler who sent it, so
 * the request names its user; the handler refuses what cannot be that user and
 * then runs the action as them, which checks ownership and single use again.
 */
import { type ActionResult, parseCardAction, refused } from "./action-result";
import { applyCardAction } from "./card-actions";
import { CARD_QUERY, type CardQueryData } from "./query-name";

/** Handles a card-action query on the active GM's client. */
export async function handleCardQuery(data: CardQueryData): Promise<ActionResult> {
  if (!game.user?.isGM) return refused("GOLDHACK.Chat.Error.NotGM");
  const payload: unknown = data;
  if (typeof payload !== "object" || payload === null) return refused("GOLDHACK.Chat.Error.Unknown");
  const { messageId, userId, action: rawAction } = payload as Record<string, unknown>;
  const action = parseCardAction(rawAction);
  if (typeof messageId !== "string" || typeof userId !== "string" || !action) return refused("GOLDHACK.Chat.Error.Unknown");
  const user = game.users?.get(userId);
  // The active GM applies its own actions locally, never by query; and only a connected user can click.
  if (!user || user.isSelf || !user.active) return refused("GOLDHACK.Chat.Error.Unknown");
  const message = game.messages?.get(messageId);
  if (!message) return refused("GOLDHACK.Chat.Error.NotATest");
  return applyCardAction(message, user, action);
}

/** Registers the handler in CONFIG.queries. */
export function registerQueries(): void {
  CONFIG.queries[CARD_QUERY] = handleCardQuery;
}
