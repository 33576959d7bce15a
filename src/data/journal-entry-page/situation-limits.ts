// The Situation's limits without Foundry globals, so pure code (and the preview) can read them.
/** The kinds of main conflict the SRD names ("Intrigue, Struggle, Quest..."), plus any other. SRD: Gameplay: Situation */
export const CONFLICT_KINDS = Object.freeze(["intrigue", "struggle", "quest", "other"] as const);
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** The most powers a Situation lists: a place has a few, not dozens. */
export const MAX_POWERS = 12;
