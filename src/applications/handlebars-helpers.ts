import type { HelperDelegate } from "handlebars";
import type { HelperI18n } from "../i18n/i18n";
import { formatCount } from "../i18n/plural";
import { isRuleTopic, ruleAnchor, rulePageUuid, ruleTipKey } from "../rule-pages";

/**
 * Our own Handlebars helpers. One module, registered by Foundry at init and by
 * the preview and the template tests, so all three render the same markup.
 */

/** The part of a Handlebars environment we use. */
export interface HelperHost {
  registerHelper(name: string, fn: HelperDelegate): void;
  /** Marks a helper's output as HTML already escaped. */
  SafeString: new (html: string) => unknown;
}

/** Ob grades by number, as in CONFIG.GOLDHACK.obGrades. */
export type ObGradeLabels = Readonly<Record<number, { label: string }>>;

/** Registers every goldhack helper on the given Handlebars environment. */
export function registerGoldHackHelpers(hbs: HelperHost, i18n: HelperI18n, obGrades: ObGradeLabels): void {
  /** "Ob 3 · Difficult" for a graded Ob, "Ob 7" otherwise. SRD: Tests › 2) Choosing The Skill & The Obstacle */
  hbs.registerHelper("ghObLabel", (ob: number) => obLabel(i18n, obGrades, Number(ob)));
  /** An array 0..n-1, for pips. */
  hbs.registerHelper("ghRange", (n: number) => Array.from({ length: Math.max(0, Number(n) || 0) }, (_, i) => i));
  hbs.registerHelper("ghEq", (a: unknown, b: unknown) => a === b);
  hbs.registerHelper("ghLt", (a: number, b: number) => Number(a) < Number(b));
  hbs.registerHelper("ghSigned", (n: number) => (Number(n) > 0 ? `+${Number(n)}` : String(Number(n))));
  /** True when any argument is truthy (Handlebars passes its options object last, which is not one of them). */
  hbs.registerHelper("ghOr", (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  /**
   * `{{ghPlural "GOLDHACK.Group.Card.Hits" hits}}`: a counted string in the form its count takes ("1 hit",
   * "2 hits"); other placeholders come from the hash. Returned as text, so Handlebars escapes it.
   */
  hbs.registerHelper("ghPlural", (key: unknown, count: unknown, options?: { hash?: Record<string, string | number> }) =>
    formatCount(i18n, String(key), Number(count), options?.hash ?? {}),
  );
  /** `{{ghRule "fate"}}`: the mechanic's short rule as a tooltip on a link that opens its rules journal page. */
  hbs.registerHelper("ghRule", (topic: unknown) => new hbs.SafeString(ruleLink(i18n, String(topic))));
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * One mechanic's "tooltip + journal link": an anchor marked as Foundry marks an enriched @UUID link
 * (class content-link, data-link, data-uuid, and data-hash for the heading), whose clicks Foundry handles
 * on every page (opening the journal at the page, scrolled to the heading); no enrichment
 * needed. Throws on an unknown topic, so a template naming one fails its tests rather than showing nothing.
 */
export function ruleLink(i18n: HelperI18n, topic: string): string {
  if (!isRuleTopic(topic)) throw new Error(`ghRule: no rule topic "${topic}" (src/rule-pages.ts)`);
  const tip = i18n.localize(ruleTipKey(topic));
  const tooltip = escapeHtml(i18n.format("GOLDHACK.Tip.WithLink", { tip }));
  const label = escapeHtml(i18n.format("GOLDHACK.Tip.OpenRules", { tip }));
  const uuid = escapeHtml(rulePageUuid(topic, i18n.lang ?? "en"));
  // The heading to open the page at, as an enriched `@UUID[…#anchor]` link carries it (data-hash).
  const anchor = ruleAnchor(topic, i18n.lang ?? "en");
  const hash = anchor ? ` data-hash="${escapeHtml(anchor)}"` : "";
  return `<a class="content-link goldhack-rule" data-link data-uuid="${uuid}"${hash} data-tooltip="${tooltip}" aria-label="${label}"><i class="fa-solid fa-book-open" inert></i></a>`;
}

/** The localised name of an Ob: its grade where the config names one, just the number otherwise. */
export function obLabel(i18n: HelperI18n, obGrades: ObGradeLabels, ob: number): string {
  const grade = obGrades[ob];
  return grade
    ? i18n.format("GOLDHACK.Ob.Graded", { ob, grade: i18n.localize(grade.label) })
    : i18n.format("GOLDHACK.Ob.Plain", { ob });
}
