import type { HelperI18n } from "../../src/i18n/i18n";

/** A language file's tree of keys. */
export type LangTree = { [key: string]: string | LangTree };

/**
 * A stand-in for game.i18n over one of our language trees: `localize` returns
 * the key itself when missing (as Foundry does), `format` fills {placeholders}.
 * No Node imports: the preview page uses it in the browser too.
 */
export class StandInI18n implements HelperI18n {
  readonly lang: string;
  readonly #tree: LangTree;
  /** Keys asked for that the file does not have: tests assert this stays empty. */
  readonly missing = new Set<string>();

  constructor(lang: string, tree: LangTree) {
    this.lang = lang;
    this.#tree = tree;
  }

  /** The loaded strings, as Foundry's `game.i18n.translations`: a mutable tree code may add to. */
  get translations(): LangTree {
    return this.#tree;
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

  #lookup(key: string): string | LangTree | undefined {
    let node: string | LangTree | undefined = this.#tree;
    for (const part of key.split(".")) {
      if (!node || typeof node === "string") return undefined;
      node = node[part];
    }
    return node;
  }
}
