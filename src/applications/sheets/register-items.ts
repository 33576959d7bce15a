import { SYSTEM_ID } from "../../constants";
import { ITEM_SHEET_TYPES } from "./item-context";
import { GoldHackItemSheet } from "./item-sheet";

/**
 * Makes our sheet the default for every goldhack item type, and retires Foundry's generic v1 item sheet,
 * which knows nothing of Skills, Traits, Fallout or Lifepaths. Called from init.
 */
export function registerItemSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, GoldHackItemSheet, {
    types: [...ITEM_SHEET_TYPES],
    makeDefault: true,
    label: "GOLDHACK.ItemSheet.SheetLabel",
  });
}
