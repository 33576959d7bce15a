/**
 * What the test dialog reads (the actor, a target) and what the player picked, as types only. Their own
 * file, so the state and the selections both import them without importing each other.
 */

/** A Skill as the dialog needs it. */
export interface SkillSnapshot {
  id: string;
  name: string;
  /** Its Type's key in CONFIG.GOLDHACK.skillTypes. */
  type: string;
  rating: number;
  magic: boolean;
}

export interface TraitSnapshot {
  id: string;
  name: string;
}

export interface FalloutSnapshot {
  id: string;
  name: string;
  rating: number;
  permanent: boolean;
}

/** The part of a character the dialog reads; the dialog class builds it from the actor. */
export interface ActorSnapshot {
  uuid: string;
  skills: readonly SkillSnapshot[];
  traits: readonly TraitSnapshot[];
  fallouts: readonly FalloutSnapshot[];
  potential: number;
  /** Persona points the character has left. */
  persona: number;
}

/** A targeted token's actor, as far as the default Ob cares. */
export interface TargetSnapshot {
  type: string;
  ob: unknown;
}

/** How one Trait bears on this Test. SRD: Alterations › My Traits Apply! */
export type TraitUse = "none" | "helps" | "hinders";

/** What the player has picked, numbers kept as typed so a bad entry can be pointed out rather than coerced. */
export interface TestSelections {
  /** A skill id or POTENTIAL_CHOICE. */
  skill: string;
  learnSkillName: string;
  /** The Type (a skill type key) the Skill to learn gets; only read when a name is given. */
  learnSkillType: string;
  ob: string;
  traits: Readonly<Record<string, TraitUse>>;
  /** Fallout id → it affects this Task. */
  fallouts: Readonly<Record<string, boolean>>;
  linkedDice: string;
  linkedOb: string;
  persona: string;
  intent: string;
  task: string;
  consequence: string;
}
