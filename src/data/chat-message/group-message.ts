/**
 * The group card's message data: a group Test's whole state (see src/group/group-state.ts). Only the GM
 * writes it (the card is GM-authored; players ask through the channel), one transition at a time per card.
 */
import { type CardRenderOptions, renderCardMessage } from "./card-message";

const { fields } = foundry.data;

function defineGroupMessageSchema() {
  return {
    mode: new fields.StringField({ required: true, nullable: false, initial: "needed", choices: ["needed", "helpful", "hindering"] }),
    reading: new fields.StringField({ required: true, nullable: false, initial: "extraHits", choices: ["extraHits", "addToOb"] }),
    alternative: new fields.BooleanField({ required: true, initial: false }),
    ownerPartId: new fields.StringField({ required: true, nullable: false, initial: "" }),
    intent: new fields.StringField({ required: true, nullable: false, initial: "" }),
    consequence: new fields.StringField({ required: true, nullable: false, initial: "" }),
    status: new fields.StringField({ required: true, nullable: false, initial: "open", choices: ["open", "closed"] }),
    /** Each a GroupPart (written whole: the GM's client is the only writer, one action at a time). */
    parts: new fields.ArrayField(new fields.ObjectField({ required: true, nullable: false })),
    tieBrokenBy: new fields.StringField({ required: false, nullable: true, initial: null }),
    /** A GroupFallout, null before the GM offers one. */
    fallout: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  };
}

export type GroupMessageSchema = ReturnType<typeof defineGroupMessageSchema>;

/** `system` of a ChatMessage of type "group". */
export class GoldHackGroupMessageData extends foundry.abstract.TypeDataModel<GroupMessageSchema, ChatMessage.Implementation> {
  static override defineSchema(): GroupMessageSchema {
    return defineGroupMessageSchema();
  }

  /** The whole message, its card drawn once from this data (core awaits it, then runs renderChatMessageHTML). */
  async renderHTML(options?: CardRenderOptions): Promise<HTMLElement> {
    return renderCardMessage(this.parent, options);
  }
}
