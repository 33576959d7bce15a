import type { MessageMode } from "../compat";
/**
 * The contract between the test dialog, the actor and the roll: what a player
 * chose before the dice hit the table. Types only; the rules decide what it means.
 */

/** Where a Test's dice come from. */
export type TestKind = "skill" | "potential" | "recovery";

/** One labelled source of +D or +Ob, shown in the pool breakdown on dialog and card. */
export interface PoolModifier {
  kind: "trait-help" | "trait-hinder" | "fallout" | "linked" | "bonus" | "penalty";
  /** What the player sees: the trait or fallout name, or a localisation key for the others. */
  label: string;
  /** Dice added (beneficial trait, linked extra hits, bonus). */
  dice: number;
  /** Ob added after doubling (harmful trait, fallout rating, linked leftover Ob, penalty). */
  ob: number;
  /** The item or message it came from, if any. */
  sourceId?: string;
}

/** What opens a test dialog: from a skill, from Potential, from a macro, a linked test or a GM's request. */
export interface TestRequest {
  /** A skill's id; null for Potential; undefined lets the player choose in the dialog. */
  skillId?: string | null;
  kind?: TestKind;
  /** Base Ob before doubling; defaults to 1 (or the targeted NPC's Ob). */
  ob?: number;
  /** Untrained: the skill this Potential test may teach. */
  learnSkillName?: string;
  /** Untrained: the Type (a CONFIG.GOLDHACK.skillTypes key) the dialog opens with for the Skill to learn. */
  learnSkillType?: string;
  /** Recovery tests: the Fallout being recovered from. */
  falloutId?: string;
  /** A linked test carried in from an earlier card. */
  linked?: { bonusDice: number; obPenalty: number; sourceMessageId?: string };
  /** Fields a GM's request locked. */
  locked?: { skill?: boolean; ob?: boolean };
  intent?: string;
  task?: string;
  consequence?: string;
  /** The request card this test answers, if any. */
  requestId?: string;
}

/** What the dialog returns and the roll carries in its options: enough to roll and to re-render the card. */
export interface TestChoice {
  kind: TestKind;
  actorUuid: string;
  /** null when testing Potential. */
  skillId: string | null;
  /** Display name: the skill's name, or the localised "Potential". */
  skillName: string;
  learnSkillName?: string;
  /** Untrained: the Type (a CONFIG.GOLDHACK.skillTypes key) the learned Skill gets; Expertise when unset. */
  learnSkillType?: string;
  falloutId?: string;
  /** The skill's rating; 0 when untrained. For recovery, the Potential rolled. */
  rating: number;
  potential: number;
  /** Base Ob, before doubling for untrained tests. */
  ob: number;
  magic: boolean;
  /** Persona spent before the roll, 0–3. */
  persona: number;
  modifiers: PoolModifier[];
  intent?: string;
  task?: string;
  consequence?: string;
  requestId?: string;
  /** The group card this Test is a part of: its Fallout is offered there, for the group's Intent, not on this card. */
  groupId?: string;
  /**
   * The group card decides this Test's verdict and writes its log (the alternative hindering: "Only the roll with
   * the most hits succeeds"); the card shows no Passed or Failed of its own and logs nothing itself.
   */
  groupLog?: boolean;
  /** Who sees the card, as picked in the dialog's footer; the chat controls' mode when unset. */
  messageMode?: MessageMode;
}
