import { systemPath } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { registerGoldHackHelpers } from "./handlebars-helpers";
import { settle } from "../safe-hook";

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
  settle(foundry.applications.handlebars.loadTemplates([...PRELOAD_TEMPLATES]), "loading the templates");
}

