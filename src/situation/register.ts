import { SYSTEM_ID } from "../constants";
import { GoldHackSituationData } from "../data/journal-entry-page/situation";
import { GoldHackSituationSheet } from "./situation-sheet";
import { registerSituationSettings } from "./situation-settings";
import "./declarations";

/** Registers the `situation` page type at init: its data model, its sheet (the default for it) and the current-Situation setting. */
export function registerSituation(): void {
  Object.assign(CONFIG.JournalEntryPage.dataModels, { situation: GoldHackSituationData });
  foundry.applications.apps.DocumentSheetConfig.registerSheet(JournalEntryPage, SYSTEM_ID, GoldHackSituationSheet, {
    types: ["situation"],
    makeDefault: true,
    label: "GOLDHACK.Situation.SheetLabel",
  });
  registerSituationSettings();
}
