/** Tells fvtt-types about goldhack's ChatMessage subtypes and document class. */
import type { GoldHackChatMessage } from "../../documents/chat-message";
import type { GoldHackTestMessageData } from "./test-message";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    ChatMessage: {
      test: typeof GoldHackTestMessageData;
    };
  }

  interface DocumentClassConfig {
    ChatMessage: typeof GoldHackChatMessage;
  }
}
