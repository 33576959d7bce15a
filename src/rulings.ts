/**
 * Where the system reads the SRD one way among several, the rules journals' page "How this system reads
 * the rules" (es: "Cómo lee las reglas este sistema") says so, one heading per ruling, marked
 * `data-ruling="<id>"`. This map gives each ruling's page UUID per language, for links from the UI where
 * the ruling bites. Each id is also named in a `// Ruling: <id> (rules journal)` comment next to the code
 * that implements it (tests/packs/rulings.test.ts checks both). Pure: no Foundry globals.
 */

/** The rules journal entry and the rulings page inside it (the same ids in every language). */
export const RULES_JOURNAL_ID = "jerulesreference";
export const RULINGS_PAGE_ID = "jphowthissystemr";

/** The languages with a rules journal; any other falls back to English. */
export const RULINGS_LANGS = ["en", "es"] as const;
export type RulingsLang = (typeof RULINGS_LANGS)[number];

/** Every ruling on the page, in page order. */
export const RULING_IDS = [
  "ruling-logs-reset",
  "ruling-one-fate",
  "ruling-six-not-rerolled",
  "ruling-treater-help",
  "ruling-recovery-worsens",
  "ruling-scene-memory",
  "ruling-hindering",
  "ruling-untrained-magic",
  "ruling-reward-majority",
  "ruling-rating-cap",
  "ruling-hindering-tie",
  "ruling-award-conflicts",
  "ruling-failed-at-least",
  "ruling-permanent-fallout",
  "ruling-time-units",
  "ruling-aging-caps",
  "ruling-trait-vote",
  "ruling-srd-differences",
] as const;
export type RulingId = (typeof RULING_IDS)[number];

/** The UUID of the rulings page in one language's rules journal. */
export function rulingsPageUuid(lang: RulingsLang): string {
  return `Compendium.goldhack.rules-${lang}.JournalEntry.${RULES_JOURNAL_ID}.JournalEntryPage.${RULINGS_PAGE_ID}`;
}

/** Ruling id → the rulings page's UUID per language. */
export const RULINGS: Readonly<Record<RulingId, Readonly<Record<RulingsLang, string>>>> = Object.freeze(
  Object.fromEntries(RULING_IDS.map((id) => [id, Object.freeze({ en: rulingsPageUuid("en"), es: rulingsPageUuid("es") })])) as Record<
    RulingId,
    Readonly<Record<RulingsLang, string>>
  >,
);

const isRulingsLang = (lang: string): lang is RulingsLang => (RULINGS_LANGS as readonly string[]).includes(lang);

/** The page UUID explaining a ruling, in the user's language ("es", "es-AR"...), English otherwise. */
export function rulingUuid(id: RulingId, lang: string): string {
  const base = lang.toLowerCase().split(/[-_]/)[0] ?? "";
  return RULINGS[id][isRulingsLang(base) ? base : "en"];
}
