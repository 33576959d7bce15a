/**
 * Changing a world's hack migrates nothing silently: Skills whose Type the hack in force does not have
 * are listed for the GM, who picks a new Type for each (or leaves it). Nothing is changed until the GM asks.
 */
import { type PlacedSkill, skillsToReassign } from "../rules";

/** A Skill in the world with the document to update it through. */
export interface WorldSkill extends PlacedSkill {
  /** Writes a new Type. */
  reassign(type: string): Promise<unknown>;
}

interface ItemLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
}

const skillTypeOf = (item: ItemLike): string => String((item.system as { skillType?: unknown }).skillType ?? "");

function placed(item: ItemLike, owner: string): WorldSkill {
  return { id: item.id ?? "", name: item.name, type: skillTypeOf(item), owner, reassign: (type) => item.update({ "system.skillType": type }) };
}

/** Every Skill of world actors and the world's Items, as documents Foundry could build. */
export function worldSkills(): WorldSkill[] {
  const out: WorldSkill[] = [];
  for (const item of (game.items?.contents ?? []) as unknown as ItemLike[]) if (item.type === "skill") out.push(placed(item, ""));
  for (const actor of game.actors?.contents ?? []) {
    for (const item of actor.items.contents as unknown as ItemLike[]) if (item.type === "skill") out.push(placed(item, actor.name));
  }
  return out;
}

/** The world's Skills whose Type is not one of `types` (default: the hack in force's). */
export function worldSkillsToReassign(types: readonly string[] = Object.keys(CONFIG.GOLDHACK.skillTypes)): WorldSkill[] {
  return skillsToReassign(worldSkills(), types);
}

/** Writes the Types the GM picked (skill id → Type); returns how many were written. Unpicked Skills stay. */
export async function reassignSkills(skills: readonly WorldSkill[], picks: Readonly<Record<string, string>>, types: readonly string[]): Promise<number> {
  let written = 0;
  for (const skill of skills) {
    const type = picks[skill.id];
    if (!type || !types.includes(type) || type === skill.type) continue;
    await skill.reassign(type);
    written += 1;
  }
  return written;
}
