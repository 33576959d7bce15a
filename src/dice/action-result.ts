import type { Problem } from "../rules";

/** What a card action did: done, or refused with a localisable reason (data unchanged). Plain JSON, so a query can return it. */
export type ActionResult = { ok: true } | { ok: false; problem: Problem };

export const DONE: ActionResult = Object.freeze({ ok: true });

/** A refusal with the given GOLDHACK.* key. */
export function refused(key: string, data?: Record<string, string | number>): ActionResult {
  return { ok: false, problem: data ? { key, data } : { key } };
}

/** The user-facing actions a Test card offers. */
export type CardAction =
  | { action: "spendFate" }
  | { action: "rerollDie"; die: number }
  | { action: "offerFallout" }
  | { action: "acceptFallout"; name: string }
  | { action: "refuseFallout" };

export type CardActionName = CardAction["action"];

/** The longest Fallout name a request may carry (Foundry does not bound names; a query should be). */
const MAX_NAME = 200;

/** Reads a card action from untrusted data (a query payload); null if it is not one. */
export function parseCardAction(data: unknown): CardAction | null {
  if (typeof data !== "object" || data === null || !("action" in data)) return null;
  const record = data as Record<string, unknown>;
  switch (record.action) {
    case "spendFate":
    case "offerFallout":
    case "refuseFallout":
      return { action: record.action };
    case "rerollDie":
      return Number.isInteger(record.die) && (record.die as number) >= 0 ? { action: "rerollDie", die: record.die as number } : null;
    case "acceptFallout": {
      const name = typeof record.name === "string" ? record.name.trim() : "";
      return name && name.length <= MAX_NAME ? { action: "acceptFallout", name } : null;
    }
    default:
      return null;
  }
}
