import { registerDataModels } from "../data/register";
import { GoldHackActor } from "./actor";
import { GoldHackItem } from "./item";

/**
 * Registers goldhack's documents at init: the `system` data models, GoldHackActor and GoldHackItem as
 * the classes Foundry builds actors and items with. (The hotbar drop is a hook: hooks/hotbar-drop.ts.)
 */
export function registerDocuments(): void {
  registerDataModels();
  CONFIG.Actor.documentClass = GoldHackActor;
  CONFIG.Item.documentClass = GoldHackItem;
}
