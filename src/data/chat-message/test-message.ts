/**
 * The Test card's message data: what changes after the roll (Fate spent, the log, the Fallout offer and
 * answer). The dice, the choice and the plan stay in the message's GoldHackRoll. Each part is its own
 * field, written by dot-path (`system.log`), so two writes to different parts never overwrite each other.
 */
import { type CardRenderOptions, renderCardMessage } from "./card-message";

const { fields } = foundry.data;

function defineTestMessageSchema() {
  return {
    fateSpent: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    /** How Fate was spent (a FateRecord), null before. */
    fate: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    /** The learning log the Test wrote (a TestLog), null when none was. */
    log: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    /** The log step ran (once per Test, even when it had nothing to write). */
    logged: new fields.BooleanField({ required: true, initial: false }),
    /** The Fallout offer and its answer (a FalloutRecord), null before. */
    fallout: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  };
}

export type TestMessageSchema = ReturnType<typeof defineTestMessageSchema>;

/** `system` of a ChatMessage of type "test". */
export class GoldHackTestMessageData extends foundry.abstract.TypeDataModel<TestMessageSchema, ChatMessage.Implementation> {
  static override defineSchema(): TestMessageSchema {
    return defineTestMessageSchema();
  }

  /** The whole message, its card drawn once from this data (core awaits it, then runs renderChatMessageHTML). */
  async renderHTML(options?: CardRenderOptions): Promise<HTMLElement> {
    return renderCardMessage(this.parent, options);
  }
}
