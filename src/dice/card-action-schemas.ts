/**
 * The Test card's channel payload, declared once (pure): which card, and one action on it with only
 * the choices that action takes (a die's index, a Fallout's name). Who asks is the sender Foundry's
 * server names; what Fate rerolls or a Fallout costs the applying client reads from the card.
 */
import type { Schema } from "../channel/schema";
import type { CardActionName } from "./action-result";

/** The most dice an index may point at: far past any pool (ratings stop at 99, Persona adds 3). */
export const MAX_DIE_INDEX = 999;
/** The longest Fallout name a payload may carry (the action keeps MAX_FALLOUT_NAME of it). */
export const MAX_FALLOUT_NAME_SENT = 2000;

const only = <N extends CardActionName>(name: N) => ({ action: { kind: "enum", values: [name] } }) as const;

/** Each card action, as it sits in the payload's `action`. */
export const CARD_ACTION_SCHEMAS = {
  spendFate: only("spendFate"),
  rerollDie: { ...only("rerollDie"), die: { kind: "int", min: 0, max: MAX_DIE_INDEX } },
  offerFallout: only("offerFallout"),
  acceptFallout: { ...only("acceptFallout"), name: { kind: "text", max: MAX_FALLOUT_NAME_SENT } },
  refuseFallout: only("refuseFallout"),
  writeLog: only("writeLog"),
} as const satisfies Record<CardActionName, Schema>;

/** The whole payload for the action `name`: the card's message id and the action. */
export const cardPayloadSchema = (name: CardActionName) => ({ messageId: { kind: "id" }, action: { kind: "object", of: CARD_ACTION_SCHEMAS[name] } }) as const satisfies Schema;

/** The action a payload names, if it is one (read before its schema is chosen). */
export function cardActionName(payload: unknown): CardActionName | null {
  const action = typeof payload === "object" && payload !== null && "action" in payload ? (payload as { action: unknown }).action : null;
  const name = typeof action === "object" && action !== null && "action" in action ? (action as { action: unknown }).action : null;
  return typeof name === "string" && Object.hasOwn(CARD_ACTION_SCHEMAS, name) ? (name as CardActionName) : null;
}
