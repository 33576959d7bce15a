/**
 * The two i18n calls our helpers, contexts and windows need, and game.i18n in that shape. On the wire
 * floor (docs/development.md › The layers) so every floor above, records and procedures included, can
 * take them without reaching up into the sheets.
 */

/** The two i18n calls our helpers need; Foundry passes game.i18n, tests and the preview their own. */
export interface HelperI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
  /** Whether the language files have this key (game.i18n.has); plural forms use it to pick a category. */
  has?(key: string): boolean;
  /** The user's language ("en", "es"...): picks the rules journal links point to. English when absent. */
  readonly lang?: string;
}

/**
 * game.i18n as our helpers and views call it. Foundry's `format` is typed for string values only, so
 * numbers are written out here rather than cast.
 */
export function gameI18n(): HelperI18n {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
    has: (key) => game.i18n?.has(key) ?? false,
    get lang() {
      return game.i18n?.lang ?? "en";
    },
  };
}
