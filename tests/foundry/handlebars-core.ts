import type Handlebars from "handlebars";
import { registerGoldHackHelpers } from "../../src/applications/handlebars-helpers";
import { createConfig } from "../../src/config";
import type { StandInI18n } from "./i18n-core";

/**
 * Registers, on a real Handlebars environment, stand-ins for the few simple
 * helpers Foundry itself provides (localize, selectOptions, checked, disabled,
 * numberFormat) and our own helpers exactly as Foundry registers them.
 * No Node imports: the preview page uses it in the browser too.
 */
export function registerFoundryHelpers(hbs: typeof Handlebars, i18n: StandInI18n): void {
  const escape = hbs.Utils.escapeExpression;

  hbs.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => {
    const data = (options?.hash ?? {}) as Record<string, string | number>;
    return Object.keys(data).length ? i18n.format(key, data) : i18n.localize(key);
  });
  hbs.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hbs.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));
  hbs.registerHelper("numberFormat", (value: unknown, options: Handlebars.HelperOptions) => {
    const { decimals = 0, sign = false } = (options?.hash ?? {}) as { decimals?: number; sign?: boolean };
    const n = Number(value);
    const text = n.toLocaleString(i18n.lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    return sign && n > 0 ? `+${text}` : text;
  });
  hbs.registerHelper(
    "selectOptions",
    (choices: Record<string, string> | { value: string; label: string }[], options: Handlebars.HelperOptions) => {
      const { selected, localize = false, blank } = (options?.hash ?? {}) as { selected?: unknown; localize?: boolean; blank?: string };
      const entries = Array.isArray(choices) ? choices.map((c) => [c.value, c.label] as const) : Object.entries(choices);
      const label = (text: string): string => escape(localize ? i18n.localize(text) : text);
      const html = [
        ...(blank !== undefined ? [`<option value="">${label(blank)}</option>`] : []),
        ...entries.map(
          ([value, text]) =>
            `<option value="${escape(String(value))}"${String(value) === String(selected) ? " selected" : ""}>${label(String(text))}</option>`,
        ),
      ];
      return new hbs.SafeString(html.join(""));
    },
  );

  registerGoldHackHelpers(hbs, i18n, createConfig().obGrades);
}
