import { GoldHackGroupMessageData } from "../data/chat-message/group-message";
import { registerCardRenderer } from "../documents/chat-message";
import { registerGroupActions, syncFromTestCard } from "./group-actions";
import { registerGroupCreate } from "./group-create";
import { renderGroupMessage } from "./group-render";
import { registerGroupSettings } from "./group-settings";

/**
 * Registers group Tests at init: the card's message type and renderer, its GM actions (every change and
 * the card's creation), the world settings, and the hook that carries Fate on a part's own Test card onto
 * the group card (on the active GM's client only: the single writer).
 */
export function registerGroup(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { group: GoldHackGroupMessageData });
  registerGroupSettings();
  registerGroupActions();
  registerGroupCreate();
  registerCardRenderer(renderGroupMessage);
  Hooks.on("updateChatMessage", (message) => {
    if (message.type !== "test" || !game.user || game.users?.activeGM?.id !== game.user.id) return;
    void syncFromTestCard(message as ChatMessage.Implementation);
  });
}
