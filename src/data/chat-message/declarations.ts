/** Tells fvtt-types about goldhack's ChatMessage subtypes (the document class: src/documents/declarations.ts). */
import type { GoldHackRequestMessageData } from "./request-message";
import type { GoldHackGroupMessageData } from "./group-message";
import type { GoldHackTestMessageData } from "./test-message";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    ChatMessage: {
      test: typeof GoldHackTestMessageData;
      request: typeof GoldHackRequestMessageData;
      group: typeof GoldHackGroupMessageData;
    };
  }
}
