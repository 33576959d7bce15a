/**
 * The request and proposal card's message data (ChatMessage type "request"): the card's whole state,
 * schema-checked, and written by dot-path (`system.status`, `system.answer`) so an answer never rewrites
 * the rest. The transitions and the checks of what a user may do are the pure `requests/request-state.ts`;
 * who may be trusted to have written it is `requests/request-messages.ts`. SRD: Tests › 1) and 2)
 */
import { type CardRenderOptions, renderCardMessage } from "./card-message";

const { fields } = foundry.data;

function defineRequestMessageSchema() {
  return {
    /** Who started it: the GM's request, or a player's proposal. */
    origin: new fields.StringField({ required: true, nullable: false, blank: false, initial: "request", choices: ["request", "proposal"] }),
    /** proposed: awaiting the GM's Skill and Ob; open: ready to roll; answered: rolled once. */
    status: new fields.StringField({ required: true, nullable: false, blank: false, initial: "open", choices: ["proposed", "open", "answered"] }),
    actorUuid: new fields.StringField({ required: true, nullable: false, blank: false }),
    actorName: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    /** What is tested; null until the GM answers a proposal. */
    skill: new fields.SchemaField(
      {
        kind: new fields.StringField({ required: true, nullable: false, blank: false, initial: "skill", choices: ["skill", "potential"] }),
        /** The Skill's id on the actor; null for Potential. */
        id: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
        /** The Skill's name, or for Potential the Skill it may teach ("" for plain Potential). */
        name: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
        /** For Potential to learn a Skill: its Type (a CONFIG.GOLDHACK.skillTypes key), "" when not known. */
        type: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
      },
      { required: true, nullable: true, initial: null },
    ),
    ob: new fields.NumberField({ required: true, nullable: true, integer: true, min: 1, initial: null }),
    intent: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    task: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    consequence: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    /** What the player may not change when rolling. */
    locked: new fields.SchemaField({
      skill: new fields.BooleanField({ required: true, initial: true }),
      ob: new fields.BooleanField({ required: true, initial: true }),
    }),
    /** The roll that answered it, null before. */
    answer: new fields.SchemaField(
      {
        messageId: new fields.StringField({ required: true, nullable: false, blank: false }),
        userId: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
        passed: new fields.BooleanField({ required: true, initial: false }),
        timestamp: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      },
      { required: true, nullable: true, initial: null },
    ),
  };
}

export type RequestMessageSchema = ReturnType<typeof defineRequestMessageSchema>;

/** The plain data a request card's `system` holds (as `toObject()` gives it). */
export interface RequestMessageSource {
  origin: string;
  status: string;
  actorUuid: string;
  actorName: string;
  skill: { kind: string; id: string | null; name: string; type: string } | null;
  ob: number | null;
  intent: string;
  task: string;
  consequence: string;
  locked: { skill: boolean; ob: boolean };
  answer: { messageId: string; userId: string; passed: boolean; timestamp: number } | null;
}

/** Why a card's fields do not fit together, or null: each state needs what it claims. */
export function requestJointProblem(data: Partial<RequestMessageSource>): string | null {
  if (data.status !== "proposed" && (!data.skill || data.ob === null || data.ob === undefined)) return "an open or answered request needs a Skill and an Ob";
  if (data.status === "answered" && !data.answer) return "an answered request needs its answer";
  if (data.status !== "answered" && data.answer) return "only an answered request has an answer";
  if (data.status === "proposed" && data.origin !== "proposal") return "only a proposal awaits the GM";
  if (data.skill?.kind === "skill" && !data.skill.id) return "a Skill is named by its id";
  if (data.skill?.kind === "potential" && data.skill.id) return "Potential has no Skill id";
  return null;
}

/** `system` of a ChatMessage of type "request". */
export class GoldHackRequestMessageData extends foundry.abstract.TypeDataModel<RequestMessageSchema, ChatMessage.Implementation> {
  static override defineSchema(): RequestMessageSchema {
    return defineRequestMessageSchema();
  }

  static override validateJoint(data: Parameters<typeof foundry.abstract.TypeDataModel.validateJoint>[0]): void {
    const problem = requestJointProblem(data as Partial<RequestMessageSource>);
    if (problem) throw new Error(`goldhack request card: ${problem}`);
  }

  /** The whole message, its card drawn once from this data (core awaits it, then runs renderChatMessageHTML). */
  async renderHTML(options?: CardRenderOptions): Promise<HTMLElement> {
    return renderCardMessage(this.parent, options);
  }
}
