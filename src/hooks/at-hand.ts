import { registerQuickRollKeybinding } from "../applications/sheets/quick-roll";
import { registerInlineTests } from "../enrichers/inline-test";
import { registerFalloutStatus } from "../status/fallout-status-sync";

/** Registers the play aids of "rules at hand": inline Test links, the Fallout status, the Drives board, quick rolls. */
export function registerAtHand(): void {
  registerInlineTests();
  registerFalloutStatus();
  registerQuickRollKeybinding();
}
