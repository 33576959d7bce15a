import type { ActionResult } from "./action-result";

/** The query a player's client sends the active GM to apply a card action it may not write itself. */
export const CARD_QUERY = "goldhack.cardAction";

/** What the query carries. `userId` is the asker as the asker states it: the handler checks what it can. */
export interface CardQueryData {
  messageId: string;
  userId: string;
  action: unknown;
}

declare global {
  namespace CONFIG {
    interface Queries {
      "goldhack.cardAction": (data: CardQueryData) => Promise<ActionResult>;
    }
  }
}
