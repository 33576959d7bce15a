import type { ChannelReply } from "../channel";

/** What a card action did: done, or refused with a localisable reason (data unchanged). The channel's reply. */
export type ActionResult = ChannelReply;

export const DONE: ActionResult = Object.freeze({ ok: true });

/** A refusal with the given GOLDHACK.* key. */
export function refused(key: string, data?: Record<string, string | number>): ActionResult {
  return { ok: false, problem: data ? { key, data } : { key } };
}

/** The user-facing actions a Test card offers ("writeLog" is the rolling client's, right after the roll). */
export type CardAction =
  | { action: "spendFate" }
  | { action: "rerollDie"; die: number }
  | { action: "offerFallout" }
  | { action: "acceptFallout"; name: string }
  | { action: "refuseFallout" }
  | { action: "writeLog" };

export type CardActionName = CardAction["action"];

/** The longest Fallout name a card action stores (Foundry does not bound names; we do). */
export const MAX_FALLOUT_NAME = 200;

/** A name cut to `max` characters at most, an ellipsis marking the cut. */
export function shortenName(name: string, max = MAX_FALLOUT_NAME): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${[...clean].slice(0, max - 1).join("").trimEnd()}…`;
}

/** Reads a card action from untrusted data (a channel payload); null if it is not one. */
export function parseCardAction(data: unknown): CardAction | null {
  if (typeof data !== "object" || data === null || !("action" in data)) return null;
  const record = data as Record<string, unknown>;
  switch (record.action) {
    case "spendFate":
    case "offerFallout":
    case "refuseFallout":
    case "writeLog":
      return { action: record.action };
    case "rerollDie":
      return Number.isInteger(record.die) && (record.die as number) >= 0 ? { action: "rerollDie", die: record.die as number } : null;
    case "acceptFallout": {
      const name = typeof record.name === "string" ? shortenName(record.name) : "";
      return name ? { action: "acceptFallout", name } : null;
    }
    default:
      return null;
  }
}
