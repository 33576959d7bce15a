import { registerDataModels } from "../data/register";
import { GoldHackActor } from "./actor";
import { GoldHackItem } from "./item";
import { setRetired } from "./retire";

/**
 * Registers goldhack's documents at init: the `system` data models, GoldHackActor and GoldHackItem as
 * the classes Foundry builds actors and items with, and `game.goldhack.retireCharacter` (the GM's Retire).
 * (The hotbar drop is a hook: hooks/hotbar-drop.ts.)
 */
export function registerDocuments(): void {
  registerDataModels();
  CONFIG.Actor.documentClass = GoldHackActor;
  CONFIG.Item.documentClass = GoldHackItem;
  if (game) game.goldhack = Object.assign(game.goldhack ?? ({} as GoldHackApi), { retireCharacter: setRetired });
}
