import { registerQuickRollKeybinding } from "../applications/sheets/quick-roll";
import "../board/declarations";
import { drivesBoard, registerDrivesBoard } from "../board/board-api";
import { activateInlineTest, registerInlineTests } from "../enrichers/inline-test";
import { registerFalloutStatus } from "../status/fallout-status-sync";

/**
 * Registers the play aids of "rules at hand": inline Test links, the Fallout status, the Drives board and
 * quick rolls, and adds `drivesBoard` and `inlineTest` to `game.goldhack`.
 */
export function registerAtHand(): void {
  registerInlineTests();
  registerFalloutStatus();
  registerQuickRollKeybinding();
  registerDrivesBoard();
  if (game) game.goldhack = Object.assign(game.goldhack ?? ({} as GoldHackApi), { drivesBoard, inlineTest: activateInlineTest });
}
