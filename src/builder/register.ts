import { lazyModule } from "../channel";
import type { CheckedProblem } from "./check-character";
import { reported } from "../safe-hook";

/** The builder's entry points (builder-api.ts) and, behind them, its window: loaded on first use. */
const builderApi = lazyModule(() => import("./builder-api"));

/** The builder's part of `game.goldhack`; each call loads the builder's code the first time. */
export const BUILDER_API = {
  buildCharacter: async (actor: Actor.Implementation | null = null, options: { seed?: number } = {}): Promise<unknown> => (await builderApi()).buildCharacter(actor, options),
  viewCharacterDraft: async (user: User.Implementation, actor: Actor.Implementation | null = null): Promise<unknown> => (await builderApi()).viewCharacterDraft(user, actor),
  checkCharacter: async (actor: Actor.Implementation): Promise<CheckedProblem[]> => (await builderApi()).checkActor(actor),
  showCharacterCheck: async (actor: Actor.Implementation): Promise<CheckedProblem[]> => (await builderApi()).showCharacterCheck(actor),
};

/**
 * Registers the builder at init: `game.goldhack.buildCharacter` and friends, and the offer to open it
 * after a character is created empty (renderActorSheet is not used: the offer comes once, on creation).
 * The offer's code loads only for the user who created an empty character she owns (offerBuilder checks again).
 */
export function registerBuilder(): void {
  Hooks.on("createActor", (actor, _options, userId) => {
    if (userId !== game.user?.id || actor.type !== "character" || actor.items.size > 0) return;
    void builderApi()
      .then((m) => m.offerBuilder(actor as Actor.Implementation, userId))
      .catch(reported("builder offer failed"));
  });
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, BUILDER_API) as GoldHackApi;
}
