import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
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
  // The partials a part declares (`templates`) are loaded by Foundry before it renders; here every partial is.
  for (const file of partialFiles()) hbs.registerPartial(`systems/goldhack/templates/${relative(TEMPLATES, file)}`, readFileSync(file, "utf8"));
  return { hbs, i18n };
}

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
let partials: string[] | null = null;
/** Every template in a `partials/` folder. */
function partialFiles(dir = TEMPLATES): string[] {
  if (dir === TEMPLATES && partials) return partials;
  const found = readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? partialFiles(join(dir, e.name)) : e.name.endsWith(".hbs") && dir.includes("/partials") ? [join(dir, e.name)] : []));
  if (dir === TEMPLATES) partials = found;
  return found;
}

/** Compiles one of our templates from templates/ with the given environment. */
export function compileTemplate(hbs: typeof Handlebars, path: string): Handlebars.TemplateDelegate {
  return hbs.compile(readFileSync(new URL(`../../templates/${path}`, import.meta.url), "utf8"), { strict: false });
}
