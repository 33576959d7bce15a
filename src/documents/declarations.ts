/** Tells fvtt-types which document classes goldhack registers (the `system` models: src/data/declarations.ts). */
import type { GoldHackActor } from "./actor";
import type { GoldHackChatMessage } from "./chat-message";
import type { GoldHackItem } from "./item";

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof GoldHackActor;
    Item: typeof GoldHackItem;
    ChatMessage: typeof GoldHackChatMessage;
  }
}

declare global {
  interface GoldHackApi {
    /** GM: retires a character (false: back in play); it leaves votes, group Tests and downtime. See src/documents/retire.ts. */
    retireCharacter?(actor: Actor.Implementation, retired?: boolean): Promise<boolean>;
  }
}
