import { GoldHackCharacterData } from "./actor/character";
import { GoldHackNpcData } from "./actor/npc";
import { GoldHackFalloutData } from "./item/fallout";
import { GoldHackLifepathData } from "./item/lifepath";
import { GoldHackSkillData } from "./item/skill";
import { GoldHackTraitData } from "./item/trait";

/** The `system` model of each Actor type. */
export const ACTOR_MODELS = { character: GoldHackCharacterData, npc: GoldHackNpcData } as const;

/** The `system` model of each Item type. */
export const ITEM_MODELS = {
  skill: GoldHackSkillData,
  trait: GoldHackTraitData,
  fallout: GoldHackFalloutData,
  lifepath: GoldHackLifepathData,
} as const;

/** Registers our data models and the token bars (Fate and Persona, each out of Potential). Call at init. */
export function registerDataModels(): void {
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["fate", "persona"], value: [] },
    npc: { bar: [], value: ["potential", "ob"] },
  };
}
