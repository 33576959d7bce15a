/** Tells fvtt-types about the Situation page type and its setting. */
import type { GoldHackSituationData } from "../data/journal-entry-page/situation";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    JournalEntryPage: {
      situation: typeof GoldHackSituationData;
    };
  }

  interface SettingConfig {
    /** The uuid of the world's current Situation page ("" for none). */
    "goldhack.currentSituation": string;
  }
}
