/**
 * Where group Tests start: `game.goldhack.startGroupTest(actors)` (selected tokens from the Token
 * controls, a character sheet's button, a GM's request), which opens the start dialog and asks the GM's
 * client to post the card. Refusals are localised warnings.
 */
import { warn } from "../documents/notify";
import { isRetired } from "../data/actor/character";
import { defaultSkillType } from "../data/defaults";
import { GoldHackSkillData } from "../data/item/skill";
import type { GroupFormActor, GroupPrefill } from "./group-form";
import { postGroupTest } from "./group-post";
import { hinderingReading, simpleAssist } from "./group-settings";

/** What the dialog needs of an actor. */
export function formActor(actor: Actor.Implementation): GroupFormActor {
  const skills = actor.items.contents.flatMap((item) => {
    const system = item.system;
    return system instanceof GoldHackSkillData ? [{ id: item.id ?? "", name: item.name, rating: system.rating, magic: system.magic === true }] : [];
  });
  return { uuid: actor.uuid ?? "", name: actor.name, potential: actor.potential, skills };
}

/**
 * Opens the start dialog for these actors and the selected tokens' (each once) and posts the card; null
 * when cancelled or refused.
 */
export async function startGroupTest(actors: Actor.Implementation[] = [], prefill: GroupPrefill = {}): Promise<ChatMessage.Implementation | null> {
  const all = [...new Map([...actors, ...selectedActors()].map((a) => [a.uuid, a])).values()];
  // A retired character takes no part (its token may still be on the canvas). SRD: Aging Your Character
  for (const actor of all.filter(isRetired)) warn("GOLDHACK.Group.Error.Retired", { name: actor.name });
  const unique = all.filter((a) => !isRetired(a));
  if (unique.length === 0) {
    warn("GOLDHACK.Group.Error.NoTokens");
    return null;
  }
  const { GoldHackGroupDialog } = await import("./group-dialog");
  const types = Object.entries(CONFIG.GOLDHACK.skillTypes).map(([key, t]) => ({ key, label: game.i18n?.localize(t.label) ?? key, explodes: t.explodes }));
  // The default Type first (Expertise: "stuff not covered by other Types"), as the single Test's dialog.
  types.sort((a, b) => Number(b.key === defaultSkillType()) - Number(a.key === defaultSkillType()));
  const request = await GoldHackGroupDialog.prompt(unique.map(formActor), { reading: hinderingReading(), alternative: simpleAssist(), types }, prefill);
  if (!request) return null;
  const reply = await postGroupTest(request);
  if (!reply.ok) {
    warn(reply.problem.key, reply.problem.data);
    return null;
  }
  const id = (reply.data as { messageId?: string } | undefined)?.messageId ?? "";
  return game.messages?.get(id) ?? null;
}

/** The actors of the selected tokens on the canvas. */
export function selectedActors(): Actor.Implementation[] {
  const tokens = ((globalThis as { canvas?: { tokens?: { controlled?: unknown } } }).canvas?.tokens?.controlled ?? []) as { actor: Actor.Implementation | null }[];
  return tokens.flatMap((t) => (t.actor ? [t.actor] : []));
}
