/**
 * How this user likes Test cards drawn: the pool and Ob breakdown open or closed (a client setting, so it
 * survives a reload on this browser), and which cards show every rerollable die rather than only the
 * dice that are not hits (asked per card, for this session of the client only).
 */
import { SYSTEM_ID } from "../constants";
import type { CardDisplay } from "./test-card-context";

export const DETAILS_SETTING = "cardDetails";

/** Registers the client setting. Call at init. */
export function registerCardDisplay(): void {
  game.settings?.register(SYSTEM_ID, DETAILS_SETTING, { scope: "client", config: false, type: Boolean, default: false });
}

const showAll = new Set<string>();

/** This user's preferences for the card of this message. */
export function cardDisplay(messageId: string | null): CardDisplay {
  return { detailsOpen: game.settings?.get(SYSTEM_ID, DETAILS_SETTING) === true, showAllDice: messageId !== null && showAll.has(messageId) };
}

/** Turns "show all dice" on or off for one card; returns the new state. */
export function toggleShowAll(messageId: string): boolean {
  if (showAll.delete(messageId)) return false;
  showAll.add(messageId);
  return true;
}

/** Remembers whether this user wants the breakdown open. */
export async function rememberDetails(open: boolean): Promise<void> {
  await game.settings?.set(SYSTEM_ID, DETAILS_SETTING, open);
}
