/**
 * Posting a group card. Anyone may start a group Test (from tokens, a sheet, or a GM's request), but the
 * card is the GM's: the starter's client asks the active GM's client, which reads each participant's
 * names, ratings, Potential and Magic from the actors themselves (never from the payload), takes the
 * hindering reading and the alternative from the world settings, and posts the card.
 */
import { type ChannelReply, type PayloadRead, readPayload, refusal } from "../channel";
import { isRetired } from "../data/actor/character";
import { defaultSkillType } from "../data/defaults";
import { findTestActor } from "../dice/test-actor";
import { createGroup, type GroupLearn, type GroupPartInput, MAX_SKILL_NAME } from "./group-state";
import { GROUP_CREATE_SCHEMA } from "./group-schemas";
import { hinderingReading, simpleAssist } from "./group-settings";

import type { GroupRequest } from "./group-post";

export { CREATE_ACTION, type GroupRequest, postGroupTest } from "./group-post";

/** Reads a group request from untrusted data against its schema. */
export function readGroupRequest(data: unknown): PayloadRead<GroupRequest> {
  return readPayload(GROUP_CREATE_SCHEMA, data);
}

/**
 * A Potential part's Skill to learn: the Type from the config (a Type it does not know becomes the default one, as
 * for a single Test), and that Type's Magic from the config too, never from the payload.
 */
function learnOf(name: string, type: string): GroupLearn {
  const types = CONFIG.GOLDHACK.skillTypes;
  const key = Object.hasOwn(types, type) ? type : defaultSkillType();
  return { name: name.trim().slice(0, MAX_SKILL_NAME), type: key, explodes: types[key]?.explodes === true };
}

/** The GM side: checks the request and the starter, and posts the card. */
export async function createGroupCard(sender: User, payload: unknown): Promise<ChannelReply> {
  const read = readGroupRequest(payload);
  if (!read.ok) return { ok: false, problem: read.problem };
  const request = read.value;
  const parts: GroupPartInput[] = [];
  let ownsOne = sender.isGM;
  for (const p of request.parts) {
    const actor = findTestActor(p.actorUuid);
    if (!actor) return refusal("GOLDHACK.Group.Error.NoActor");
    if (isRetired(actor)) return refusal("GOLDHACK.Group.Error.Retired", { name: actor.name });
    if (actor.testUserPermission(sender, "OWNER")) ownsOne = true;
    const skill = p.skillId ? actor.items.get(p.skillId) : undefined;
    if (p.skillId && skill?.type !== "skill") return refusal("GOLDHACK.Group.Error.NoSkill", { actor: actor.name, skill: "" });
    // A Potential part may name the Skill her pass teaches (SRD: "every player who rolled logs her Test to learn").
    const learning = p.skillId === null ? (p.learnSkillName ?? "").trim() : "";
    const known = learning ? actor.items.find((i) => i.type === "skill" && i.name.toLocaleLowerCase() === learning.toLocaleLowerCase()) : undefined;
    if (known) return refusal("GOLDHACK.Group.Error.LearnKnown", { actor: actor.name, skill: known.name });
    const system = skill?.system as { rating?: number; magic?: boolean } | undefined;
    parts.push({
      id: p.id,
      actorUuid: p.actorUuid,
      actorName: actor.name,
      skillId: p.skillId,
      skillName: skill?.name ?? "",
      rating: p.skillId ? Number(system?.rating ?? 0) : 0,
      potential: actor.potential,
      magic: system?.magic === true,
      ob: p.ob,
      task: p.task,
      ...(learning ? { learn: learnOf(learning, p.learnSkillType ?? "") } : {}),
    });
  }
  if (!ownsOne) return refusal("GOLDHACK.Group.Error.NotParticipant");
  const made = createGroup({ ...request, reading: hinderingReading(), alternative: simpleAssist(), parts });
  if (!made.ok) return { ok: false, problem: made.problem };
  const message = await ChatMessage.implementation.create({ type: "group", system: made.state as unknown as Record<string, unknown>, content: "" } as ChatMessage.CreateData);
  return message ? { ok: true, data: { messageId: message.id } } : refusal("GOLDHACK.Chat.Error.Unknown");
}
