/**
 * Which Skill a request names, for one actor or several: the GM picks a Skill by name, each actor tests
 * their own Skill of that name, or Potential when they lack it. Pure.
 * SRD: Tests › 2) Choosing The Skill & The Obstacle; I Don't Have The Skill!
 */
import { foldDeclaredText } from "../rules";
import type { RequestedSkill } from "./request-state";

/** The form value that stands for Potential; "@" never starts a Skill name the GM could pick. */
export const REQUEST_POTENTIAL = "@potential";

/** A Skill as a request reads it from an actor. */
export interface NamedSkill {
  id: string;
  name: string;
  /** Its Type (a CONFIG.GOLDHACK.skillTypes key), when known: what an actor lacking it would learn it as. */
  type?: string;
}

/** The Skill names the GM can pick for these actors: every name any of them has, once, sorted. */
export function requestSkillNames(actors: readonly { skills: readonly NamedSkill[] }[], locale?: string): string[] {
  const byFold = new Map<string, string>();
  for (const actor of actors) {
    for (const skill of actor.skills) {
      const name = skill.name.trim();
      const fold = foldDeclaredText(name);
      if (fold && !byFold.has(fold)) byFold.set(fold, name);
    }
  }
  return [...byFold.values()].sort((a, b) => a.localeCompare(b, locale));
}

/**
 * What one actor tests for the GM's pick: their Skill of that name (case and accents ignored), or
 * Potential to learn it when they lack it; REQUEST_POTENTIAL is plain Potential.
 */
export function resolveRequestedSkill(skills: readonly NamedSkill[], pick: string, learnType?: string): RequestedSkill {
  if (pick === REQUEST_POTENTIAL) return { kind: "potential", id: null, name: "" };
  const fold = foldDeclaredText(pick);
  const skill = fold ? skills.find((s) => foldDeclaredText(s.name) === fold) : undefined;
  if (skill) return { kind: "skill", id: skill.id, name: skill.name };
  return { kind: "potential", id: null, name: pick.trim(), ...(learnType ? { type: learnType } : {}) };
}

/** The Type of the Skill of this name among these actors (the first that has one), for those who would learn it. */
export function requestedSkillType(actors: readonly { skills: readonly NamedSkill[] }[], pick: string): string | undefined {
  const fold = foldDeclaredText(pick);
  if (!fold || pick === REQUEST_POTENTIAL) return undefined;
  for (const actor of actors) {
    const type = actor.skills.find((s) => foldDeclaredText(s.name) === fold && s.type)?.type;
    if (type) return type;
  }
  return undefined;
}
