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

/** The world's Skills (of world actors and the world's Items) that `keep` accepts, as documents Foundry could build. */
function collectSkills(keep: (item: ItemLike) => boolean): WorldSkill[] {
  const out: WorldSkill[] = [];
  for (const item of (game.items?.contents ?? []) as unknown as ItemLike[]) if (item.type === "skill" && keep(item)) out.push(placed(item, ""));
  for (const actor of game.actors?.contents ?? []) {
    for (const item of actor.items.contents as unknown as ItemLike[]) if (item.type === "skill" && keep(item)) out.push(placed(item, actor.name));
  }
  return out;
}

/** Every Skill of world actors and the world's Items, as documents Foundry could build. */
export function worldSkills(): WorldSkill[] {
  return collectSkills(() => true);
}

/**
 * The world's Skills whose Type is not one of `types` (default: the hack in force's). Runs at every GM's ready
 * over every Skill in the world, so it looks at each Skill's Type before building anything for it.
 */
export function worldSkillsToReassign(types: readonly string[] = Object.keys(CONFIG.GOLDHACK.skillTypes)): WorldSkill[] {
  const known = new Set(types);
  return skillsToReassign(
    collectSkills((item) => !known.has(skillTypeOf(item))),
    types,
  );
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
