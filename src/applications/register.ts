import { systemPath } from "../constants";
import { registerGoldHackHelpers, type HelperI18n } from "./handlebars-helpers";

/**
 * game.i18n as our helpers and views call it. Foundry's `format` is typed for string values only, so
 * numbers are written out here rather than cast.
 */
export function gameI18n(): HelperI18n {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
    get lang() {
      return game.i18n?.lang ?? "en";
    },
  };
}

/** The test dialog's parts. */
export const TEST_DIALOG_TEMPLATES = Object.freeze({
  form: systemPath("templates/dialogs/test-dialog.hbs"),
  summary: systemPath("templates/dialogs/test-dialog-summary.hbs"),
  footer: systemPath("templates/dialogs/test-dialog-footer.hbs"),
});

/** Every template to load at init, so the first render does not wait on the server. */
export const PRELOAD_TEMPLATES: readonly string[] = Object.freeze([...Object.values(TEST_DIALOG_TEMPLATES)]);

/** Registers our Handlebars helpers on Foundry's Handlebars and preloads our templates. Called from init. */
export function registerHandlebars(): void {
  registerGoldHackHelpers(Handlebars, gameI18n(), CONFIG.GOLDHACK.obGrades);
  void foundry.applications.handlebars.loadTemplates([...PRELOAD_TEMPLATES]);
}
