import { SKILL_TYPES } from "../../src/rules/chart";

/** The Item packs this suite checks in depth: their base name, Item type and id prefix. */
export const ITEM_PACKS = {
  lifepaths: { type: "lifepath", prefix: "lp" },
  skills: { type: "skill", prefix: "sk" },
  traits: { type: "trait", prefix: "tr" },
  fallout: { type: "fallout", prefix: "fa" },
} as const;
export type ItemPackBase = keyof typeof ITEM_PACKS;
export const ITEM_PACK_BASES = Object.keys(ITEM_PACKS) as ItemPackBase[];
export const LANGUAGES = ["en", "es"] as const;

/**
 * The id rule other packs link by: prefix + the English name in lower-case a-z0-9,
 * cut to 14 characters, padded with "0" to 16. "Swords" → "skswords00000000".
 */
export function itemId(prefix: string, englishName: string): string {
  return (prefix + englishName.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 14)).padEnd(16, "0");
}

/** Type keys a skill or lifepath may name: the SRD's eight. */
export const SKILL_TYPE_KEYS: readonly string[] = SKILL_TYPES;

/** Core icons known to ship with Foundry v13 (status-effect and default document icons). */
export const CORE_ICONS: ReadonlySet<string> = new Set(
  ["book", "sword", "aura", "daze", "blood", "skull", "upgrade", "downgrade", "statue", "mystery-man", "item-bag", "sleep", "fire", "degen", "biohazard", "blind", "eye", "wingfoot"].map(
    (name) => `icons/svg/${name}.svg`,
  ),
);

/** The credit line each document carries in flags.goldhack.credit, per language. */
export const CREDIT = {
  en: "Based on The Gold Hack by Martín Van Houtte and Rúnica Games, CC BY-SA 4.0",
  es: "Basado en El Hack Dorado de Martín Van Houtte y Rúnica Games, CC BY-SA 4.0",
} as const;

/**
 * The SRD's required credit sentence, word for word, per language (SRD en line 15 and es line 15,
 * after "To give proper credit, add the following after your own license" / «Para dar el debido
 * crédito, agregá lo siguiente luego de tu propia licencia»).
 */
export const SRD_CREDIT = {
  en: "This work is based on The Gold Hack (https://runicagames.itch.io/the-gold-hack), a product by Martín Van Houtte and Rúnica Games, and licensed for our use under the Creative Commons Attribution 4.0 (CC-BY-SA) License (https://creativecommons.org/licenses/by-sa/4.0/).",
  es: "Este trabajo está basado en El Hack Dorado (https://runicagames.itch.io/the-gold-hack), producto de Martín Van Houtte y Rúnica Games, y licenciado para nuestro uso bajo la licencia Creative Commons Atribución 4.0 (CC-BY-SA) (https://creativecommons.org/licenses/by-sa/4.0/).",
} as const;
