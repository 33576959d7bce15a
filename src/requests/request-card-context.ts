/**
 * The request card's render context, from the card's data and who is looking, so every client draws
 * the same card (in its own language: the template localises). Pure. Buttons shown here are a
 * courtesy: every click is checked again.
 */
import type { RequestCard, RequestStatus } from "./request-state";

/** Who is looking at the card. */
export interface RequestViewer {
  isGM: boolean;
  /** Owns the card's actor. */
  ownsActor: boolean;
}

export type RequestCardContext = {
  messageId: string;
  origin: RequestCard["origin"];
  status: RequestStatus;
  proposed: boolean;
  open: boolean;
  answered: boolean;
  actorName: string;
  /** null while a proposal awaits its Skill and Ob. */
  skill: { potential: boolean; name: string } | null;
  ob: number | null;
  intent: string;
  task: string;
  consequence: string;
  locked: { skill: boolean; ob: boolean };
  answer: { messageId: string; passed: boolean } | null;
  buttons: { roll: boolean; setTest: boolean; any: boolean };
};

/** Builds the card's context. */
export function requestCardContext(card: RequestCard, messageId: string, viewer: RequestViewer): RequestCardContext {
  const open = card.status === "open";
  const proposed = card.status === "proposed";
  const buttons = { roll: open && viewer.ownsActor, setTest: proposed && viewer.isGM, any: false };
  buttons.any = buttons.roll || buttons.setTest;
  return {
    messageId,
    origin: card.origin,
    status: card.status,
    proposed,
    open,
    answered: card.status === "answered",
    actorName: card.actorName,
    skill: card.skill ? { potential: card.skill.kind === "potential", name: card.skill.name } : null,
    ob: card.ob,
    intent: card.intent,
    task: card.task,
    consequence: card.consequence,
    locked: { ...card.locked },
    answer: card.answer ? { messageId: card.answer.messageId, passed: card.answer.passed } : null,
    buttons,
  };
}
