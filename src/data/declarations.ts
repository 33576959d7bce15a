/** Tells fvtt-types which `system` models and document classes goldhack registers. */
import type { GoldHackActor } from "../documents/actor";
import type { GoldHackItem } from "../documents/item";
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

  interface DocumentClassConfig {
    Actor: typeof GoldHackActor;
    Item: typeof GoldHackItem;
  }
}

declare global {
  interface GoldHackApi {
    /** GM: retires a character (false: back in play); it leaves votes, group Tests and downtime. See src/documents/retire.ts. */
    retireCharacter?(actor: Actor.Implementation, retired?: boolean): Promise<boolean>;
  }
}
