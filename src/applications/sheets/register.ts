import { SYSTEM_ID } from "../../constants";
import { GoldHackCharacterSheet } from "./character-sheet";
import { GoldHackNpcSheet } from "./npc-sheet";

/**
 * Makes our sheets the default for characters and NPCs, in place of Foundry's generic actor sheet. Call
 * at init. (Each sheet decides on a dropped Lifepath in its own `_onDropItem`: a free Skill on a
 * character, refused on an NPC.)
 */
export function registerActorSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, GoldHackCharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "GOLDHACK.Sheet.Labels.Character",
  });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, GoldHackNpcSheet, {
    types: ["npc"],
    makeDefault: true,
    label: "GOLDHACK.Sheet.Labels.Npc",
  });
}
