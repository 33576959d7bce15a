/**
 * Who sees a chat message: Foundry v13's *roll mode* became v14's *message mode*. Feature-detected, so the
 * same build runs on both (docs/foundry-facts.md › The roll mode becomes the message mode):
 * - v13: `ChatMessage.applyRollMode(data, mode)`, the `core.rollMode` setting, `CONFIG.Dice.rollModes`,
 *   modes "publicroll" | "gmroll" | "blindroll" | "selfroll".
 * - v14: `ChatMessage.applyMode(data, mode)`, the `core.messageMode` setting, `CONFIG.ChatMessage.modes`,
 *   modes "public" | "gm" | "blind" | "self" (and "ic", which we do not offer). `applyRollMode` is
 *   deprecated in v14 (until v16).
 * We speak v14's names everywhere and translate for v13 here.
 */

/** The message modes a goldhack window offers, in v14's names. */
export const MESSAGE_MODES = ["public", "gm", "blind", "self"] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];

const LEGACY: Readonly<Record<MessageMode, string>> = Object.freeze({ public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" });
const FROM_LEGACY: Readonly<Record<string, MessageMode>> = Object.freeze(Object.fromEntries(Object.entries(LEGACY).map(([mode, legacy]) => [legacy, mode as MessageMode])));

/** The label keys core uses for each mode, when CONFIG gives none (v13 keys; v14 ships its own labels). */
const FALLBACK_LABELS: Readonly<Record<MessageMode, string>> = Object.freeze({ public: "CHAT.RollPublic", gm: "CHAT.RollPrivate", blind: "CHAT.RollBlind", self: "CHAT.RollSelf" });

type ModeTable = Record<string, string | { label?: string } | undefined>;
interface ChatMessageStatics {
  applyMode?: (data: object, mode?: string) => unknown;
  applyRollMode?: (data: object, mode: string) => unknown;
}
interface SettingsReader {
  get(scope: string, key: string): unknown;
}

const chatStatics = (): ChatMessageStatics => ChatMessage as unknown as ChatMessageStatics;
const isV14 = (): boolean => typeof chatStatics().applyMode === "function";

/** A mode from either version's name, or null. */
export function toMessageMode(value: unknown): MessageMode | null {
  if (typeof value !== "string") return null;
  if ((MESSAGE_MODES as readonly string[]).includes(value)) return value as MessageMode;
  return FROM_LEGACY[value] ?? null;
}

/** The mode the user picked in the chat controls (public when unreadable). */
export function currentMessageMode(): MessageMode {
  const settings = game.settings as unknown as SettingsReader | undefined;
  try {
    return toMessageMode(settings?.get("core", isV14() ? "messageMode" : "rollMode")) ?? "public";
  } catch {
    return "public";
  }
}

/** Sets who sees `data` (whisper, blind) as core does for `mode`; returns `data`. */
export function applyMessageMode<T extends object>(data: T, mode: MessageMode = currentMessageMode()): T {
  const statics = chatStatics();
  if (typeof statics.applyMode === "function") statics.applyMode(data, mode);
  else statics.applyRollMode?.(data, LEGACY[mode]);
  return data;
}

/** The modes with their (unlocalised) labels, for a choice in a window's footer. */
export function messageModeChoices(): { mode: MessageMode; label: string }[] {
  const config = CONFIG as unknown as { ChatMessage?: { modes?: ModeTable }; Dice?: { rollModes?: ModeTable } };
  const table = isV14() ? config.ChatMessage?.modes : config.Dice?.rollModes;
  return MESSAGE_MODES.map((mode) => {
    const entry = table?.[isV14() ? mode : LEGACY[mode]];
    const label = typeof entry === "string" ? entry : (entry?.label ?? FALLBACK_LABELS[mode]);
    return { mode, label };
  });
}
