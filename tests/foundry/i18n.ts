import { readFileSync } from "node:fs";
import type { HelperI18n } from "../../src/applications/handlebars-helpers";

type Tree = { [key: string]: string | Tree };

/**
 * A stand-in for game.i18n reading our real language files: `localize` returns
 * the key itself when missing (as Foundry does), `format` fills {placeholders}.
 */
export class StandInI18n implements HelperI18n {
  readonly lang: string;
  readonly #tree: Tree;
  /** Keys asked for that the file does not have: tests assert this stays empty. */
  readonly missing = new Set<string>();

  constructor(lang: "en" | "es") {
    this.lang = lang;
    this.#tree = JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8"));
  }

  has(key: string): boolean {
    return typeof this.#lookup(key) === "string";
  }

  localize(key: string): string {
    const value = this.#lookup(key);
    if (typeof value === "string") return value;
    this.missing.add(key);
    return key;
  }

  format(key: string, data: Record<string, string | number> = {}): string {
    return this.localize(key).replace(/{([^}]+)}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
  }

  #lookup(key: string): string | Tree | undefined {
    let node: string | Tree | undefined = this.#tree;
    for (const part of key.split(".")) {
      if (!node || typeof node === "string") return undefined;
      node = node[part];
    }
    return node;
  }
}
