import { onSessionReady, onVoteChanged, endSession, rewriteDrivesOf, traitVote } from "./session-api";
import { registerSessionActions } from "./vote-actions";
import { registerVoteSettings } from "./vote-store";

export { endSession, traitVote } from "./session-api";

/** The session API, as `game.goldhack`: the aging code offers `traitVote` after an aging. */
export const SESSION_API = { endSession, traitVote, rewriteDrives: rewriteDrivesOf };

/**
 * Registers the votes at init: their world settings (whose onChange makes every client follow the
 * vote), the GM's handlers on the channel, `game.goldhack.endSession/traitVote/rewriteDrives`, and the
 * ready step that brings an open vote back after a reload.
 */
export function registerSession(): void {
  registerVoteSettings((kind) => void onVoteChanged(kind));
  registerSessionActions();
  Hooks.once("ready", () => void onSessionReady());
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, SESSION_API) as GoldHackApi;
}
