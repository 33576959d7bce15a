import { readFileSync } from "node:fs";
import { type LangTree, StandInI18n as StandInI18nCore } from "./i18n-core";

/** Reads one of our language files from lang/. */
export function readLang(lang: "en" | "es"): LangTree {
  return JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8"));
}

/** The i18n stand-in loaded from our real lang/<lang>.json. */
export class StandInI18n extends StandInI18nCore {
  constructor(lang: "en" | "es") {
    super(lang, readLang(lang));
  }
}
