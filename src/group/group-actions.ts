/**
 * The group card's GM actions. Every change to a group card runs on the active GM's client (the card is
 * the GM's), one at a time per card (the channel's queue), for the user Foundry's server says asked;
 * each re-reads the card and re-checks permission and single use before writing, through the pure
 * transitions of group-state.ts. A part's dice are rolled here too, as a Test card of its own (so its
 * Persona, Fate and learning log are the single Test's), and only after the part was checked: a second
 * roll, a roll by someone else or after closing is refused before any die is cast or Persona spent.
 */
import { oneAtATime, type PayloadRead, readPayload } from "../channel";
import { toMessageMode } from "../compat";
import { GoldHackFalloutData } from "../data/item/fallout";
import { boundedCount } from "../data/limits";
import { GoldHackCharacterData, isRetired } from "../data/actor/character";
import { type ActionResult, DONE, refused, shortenName } from "../dice/action-result";
import { GoldHackRoll } from "../dice/goldhack-roll";
import { planChoice } from "../dice/plan-choice";
import { findTestActor } from "../dice/test-actor";
import { testCardOf } from "../dice/test-card-state";
import type { PoolModifier, TestChoice } from "../data/test-choice";
import { falloutPenalty, type Problem } from "../rules";
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
import { GROUP_ACTION, type GroupAction, groupStateOf, type PartChoices } from "./group-card";
import { writeAlternativeLogs } from "./group-logs";
import { GROUP_ACTION_SCHEMAS, GROUP_REQUEST_SCHEMA } from "./group-schemas";

export { GROUP_ACTION, type GroupAction, groupQueueKey, groupStateOf, lookOf } from "./group-card";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads a group action from untrusted data, against its declared schema. */
export function readGroupAction(data: unknown): PayloadRead<GroupAction> {
  const name = isRecord(data) && typeof data.action === "string" && Object.hasOwn(GROUP_ACTION_SCHEMAS, data.action) ? (data.action as GroupAction["action"]) : null;
  if (!name) return { ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "action" } } };
  return readPayload(GROUP_ACTION_SCHEMAS[name], data) as PayloadRead<GroupAction>;
}

/** Reads a group action from untrusted data; null if it is not one. */
export function parseGroupAction(data: unknown): GroupAction | null {
  const read = readGroupAction(data);
  return read.ok ? read.value : null;
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

/**
 * The dice and Ob a part's choices add, read from her character: +1D for each of her own Traits that
 * helps, +1Ob for each that hinders (each Trait once: it either helps or hinders), +Ob equal to the
 * rating of each of her Fallouts that applies. A Trait or Fallout she does not have is refused.
 * SRD: Alterations › My Traits Apply!; Changes › Fallout
 */
export function partModifiers(actor: Actor.Implementation, choices: PartChoices): { ok: true; modifiers: PoolModifier[] } | { ok: false; problem: Problem } {
  const modifiers: PoolModifier[] = [];
  for (const [id, use] of Object.entries(choices.traits)) {
    const trait = actor.items.get(id);
    if (trait?.type !== "trait") return { ok: false, problem: { key: "GOLDHACK.Group.Error.NotHerTrait", data: { actor: actor.name } } };
    modifiers.push(use === "helps" ? { kind: "trait-help", label: trait.name, dice: 1, ob: 0, sourceId: id } : { kind: "trait-hinder", label: trait.name, dice: 0, ob: 1, sourceId: id });
  }
  for (const id of choices.fallouts) {
    const fallout = actor.items.get(id);
    const system = fallout?.system;
    if (fallout?.type !== "fallout" || !(system instanceof GoldHackFalloutData)) return { ok: false, problem: { key: "GOLDHACK.Group.Error.NotHerFallout", data: { actor: actor.name } } };
    modifiers.push({ kind: "fallout", label: fallout.name, dice: 0, ob: falloutPenalty({ rating: boundedCount(system.rating, 1), permanent: system.permanent }), sourceId: id });
  }
  return { ok: true, modifiers };
}

/**
 * Rolls a part for `sender`: checks the part may be rolled by her (owner or GM, once, group open) and
 * that the dialog's choice tests the part's Skill and Ob; then rolls the Test (its own card, its own log)
 * and lands its dice on the group card. What the choice says about the actor (rating, Potential, Magic)
 * is read from the actor, not the payload.
 */
async function rollPart(message: ChatMessage.Implementation, state: GroupState, sender: User, partId: string, choices: PartChoices): Promise<ActionResult> {
  const part = state.parts.find((p) => p.id === partId);
  const actor = part ? findTestActor(part.actorUuid) : null;
  if (part && !actor) return refused("GOLDHACK.Group.Error.Gone", { actor: part.actorName });
  // Retired after the card was posted: her part is not rolled (the GM may remove it). SRD: Aging Your Character
  if (actor && isRetired(actor)) return refused("GOLDHACK.Group.Error.Retired", { name: actor.name });
  const asker = { isGM: sender.isGM, ownsActor: actor ? actor.testUserPermission(sender, "OWNER") : false };
  // What is tested, and against which Ob, is the card's: the payload does not say.
  const claimed = { actorUuid: part?.actorUuid ?? "", skillId: part?.skillId ?? null, ob: part?.ob ?? 0 };
  // Checked before anything is rolled or spent; landRoll checks it all again on the state it writes.
  const early = landRoll(state, partId, asker, claimed, { messageId: "", userId: "", plan: { dice: 1, ob: 1, untrained: false, explode: false }, faces: [], result: { hits: 0, passed: false, extraHits: 0, remainingOb: 1 }, fate: false });
  if (!early.ok || !part || !actor) return early.ok ? refused("GOLDHACK.Group.Error.NoPart") : { ok: false, problem: early.problem };
  const skill = part.skillId ? actor.items.get(part.skillId) : undefined;
  const skillSystem = skill?.system as { rating?: number; magic?: boolean } | undefined;
  if (part.skillId && !skillSystem) return refused("GOLDHACK.Group.Error.NoSkill", { actor: part.actorName, skill: part.skillName });
  const potential = actor.potential;
  const messageMode = toMessageMode(choices.messageMode);
  const persona = choices.persona;
  const derived = partModifiers(actor, choices);
  if (!derived.ok) return { ok: false, problem: derived.problem };
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
    modifiers: derived.modifiers,
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
      return rollPart(message, state, sender, action.partId, action);
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
  if (!isRecord(payload)) return refused("GOLDHACK.Channel.Error.BadPayload", { field: "payload" });
  const { action: actionData, ...rest } = payload;
  const request = readPayload(GROUP_REQUEST_SCHEMA, rest);
  if (!request.ok) return { ok: false, problem: request.problem };
  const action = readGroupAction(actionData);
  if (!action.ok) return { ok: false, problem: action.problem };
  const message = game.messages?.get(request.value.messageId);
  if (!message) return refused("GOLDHACK.Group.Error.NotAGroup");
  return applyGroupAction(message, sender, action.value);
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


