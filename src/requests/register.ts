import { testHistory } from "../history/actor-history";
import { clearTestMemory, registerMemorySetting } from "../history/memory-store";
import { onTestMessageUpdated, onTestRolled } from "../history/on-test-rolled";
import { listenForMessageLinks } from "./message-links";
import { ANSWER_QUERY, handleAnswerQuery } from "./request-answer";
import { proposeTest, requestTest } from "./request-api";
import { onRenderRequestMessage } from "./request-render";
import { registerSceneControls } from "./scene-controls";

/** The API macros and modules call, as `game.goldhack`. */
export const REQUESTS_API: GoldHackApi = { requestTest, proposeTest, clearTestMemory, testHistory };

/**
 * Registers requests, the test history and the repeated-test memory at init: the memory's setting, the
 * GM query that answers request cards, the hooks that draw cards and keep the history, the scene
 * control buttons, and `game.goldhack`.
 */
export function registerRequests(): void {
  registerMemorySetting();
  CONFIG.queries[ANSWER_QUERY] = handleAnswerQuery;
  Hooks.on("renderChatMessageHTML", (message, html) => void onRenderRequestMessage(message, html));
  Hooks.on("goldhack.testRolled", (message, choice, result) => void onTestRolled(message, choice, result));
  Hooks.on("updateChatMessage", (message, changes, options, userId) => void onTestMessageUpdated(message, changes, options, userId));
  registerSceneControls();
  Hooks.once("ready", () => listenForMessageLinks());
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, REQUESTS_API);
}
