import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { registerFoundryHelpers } from "./handlebars-core";
import { StandInI18n } from "./i18n";

/**
 * The real handlebars library with stand-ins for Foundry's simple helpers and
 * our own helpers (see handlebars-core.ts), reading our real language files.
 */
export function createHandlebars(lang: "en" | "es"): { hbs: typeof Handlebars; i18n: StandInI18n } {
  const hbs = Handlebars.create();
  const i18n = new StandInI18n(lang);
  registerFoundryHelpers(hbs, i18n);
  return { hbs, i18n };
}

/** Compiles one of our templates from templates/ with the given environment. */
export function compileTemplate(hbs: typeof Handlebars, path: string): Handlebars.TemplateDelegate {
  return hbs.compile(readFileSync(new URL(`../../templates/${path}`, import.meta.url), "utf8"), { strict: false });
}
