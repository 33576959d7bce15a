import { BUILDER_API, offerBuilder } from "./builder-api";

/**
 * Registers the builder at init: `game.goldhack.buildCharacter` and friends, and the offer to open it
 * after a character is created empty (renderActorSheet is not used: the offer comes once, on creation).
 */
export function registerBuilder(): void {
  Hooks.on("createActor", (actor, _options, userId) => void offerBuilder(actor as Actor.Implementation, userId));
  if (game) game.goldhack = Object.assign(game.goldhack ?? {}, BUILDER_API) as GoldHackApi;
}
