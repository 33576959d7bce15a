/**
 * What the group card's template receives, from the card's state and who is looking. Pure: the template
 * localises, so every client draws the same card in its own language. Buttons shown are a courtesy: every
 * click is checked again by the GM's client.
 */
import { DIE_FACES, HIT_MIN } from "../rules";
import { groupOdds, groupVerdict, type GroupPart, type GroupState, type GroupVerdict } from "./group-state";

/** What the viewer's client knows about one part's actor. */
export interface PartLook {
  /** The actor is gone (deleted). */
  gone: boolean;
  /** The viewer owns the actor. */
  owns: boolean;
  /** The actor's Fate left (0 for NPCs). */
  fate: number;
  instinct: string;
  traits: string[];
}

export interface GroupViewer {
  isGM: boolean;
  parts: Record<string, PartLook>;
}

/** A chance as a percentage with one decimal, never rounding a possible or a failable outcome to 0 or 100. */
export interface PercentView {
  value: number;
  /** The label: "{value} %", or "under"/"over" it for chances too close to 0 or 1 to show at one decimal. */
  key: string;
}

export function percentView(p: number): PercentView {
  const value = p * 100;
  if (p > 0 && value < 0.05) return { value: 0.1, key: "GOLDHACK.Dialog.Test.PercentBelow" };
  if (p < 1 && value >= 99.95) return { value: 99.9, key: "GOLDHACK.Dialog.Test.PercentAbove" };
  return { value: Math.round(value * 10) / 10, key: "GOLDHACK.Dialog.Test.Percent" };
}

export interface PartView {
  id: string;
  actorName: string;
  task: string;
  skillName: string;
  /** A Potential part's Skill to learn ("" when none): the card says "Potential, to learn X". */
  learnName: string;
  potential: boolean;
  ob: number;
  isOwner: boolean;
  status: "waiting" | "notRolled" | "rolled" | "removed" | "gone";
  statusKey: string;
  counted: boolean;
  dice: { face: number; hit: boolean; index: number }[];
  hits: number;
  passed: boolean;
  fateSpent: boolean;
  buttons: { roll: boolean; fate: boolean; reroll: boolean; remove: boolean; showCard: boolean };
  messageId: string;
}

export type GroupCardContext = {
  messageId: string;
  /** Localisation keys picked by state (templates have no string concatenation helper). */
  keys: { mode: string; rule: string; fallout: string };
  mode: GroupState["mode"];
  reading: GroupState["reading"];
  alternative: boolean;
  open: boolean;
  intent: string;
  consequence: string;
  ownerName: string;
  parts: PartView[];
  rolledCount: number;
  odds: { pass: PercentView; passWithFate: PercentView | null; tie: PercentView | null } | null;
  verdict: GroupVerdict & { countedName: string };
  tie: { parts: { id: string; actorName: string; instinct: string; traits: string; breakable: boolean }[] } | null;
  fallout: GroupState["fallout"];
  buttons: { close: boolean; offerFallout: boolean; answerFallout: boolean; any: boolean };
};

const NO_LOOK: PartLook = { gone: true, owns: false, fate: 0, instinct: "", traits: [] };

function partStatus(state: GroupState, part: GroupPart, look: PartLook): PartView["status"] {
  if (part.status === "removed") return "removed";
  if (look.gone) return "gone";
  if (part.status === "rolled") return "rolled";
  return state.status === "closed" ? "notRolled" : "waiting";
}

/** The set of parts whose actor is gone, from the viewer's looks. */
export function goneParts(state: GroupState, viewer: GroupViewer): Set<string> {
  return new Set(state.parts.filter((p) => (viewer.parts[p.id] ?? NO_LOOK).gone).map((p) => p.id));
}

/** Builds the card's context. */
export function groupCardContext(state: GroupState, messageId: string, viewer: GroupViewer): GroupCardContext {
  const gone = goneParts(state, viewer);
  const verdict = groupVerdict(state, gone);
  const name = (id: string) => state.parts.find((p) => p.id === id)?.actorName ?? "";
  const open = state.status === "open";
  const counted = verdict.kind === "result" ? verdict.countedPartId : null;
  const parts = state.parts.map((part): PartView => {
    const look = viewer.parts[part.id] ?? NO_LOOK;
    const status = partStatus(state, part, look);
    const mayAct = look.owns || viewer.isGM;
    const roll = part.roll;
    const fateOpen = status === "rolled" && roll !== null && !roll.fate && mayAct && look.fate > 0 && state.fallout?.status !== "accepted";
    // A roll that explodes (a Magic Skill, trained or not: ruling-untrained-magic) rerolls a die with Fate.
    const magic = roll?.plan.explode === true;
    return {
      id: part.id,
      actorName: part.actorName,
      task: part.task,
      skillName: part.skillName,
      learnName: part.skillId === null ? (part.learn?.name ?? "") : "",
      potential: part.skillId === null,
      ob: part.skillId === null ? part.ob * 2 : part.ob,
      isOwner: look.owns,
      status,
      statusKey: `GOLDHACK.Group.Card.Status.${status}`,
      counted: counted === part.id,
      dice: (roll?.faces ?? []).map((face, index) => ({ face, hit: face >= HIT_MIN && face <= DIE_FACES, index })),
      hits: roll?.result.hits ?? 0,
      passed: roll?.result.passed ?? false,
      fateSpent: roll?.fate ?? false,
      buttons: {
        roll: status === "waiting" && mayAct,
        fate: fateOpen && !magic,
        reroll: fateOpen && magic,
        remove: viewer.isGM && part.status !== "removed" && part.id !== state.ownerPartId && state.fallout === null,
        showCard: roll !== null,
      },
      messageId: roll?.messageId ?? "",
    };
  });
  const rolledCount = state.parts.filter((p) => p.status === "rolled").length;
  const odds = rolledCount === 0 ? groupOdds(state) : null;
  const tie =
    verdict.kind === "tie"
      ? {
          parts: verdict.tiedPartIds.map((id) => {
            const look = viewer.parts[id] ?? NO_LOOK;
            return { id, actorName: name(id), instinct: look.instinct, traits: look.traits.join(", "), breakable: viewer.isGM };
          }),
        }
      : null;
  const ownerLook = viewer.parts[state.ownerPartId] ?? NO_LOOK;
  const failedFinal = verdict.kind === "result" && verdict.final && !verdict.passed;
  const buttons = {
    close: viewer.isGM && open,
    offerFallout: viewer.isGM && failedFinal && state.fallout === null,
    answerFallout: state.fallout?.status === "offered" && (ownerLook.owns || viewer.isGM) && !ownerLook.gone,
    any: false,
  };
  buttons.any = buttons.close || buttons.offerFallout || buttons.answerFallout;
  return {
    messageId,
    keys: {
      mode: `GOLDHACK.Group.Mode.${state.mode}`,
      rule: state.alternative ? `GOLDHACK.Group.Alternative.${state.mode}` : state.mode === "hindering" ? `GOLDHACK.Group.Reading.${state.reading}` : `GOLDHACK.Group.Rule.${state.mode}`,
      fallout: `GOLDHACK.Group.Fallout.${state.fallout?.status ?? "offered"}`,
    },
    mode: state.mode,
    reading: state.reading,
    alternative: state.alternative,
    open,
    intent: state.intent,
    consequence: state.consequence,
    ownerName: name(state.ownerPartId),
    parts,
    rolledCount,
    odds: odds ? { pass: percentView(odds.pass), passWithFate: odds.passWithFate === null ? null : percentView(odds.passWithFate), tie: odds.tie === null ? null : percentView(odds.tie) } : null,
    verdict: { ...verdict, countedName: counted ? name(counted) : "" },
    tie,
    fallout: state.fallout,
    buttons,
  };
}
