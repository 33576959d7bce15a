/**
 * The group card's GM actions. Every change to a group card runs on the active GM's client (the card is
 * the GM's), one at a time per card (the channel's queue), for the user Foundry's server says asked;
 * each re-reads the card and re-checks permission and single use before writing, through the pure
 * transitions of group-state.ts. A part's dice are rolled here too, as a Test card of its own (so its
 * Persona, Fate and learning log are the single Test's), and only after the part was checked: a second
 * roll, a roll by someone else or after closing is refused before any die is cast or Persona spent.
 */
import { oneAtATime } from "../channel";
import { toMessageMode } from "../compat";
import { GoldHackCharacterData } from "../data/actor/character";
import { type ActionResult, DONE, refused, shortenName } from "../dice/action-result";
import { GoldHackRoll } from "../dice/goldhack-roll";
import { planChoice } from "../dice/plan-choice";
import { findTestActor } from "../dice/test-actor";
import { testCardOf } from "../dice/test-card-state";
import type { PoolModifier, TestChoice } from "../dice/test-choice";
import {
  answerGroupFallout,
  breakTie,
  closeGroup,
  type GroupState,
  landRoll,
  offerGroupFallout,
  partExplodes,
  removePart,
  reviseRoll,
  type Transition,
} from "./group-state";
import { GROUP_ACTION, type GroupAction, groupStateOf } from "./group-card";
import { writeAlternativeLogs } from "./group-logs";

export { GROUP_ACTION, type GroupAction, groupQueueKey, groupStateOf, lookOf } from "./group-card";



const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v.slice(0, 64) : "");

/** Reads a group action from untrusted data; null if it is not one. */
export function parseGroupAction(data: unknown): GroupAction | null {
  if (!isRecord(data)) return null;
  const partId = str(data.partId);
  switch (data.action) {
    case "roll":
      return partId && isRecord(data.choice) ? { action: "roll", partId, choice: data.choice as Partial<TestChoice> } : null;
    case "remove":
    case "breakTie":
      return partId ? { action: data.action, partId } : null;
    case "close":
    case "offerFallout":
      return { action: data.action };
    case "answerFallout":
      return typeof data.accept === "boolean" ? { action: "answerFallout", accept: data.accept } : null;
    default:
      return null;
  }
}


/** Parts whose actor no longer exists. */
export function goneOf(state: GroupState): Set<string> {
  return new Set(state.parts.filter((p) => findTestActor(p.actorUuid) === null).map((p) => p.id));
}

async function write(message: ChatMessage.Implementation, before: GroupState, t: Transition): Promise<ActionResult> {
  if (!t.ok) return { ok: false, problem: t.problem };
  const next = t.state;
  // The alternative hindering: a final verdict is logged by the group, in this same write (src/group/group-logs.ts).
  const logged = await writeAlternativeLogs(message, next, goneOf(next));
  if (logged) next.parts = logged;
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof GroupState)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) update[`system.${key}`] = next[key];
  }
  if (Object.keys(update).length > 0) await message.update(update);
  return DONE;
}

const MAX_MODIFIERS = 20;
const MODIFIER_KINDS: readonly PoolModifier["kind"][] = ["trait-help", "trait-hinder", "fallout", "linked", "bonus", "penalty"];

function cleanModifiers(value: unknown): PoolModifier[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_MODIFIERS).flatMap((m: unknown): PoolModifier[] => {
    if (!isRecord(m) || !MODIFIER_KINDS.includes(m.kind as PoolModifier["kind"])) return [];
    const dice = Number.isInteger(m.dice) && (m.dice as number) >= 0 && (m.dice as number) <= 10 ? (m.dice as number) : 0;
    const ob = Number.isInteger(m.ob) && (m.ob as number) >= 0 && (m.ob as number) <= 20 ? (m.ob as number) : 0;
    const label = typeof m.label === "string" ? shortenName(m.label) : "";
    return [{ kind: m.kind as PoolModifier["kind"], label, dice, ob, ...(typeof m.sourceId === "string" ? { sourceId: str(m.sourceId) } : {}) }];
  });
}

/**
 * Rolls a part for `sender`: checks the part may be rolled by her (owner or GM, once, group open) and
 * that the dialog's choice tests the part's Skill and Ob; then rolls the Test (its own card, its own log)
 * and lands its dice on the group card. What the choice says about the actor (rating, Potential, Magic)
 * is read from the actor, not the payload.
 */
async function rollPart(message: ChatMessage.Implementation, state: GroupState, sender: User, partId: string, choice: Partial<TestChoice>): Promise<ActionResult> {
  const part = state.parts.find((p) => p.id === partId);
  const actor = part ? findTestActor(part.actorUuid) : null;
  if (part && !actor) return refused("GOLDHACK.Group.Error.Gone", { actor: part.actorName });
  const asker = { isGM: sender.isGM, ownsActor: actor ? actor.testUserPermission(sender, "OWNER") : false };
  const claimed = { actorUuid: str(choice.actorUuid) || (part?.actorUuid ?? ""), skillId: choice.skillId === undefined ? (part?.skillId ?? null) : choice.skillId, ob: Number(choice.ob ?? part?.ob) };
  // Checked before anything is rolled or spent; landRoll checks it all again on the state it writes.
  const early = landRoll(state, partId, asker, claimed, { messageId: "", userId: "", plan: { dice: 1, ob: 1, untrained: false, explode: false }, faces: [], result: { hits: 0, passed: false, extraHits: 0, remainingOb: 1 }, fate: false });
  if (!early.ok || !part || !actor) return early.ok ? refused("GOLDHACK.Group.Error.NoPart") : { ok: false, problem: early.problem };
  const skill = part.skillId ? actor.items.get(part.skillId) : undefined;
  const skillSystem = skill?.system as { rating?: number; magic?: boolean } | undefined;
  if (part.skillId && !skillSystem) return refused("GOLDHACK.Group.Error.NoSkill", { actor: part.actorName, skill: part.skillName });
  const potential = actor.potential;
  const messageMode = toMessageMode(choice.messageMode);
  const persona = Number.isInteger(choice.persona) ? Math.max(0, Math.min(3, choice.persona as number)) : 0;
  const full: TestChoice = {
    kind: part.skillId ? "skill" : "potential",
    actorUuid: part.actorUuid,
    skillId: part.skillId,
    skillName: skill?.name ?? part.skillName,
    rating: part.skillId ? Number(skillSystem?.rating ?? 0) : 0,
    potential,
    ob: part.ob,
    // The rules core's one rule (ruling-untrained-magic), on the Skill as the actor holds it now.
    magic: partExplodes({ skillId: part.skillId, magic: skillSystem?.magic === true, learn: part.learn ?? null }),
    ...(part.skillId === null && part.learn ? { learnSkillName: part.learn.name, learnSkillType: part.learn.type } : {}),
    persona,
    modifiers: cleanModifiers(choice.modifiers),
    intent: state.intent,
    ...(part.task ? { task: part.task } : {}),
    ...(state.consequence ? { consequence: state.consequence } : {}),
    ...(message.id ? { groupId: message.id } : {}),
    // The alternative hindering: the group's one verdict decides this roll's log, not its own Ob (group-logs.ts).
    ...(state.mode === "hindering" && state.alternative ? { groupLog: true } : {}),
    // Who sees the part's card is the roller's own pick in her dialog, as for any Test she rolls.
    ...(messageMode ? { messageMode } : {}),
  };
  const planned = planChoice(full, null);
  if (!planned.ok) return { ok: false, problem: planned.problem };
  if (planned.plan.dice < 1) return refused("GOLDHACK.Roll.Error.NoDice");
  const personaLeft = actor.system instanceof GoldHackCharacterData ? actor.system.persona.value : 0;
  if (persona > personaLeft) return refused("GOLDHACK.Group.Error.NoPersona", { actor: actor.name });

  const test = await GoldHackRoll.rollTest(full, sender.id ? { roller: sender.id } : {});
  const card = test ? testCardOf(test) : null;
  if (!test || !card) return refused("GOLDHACK.Chat.Error.Unknown");
  const roll = { messageId: test.id ?? "", userId: sender.id ?? "", plan: card.test.plan, faces: card.roll.faces, result: card.outcome, fate: card.test.fate !== null };
  const now = groupStateOf(game.messages?.get(message.id ?? "") ?? message) ?? state;
  return write(message, now, landRoll(now, partId, asker, { actorUuid: full.actorUuid, skillId: full.skillId, ob: full.ob }, roll));
}

async function answerFallout(message: ChatMessage.Implementation, state: GroupState, sender: User, accept: boolean): Promise<ActionResult> {
  const owner = state.parts.find((p) => p.id === state.ownerPartId);
  const actor = owner ? findTestActor(owner.actorUuid) : null;
  if (!owner || !actor) return refused("GOLDHACK.Group.Error.Gone", { actor: owner?.actorName ?? "" });
  if (!actor.testUserPermission(sender, "OWNER")) return refused("GOLDHACK.Group.Error.NotOwner", { actor: actor.name });
  const t = answerGroupFallout(state, accept);
  if (!t.ok || !accept) return write(message, state, t);
  const name = shortenName(game.i18n?.format("GOLDHACK.Chat.Fallout.Name", { what: state.intent }) ?? state.intent);
  const item = await actor.takeFallout({ name, rating: t.state.fallout?.rating ?? 1 });
  if (!item) return refused("GOLDHACK.Chat.Error.Unknown");
  return write(message, state, t);
}

/** Applies a group action for `sender` (whom the server named) on the card as it now stands. */
export async function applyGroupAction(message: ChatMessage.Implementation, sender: User, action: GroupAction): Promise<ActionResult> {
  const state = groupStateOf(message);
  if (!state) return refused("GOLDHACK.Group.Error.NotAGroup");
  const gone = goneOf(state);
  switch (action.action) {
    case "roll":
      return rollPart(message, state, sender, action.partId, action.choice);
    case "answerFallout":
      return answerFallout(message, state, sender, action.accept);
    default:
      break;
  }
  if (!sender.isGM) return refused("GOLDHACK.Group.Error.NotGM");
  switch (action.action) {
    case "remove":
      return write(message, state, removePart(state, action.partId));
    case "close":
      return write(message, state, closeGroup(state));
    case "breakTie":
      return write(message, state, breakTie(state, action.partId, gone));
    case "offerFallout":
      return write(message, state, offerGroupFallout(state, gone));
  }
}

/** The GM side of the channel: the message and the action from the payload; the user from the server. */
export async function handleGroupAction(sender: User, payload: unknown): Promise<ActionResult> {
  const messageId = isRecord(payload) ? str(payload.messageId) : "";
  const action = isRecord(payload) ? parseGroupAction(payload.action) : null;
  if (!messageId || !action) return refused("GOLDHACK.Group.Error.NotAGroup");
  const message = game.messages?.get(messageId);
  if (!message) return refused("GOLDHACK.Group.Error.NotAGroup");
  return applyGroupAction(message, sender, action);
}


/**
 * After Fate changed a part's Test card, the GM's client copies its dice and result onto every group
 * card that holds it, in that card's queue. Runs only on the active GM's client.
 */
export async function syncFromTestCard(test: ChatMessage.Implementation): Promise<void> {
  const card = testCardOf(test);
  if (!card) return;
  for (const message of game.messages?.contents ?? []) {
    const state = groupStateOf(message);
    const part = state?.parts.find((p) => p.roll?.messageId === test.id);
    if (!state || !part?.roll) continue;
    const fate = card.test.fate !== null;
    if (part.roll.fate === fate && JSON.stringify(part.roll.faces) === JSON.stringify(card.roll.faces)) continue;
    await oneAtATime(`${GROUP_ACTION}:${message.id ?? ""}`, async () => {
      const now = groupStateOf(game.messages?.get(message.id ?? "") ?? message);
      if (!now) return;
      await write(message, now, reviseRoll(now, part.id, { faces: card.roll.faces, result: card.outcome, fate }));
    });
  }
}


