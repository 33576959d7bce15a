import { GoldHackRequestMessageData } from "../data/chat-message/request-message";
import { testHistory } from "../history/actor-history";
import { clearTestMemory, registerMemorySetting } from "../history/memory-store";
import { onTestMessageUpdated, onTestRolled } from "../history/on-test-rolled";
import { listenForMessageLinks } from "./message-links";
import { registerLazyGMActions } from "../channel";
import { ANSWER_ACTION, answerQueueKey, PROPOSAL_ACTION, proposalQueueKey, proposeTest, requestAnswer, requestApi, requestTest } from "./request-calls";
import { registerCardDrawer } from "../data/chat-message/card-message";
import { REQUEST_CARD_DRAWER } from "./request-render";
import { onAnsweringTestUpdated } from "./request-outcome";
import { registerSceneControls } from "./scene-controls";
import { reported } from "../safe-hook";

/** The API macros and modules call, as `game.goldhack`. */
export const REQUESTS_API: GoldHackApi = { requestTest, proposeTest, clearTestMemory, testHistory };

/**
 * Registers requests, the test history and the repeated-test memory at init: the request card's message
 * model (ChatMessage type "request"), the memory's setting, the
 * GM channel action that answers request cards, the hooks that draw cards and keep the history, the scene
 * control buttons, and `game.goldhack`.
 */
const logged = reported;

export function registerRequests(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { request: GoldHackRequestMessageData });
  registerMemorySetting();
  // The handlers' code loads on the first request the GM's client receives.
  registerLazyGMActions([ANSWER_ACTION], async () => ({ [ANSWER_ACTION]: (await requestAnswer()).handleAnswer }), { queueKey: answerQueueKey });
  registerLazyGMActions([PROPOSAL_ACTION], async () => ({ [PROPOSAL_ACTION]: (await requestApi()).handleProposalAnswer }), { queueKey: proposalQueueKey });
  registerCardDrawer(REQUEST_CARD_DRAWER);
  // Hooks do not await their callbacks: each catches its own failure (a damaged card), so none rejects unhandled.
  Hooks.on("goldhack.testRolled", (message, choice, result) => void onTestRolled(message, choice, result).catch(logged("recording the Test")));
  Hooks.on("updateChatMessage", (message, changes, options, userId) => void onTestMessageUpdated(message, changes, options, userId).catch(logged("revising the Test's record")));
  Hooks.on("updateChatMessage", (message, changes, _options, userId) => void onAnsweringTestUpdated(message, changes, userId).catch(logged("updating the request's answer")));
  registerSceneControls();
  Hooks.once("ready", () => listenForMessageLinks());
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, REQUESTS_API);
}
