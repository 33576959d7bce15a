import { lazyModule, registerLazyGMActions } from "../channel";
import { GoldHackGroupMessageData } from "../data/chat-message/group-message";
import { registerCardDrawer } from "../data/chat-message/card-message";
import type { GroupPrefill } from "./group-form";
import { CREATE_ACTION, GROUP_ACTION, groupQueueKey } from "./group-card";
import { GROUP_CARD_DRAWER } from "./group-render";
import { registerGroupSettings } from "./group-settings";
import { reported, settle } from "../safe-hook";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The GM's side of group cards (every change, Fate carried over from a part's card): loaded on first use. */
const groupActions = lazyModule(() => import("./group-actions"));

/** Opens the start dialog (its code loaded on first use); see group-api.ts. */
export async function startGroupTest(actors: Actor.Implementation[] = [], prefill: GroupPrefill = {}): Promise<ChatMessage.Implementation | null> {
  return (await import("./group-api")).startGroupTest(actors, prefill);
}

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
    onChange: () => settle(startGroupTest(), "the group Test setting"),
  };
}

/**
 * Registers group Tests at init: the card's message type and renderer, its GM actions (every change and
 * the card's creation; their code loads on the first one received), the world settings, and the hook that
 * carries Fate on a part's own Test card onto the group card (on the active GM's client only: the single
 * writer; its code loads when the chat holds a group card).
 */
export function registerGroup(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { group: GoldHackGroupMessageData });
  registerGroupSettings();
  registerLazyGMActions([GROUP_ACTION], async () => ({ [GROUP_ACTION]: (await groupActions()).handleGroupAction }), { queueKey: groupQueueKey });
  registerLazyGMActions([CREATE_ACTION], async () => ({ [CREATE_ACTION]: (await import("./group-create")).createGroupCard }));
  registerCardDrawer(GROUP_CARD_DRAWER);
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (controls: unknown) => void) => number;
  on("getSceneControlButtons", addGroupTool);
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, { startGroupTest }) as GoldHackApi;
  Hooks.on("updateChatMessage", (message) => {
    if (message.type !== "test" || !game.user || game.users?.activeGM?.id !== game.user.id) return;
    if (!game.messages?.contents.some((m) => m.type === "group")) return;
    void groupActions()
      .then((m) => m.syncFromTestCard(message as ChatMessage.Implementation))
      .catch(reported("group card sync failed"));
  });
}
