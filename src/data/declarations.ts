/** Tells fvtt-types which `system` models goldhack registers (the document classes: src/documents/declarations.ts). */
import type { GoldHackCharacterData } from "./actor/character";
import type { GoldHackNpcData } from "./actor/npc";
import type { GoldHackFalloutData } from "./item/fallout";
import type { GoldHackLifepathData } from "./item/lifepath";
import type { GoldHackSkillData } from "./item/skill";
import type { GoldHackTraitData } from "./item/trait";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      character: typeof GoldHackCharacterData;
      npc: typeof GoldHackNpcData;
    };
    Item: {
      skill: typeof GoldHackSkillData;
      trait: typeof GoldHackTraitData;
      fallout: typeof GoldHackFalloutData;
      lifepath: typeof GoldHackLifepathData;
    };
  }
}
