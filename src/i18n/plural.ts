/**
 * Plural forms for every count a player reads ("1 hit", "2 hits"; «1 acierto», «2 aciertos»).
 *
 * A counted string is a language-file object whose keys are CLDR plural categories, at least "one" and
 * "other": `"Hits": { "one": "{count} hit", "other": "{count} hits" }`. Foundry loads nested objects in a
 * language file as dotted keys, so `GOLDHACK.Group.Card.Hits.one` is an ordinary string key; we pick the
 * category with `Intl.PluralRules` for the user's language and ask game.i18n for that leaf only. Nothing
 * ever asks for the object itself, which Foundry would not turn into text (docs/foundry-facts.md ›
 * Plural forms in language files).
 */
import type { HelperI18n } from "./i18n";

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR category of `count` in `lang` ("one", "other"; "many" for a Spanish million). */
export function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  return rule.select(count);
}

/**
 * The leaf key for `count`: `${key}.${category}` when the language file has that category, else
 * `${key}.other` (our files give "one" and "other"; a Spanish 1 000 000 is "many" and reads "other").
 */
export function pluralKey(i18n: HelperI18n, key: string, count: number): string {
  const category = pluralCategory(i18n.lang ?? "en", count);
  if (category === "other") return `${key}.other`;
  const exact = `${key}.${category}`;
  const known = i18n.has ? i18n.has(exact) : category === "one";
  return known ? exact : `${key}.other`;
}

/** A counted string filled in: `{count}` is the count, the other placeholders come from `data`. */
export function formatCount(i18n: HelperI18n, key: string, count: number, data: Record<string, string | number> = {}): string {
  return i18n.format(pluralKey(i18n, key, count), { ...data, count });
}

/** True when `key` is a counted string (an object with at least the "other" form). */
export function isCounted(i18n: HelperI18n, key: string): boolean {
  return i18n.has?.(`${key}.other`) === true;
}

/**
 * Any message by key and data, as problems and refusals carry them: a counted string picks its form by
 * `data.count`; a plain string is formatted as it is.
 */
export function formatMessage(i18n: HelperI18n, key: string, data: Readonly<Record<string, string | number>> = {}): string {
  const count = Number(data.count);
  if ("count" in data && Number.isFinite(count) && isCounted(i18n, key)) return formatCount(i18n, key, count, data);
  return i18n.format(key, { ...data });
}
