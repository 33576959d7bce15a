/**
 * Posting a group card. Anyone may start a group Test (from tokens, a sheet, or a GM's request), but the
 * card is the GM's: the starter's client asks the active GM's client, which reads each participant's
 * names, ratings, Potential and Magic from the actors themselves (never from the payload), takes the
 * hindering reading and the alternative from the world settings, and posts the card.
 */
import { type ChannelReply, refusal } from "../channel";
import { isRetired } from "../data/actor/character";
import { findTestActor } from "../dice/test-actor";
import { defaultSkillType } from "../data/defaults";
import { createGroup, type GroupLearn, type GroupPartInput, MAX_PARTS, MAX_SKILL_NAME } from "./group-state";
import { hinderingReading, simpleAssist } from "./group-settings";

import type { GroupRequest } from "./group-post";

export { CREATE_ACTION, type GroupRequest, postGroupTest } from "./group-post";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** Reads a group request from untrusted data; null if it is not one. */
export function parseGroupRequest(data: unknown): GroupRequest | null {
  if (!isRecord(data) || !Array.isArray(data.parts) || data.parts.length > MAX_PARTS) return null;
  if (data.mode !== "needed" && data.mode !== "helpful" && data.mode !== "hindering") return null;
  const parts: GroupRequest["parts"] = [];
  for (const p of data.parts as unknown[]) {
    if (!isRecord(p) || typeof p.id !== "string" || typeof p.actorUuid !== "string") return null;
    if (p.skillId !== null && typeof p.skillId !== "string") return null;
    const learn = p.skillId === null && text(p.learnSkillName).trim() ? { learnSkillName: text(p.learnSkillName).slice(0, 200), learnSkillType: text(p.learnSkillType).slice(0, 64) } : {};
    parts.push({ id: p.id.slice(0, 32), actorUuid: p.actorUuid.slice(0, 200), skillId: p.skillId, ob: Number(p.ob), task: text(p.task), ...learn });
  }
  return { mode: data.mode, ownerPartId: text(data.ownerPartId), intent: text(data.intent), consequence: text(data.consequence), parts };
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
  const request = parseGroupRequest(payload);
  if (!request) return refusal("GOLDHACK.Group.Error.BadPart");
  const parts: GroupPartInput[] = [];
  let ownsOne = sender.isGM;
  for (const p of request.parts) {
    const actor = findTestActor(p.actorUuid);
    if (!actor) return refusal("GOLDHACK.Group.Error.NoActor");
    if (isRetired(actor)) return refusal("GOLDHACK.Group.Error.Retired", { name: actor.name });
    if (actor.testUserPermission(sender, "OWNER")) ownsOne = true;
    const skill = p.skillId ? actor.items.get(p.skillId) : undefined;
    if (p.skillId && skill?.type !== "skill") return refusal("GOLDHACK.Group.Error.NoSkill", { actor: actor.name, skill: "" });
    const learning = p.learnSkillName?.trim().toLocaleLowerCase();
    const known = learning ? actor.items.find((i) => i.type === "skill" && i.name.toLocaleLowerCase() === learning) : undefined;
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
      ...(p.learnSkillName ? { learn: learnOf(p.learnSkillName, p.learnSkillType ?? "") } : {}),
    });
  }
  if (!ownsOne) return refusal("GOLDHACK.Group.Error.NotParticipant");
  const made = createGroup({ ...request, reading: hinderingReading(), alternative: simpleAssist(), parts });
  if (!made.ok) return { ok: false, problem: made.problem };
  const message = await ChatMessage.implementation.create({ type: "group", system: made.state as unknown as Record<string, unknown>, content: "" } as ChatMessage.CreateData);
  return message ? { ok: true, data: { messageId: message.id } } : refusal("GOLDHACK.Chat.Error.Unknown");
}
