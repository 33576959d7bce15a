import { GoldHackGroupMessageData } from "../data/chat-message/group-message";
import { registerCardRenderer } from "../documents/chat-message";
import { registerGroupActions, syncFromTestCard } from "./group-actions";
import { registerGroupCreate } from "./group-create";
import { renderGroupMessage } from "./group-render";
import { registerGroupSettings } from "./group-settings";
import { startGroupTest } from "./group-api";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** getSceneControlButtons (v13: controls and tools by name): "Group Test" in the Token controls, for everyone. */
export function addGroupTool(controls: unknown): void {
  const tokens = isRecord(controls) ? controls.tokens : null;
  const tools = isRecord(tokens) ? tokens.tools : null;
  if (!isRecord(tools)) return;
  tools.goldhackGroupTest = {
    name: "goldhackGroupTest",
    title: "GOLDHACK.Group.StartHint",
    icon: "fa-solid fa-users",
    order: Object.keys(tools).length,
    button: true,
    visible: true,
    onChange: () => void startGroupTest(),
  };
}

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
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (controls: unknown) => void) => number;
  on("getSceneControlButtons", addGroupTool);
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, { startGroupTest }) as GoldHackApi;
  Hooks.on("updateChatMessage", (message) => {
    if (message.type !== "test" || !game.user || game.users?.activeGM?.id !== game.user.id) return;
    void syncFromTestCard(message as ChatMessage.Implementation);
  });
}
