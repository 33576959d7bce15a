/** Tells fvtt-types about the builder's flags and API. */
import type { CheckedProblem } from "./check-character";

declare global {
  interface GoldHackActorFlags {
    /** A builder draft in progress (see builder-state.ts); read through readDraft, never trusted. */
    builderDraft?: unknown;
  }

  interface GoldHackUserFlags {
    builderDraft?: unknown;
  }

  interface GoldHackApi {
    /** Opens the character builder for an empty character, or for a new one when no actor is given. */
    buildCharacter?(actor?: Actor.Implementation | null, options?: { seed?: number }): Promise<unknown>;
    /** GM: opens a player's draft read-only. */
    viewCharacterDraft?(user: User.Implementation, actor?: Actor.Implementation | null): Promise<unknown>;
    /** Runs the creation rules on a character and lists each problem with the builder step that fixes it. */
    checkCharacter?(actor: Actor.Implementation): Promise<CheckedProblem[]>;
    /** Check character: shows each problem of the character with the builder step that fixes it. */
    showCharacterCheck?(actor: Actor.Implementation): Promise<CheckedProblem[]>;
  }
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    User: { goldhack: GoldHackUserFlags };
  }
}
