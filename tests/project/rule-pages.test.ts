/**
 * Rule text where it is needed (issue 16): every `{{ghRule "<topic>"}}` in a template names a topic of
 * src/rule-pages.ts, every topic's tooltip resolves in both languages, and its page exists in both rules
 * journals; the helper's link is the markup Foundry's enriched @UUID links have.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { ruleLink } from "../../src/applications/handlebars-helpers";
import { RULE_PAGE_IDS, RULE_TOPICS, type RuleTopic, rulePageUuid, ruleTipKey } from "../../src/rule-pages";
import { StandInI18n } from "../foundry/i18n-core";

const ROOT = new URL("../..", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const lang = (code: "en" | "es") => new StandInI18n(code, JSON.parse(read(`lang/${code}.json`)));

function files(dir: string, ext: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
  );
}

const journalPages = (code: "en" | "es") =>
  files(`packs/_source/rules-${code}`, ".json").flatMap((f) => (JSON.parse(read(f)) as { pages?: { _id: string }[] }).pages ?? []).map((p) => p._id);

describe("rule tooltips and journal links", () => {
  const topics = Object.keys(RULE_TOPICS) as RuleTopic[];

  it("names only known topics in templates, and uses most of them", () => {
    const used = files("templates", ".hbs").flatMap((f) => [...read(f).matchAll(/\{\{ghRule "([^"]+)"\}\}/g)].map((m) => m[1]));
    expect(used.filter((t) => !(t && Object.hasOwn(RULE_TOPICS, t)))).toEqual([]);
    for (const topic of ["potential", "fate", "persona", "ob", "untrained", "magic", "traits", "fallout", "learning", "linked"]) expect(used).toContain(topic);
  });

  it.each(["en", "es"] as const)("resolves every tooltip in %s, with its page in that language's rules journal", (code) => {
    const i18n = lang(code);
    const pages = journalPages(code);
    for (const topic of topics) {
      expect(i18n.localize(ruleTipKey(topic)), topic).not.toMatch(/^GOLDHACK\./);
      expect(pages, topic).toContain(RULE_PAGE_IDS[RULE_TOPICS[topic].page]);
      expect(rulePageUuid(topic, code)).toContain(`rules-${code}.`);
    }
    for (const key of ["GOLDHACK.Tip.WithLink", "GOLDHACK.Tip.OpenRules"]) expect(i18n.localize(key)).not.toBe(key);
    expect(i18n.missing).toEqual(new Set());
  });

  it("renders a content link Foundry opens: data-link, the page UUID, the rule as tooltip, escaped", () => {
    const i18n = lang("es");
    const html = ruleLink(i18n, "fallout");
    const a = new DOMParserLike(html);
    expect(a.attr("class")).toBe("content-link goldhack-rule");
    expect(a.has("data-link")).toBe(true);
    expect(a.attr("data-uuid")).toBe("Compendium.goldhack.rules-es.JournalEntry.jerulesreference.JournalEntryPage.jpchanges0000000");
    expect(a.attr("data-tooltip")).toContain(i18n.localize("GOLDHACK.Tip.Fallout"));
    expect(rulePageUuid("fate", "es-AR")).toContain("rules-es.");
    expect(rulePageUuid("fate", "fr")).toContain("rules-en.");
    expect(() => ruleLink(i18n, "nonsense")).toThrow(/nonsense/);
    const evil = { localize: () => `"><script>`, format: (_k: string, d: Record<string, string | number>) => String(d.tip) };
    expect(ruleLink(evil, "fate")).not.toContain("<script>");
    // Registered as a helper, its output is HTML, not text.
    const hbs = Handlebars.create();
    hbs.registerHelper("ghRule", (t: string) => new hbs.SafeString(ruleLink(i18n, t)));
    expect(hbs.compile('{{ghRule "ob"}}')({})).toMatch(/^<a class="content-link goldhack-rule"/);
  });
});

/** Reads one tag's attributes (the helper writes a single <a …>). */
class DOMParserLike {
  private readonly attrs = new Map<string, string>();
  constructor(html: string) {
    const open = /^<a ([^>]*)>/.exec(html)?.[1] ?? "";
    for (const m of open.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) this.attrs.set(m[1] ?? "", m[2] ?? "");
  }
  attr(name: string) {
    return this.attrs.get(name);
  }
  has(name: string) {
    return this.attrs.has(name);
  }
}
