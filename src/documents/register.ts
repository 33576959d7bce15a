import { registerDataModels } from "../data/register";
import { onHotbarDrop } from "../hooks/hotbar-drop";
import { GoldHackActor } from "./actor";
import { GoldHackItem } from "./item";
import { setRetired } from "./retire";

/**
 * Registers goldhack's documents at init: the `system` data models, GoldHackActor and GoldHackItem as
 * the classes Foundry builds actors and items with, the hotbar drop that turns a skill into a macro, and
 * `game.goldhack.retireCharacter` (the GM's Retire).
 */
export function registerDocuments(): void {
  registerDataModels();
  CONFIG.Actor.documentClass = GoldHackActor;
  CONFIG.Item.documentClass = GoldHackItem;
  Hooks.on("hotbarDrop", onHotbarDrop);
  if (game) game.goldhack = Object.assign(game.goldhack ?? ({} as GoldHackApi), { retireCharacter: setRetired });
}
