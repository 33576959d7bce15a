import { GoldHackLifepathData } from "../../data/item/lifepath";
import { gameI18n } from "../../i18n/i18n";
import { GoldHackCharacterSheet } from "./character-sheet";
import { GoldHackNpcSheet } from "./npc-sheet";

/** The uuid a drop carries, if any. */
const dropUuid = (data: unknown): string | null => {
  const uuid = typeof data === "object" && data !== null ? (data as { uuid?: unknown }).uuid : undefined;
  return typeof uuid === "string" ? uuid : null;
};

/**
 * Foundry's dropActorSheetData hook, which runs before ActorSheetV2's own drop handling (that handling,
 * which creates the dropped Item, is kept as is). A Lifepath dropped on an NPC is refused; one dropped on
 * a character from outside it also gets its free Skill (see GoldHackCharacterSheet.grantFreeSkill).
 * SRD: Characters › Lifepaths
 */
export function onDropActorSheetData(actor: Actor.Implementation, sheet: unknown, data: unknown): boolean | undefined {
  if (!(sheet instanceof GoldHackCharacterSheet || sheet instanceof GoldHackNpcSheet)) return undefined;
  const uuid = dropUuid(data);
  if ((data as { type?: unknown } | null)?.type !== "Item" || !uuid) return undefined;
  // Compendium index entries and world items both carry their type without loading the document.
  const entry = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as { type?: unknown; parent?: { uuid?: unknown } | null } | null;
  if (entry?.type !== "lifepath") return undefined;
  if (sheet instanceof GoldHackNpcSheet) {
    ui.notifications?.warn(gameI18n().localize("GOLDHACK.Sheet.Npc.NoLifepaths"));
    return false;
  }
  if (entry.parent?.uuid === actor.uuid || !sheet.isEditable) return undefined;
  void (async () => {
    const item = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
    if (item instanceof Item && item.system instanceof GoldHackLifepathData) await sheet.grantFreeSkill({ name: item.name, skillTypes: item.system.skillTypes });
  })();
  return undefined;
}
