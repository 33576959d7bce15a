/**
 * Rule text where it is needed (issue 16): every `{{ghRule "<topic>"}}` in a template names a topic of
 * src/rule-pages.ts, every topic's tooltip resolves in both languages, and its page exists in both rules
 * journals, at a heading that page has in each language (its anchor slugged as Foundry slugs headings); the
 * helper's link is the markup Foundry's enriched @UUID[…#anchor] links have.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ruleLink } from "../../src/applications/handlebars-helpers";
import { headingAnchor, RULE_PAGE_IDS, RULE_TOPICS, type RuleTopic, ruleAnchor, rulePageUuid, ruleTipKey } from "../../src/rule-pages";
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

type PackPage = { _id: string; text?: { content?: string } };
const packPages = (code: "en" | "es"): PackPage[] => files(`packs/_source/rules-${code}`, ".json").flatMap((f) => (JSON.parse(read(f)) as { pages?: PackPage[] }).pages ?? []);

/** A page's headings as the browser reads them (textContent, entities decoded, tags dropped), in order. */
function pageHeadings(code: "en" | "es", pageId: string): string[] {
  const page = packPages(code).find((p) => p._id === pageId);
  const window = new Window();
  const div = window.document.createElement("div");
  div.innerHTML = page?.text?.content ?? "";
  const headings = [...div.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.textContent ?? "");
  void window.happyDOM.close();
  return headings;
}

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

  it.each(["en", "es"] as const)("opens each page at a heading it has in %s, its anchor slugged as Foundry slugs headings", (code) => {
    const withHeading = topics.filter((topic) => "heading" in RULE_TOPICS[topic]);
    expect(withHeading.length).toBeGreaterThanOrEqual(10);
    for (const topic of topics) {
      const { page } = RULE_TOPICS[topic];
      const headings = pageHeadings(code, RULE_PAGE_IDS[page]);
      const anchor = ruleAnchor(topic, code);
      if (anchor === null) continue;
      const anchors = headings.map(headingAnchor);
      expect(anchors, `${topic}: a heading of page ${page} in ${code}`).toContain(anchor);
      // The anchor is the page's only heading with it (a repeat would be told apart by Foundry, not by us).
      expect(anchors.filter((a) => a === anchor), `${topic}: one heading with that anchor`).toHaveLength(1);
      // The heading holds nothing the slug's lesser steps act on: no quotes, no edge spaces, well under 64 characters.
      const heading = headings[anchors.indexOf(anchor)] ?? "";
      expect(heading, topic).not.toMatch(/["']/);
      expect(heading, topic).toBe(heading.trim());
      expect(heading.length, topic).toBeLessThan(64);
    }
  });

  it("slugs a heading as Foundry's table of contents does", () => {
    expect(headingAnchor("Spending Persona and Fate")).toBe("spending-persona-and-fate");
    expect(headingAnchor("2. Habilidad y Obstáculo")).toBe("2.-habilidad-y-obstáculo");
    expect(headingAnchor("¡No tengo la  Habilidad!")).toBe("¡no-tengo-la-habilidad!");
    expect(headingAnchor("I don't have it")).toBe("i-dont-have-it");
    expect(headingAnchor("x".repeat(80))).toHaveLength(64);
    expect(ruleAnchor("fate", "es-AR")).toBe("gastar-persona-y-fortuna");
    expect(ruleAnchor("fate", "fr")).toBe("spending-persona-and-fate");
    expect(ruleAnchor("awards", "en")).toBeNull();
  });

  it("renders a content link Foundry opens: data-link, the page UUID, the rule as tooltip, escaped", () => {
    const i18n = lang("es");
    const html = ruleLink(i18n, "fallout");
    const a = new DOMParserLike(html);
    expect(a.attr("class")).toBe("content-link goldhack-rule");
    expect(a.has("data-link")).toBe(true);
    expect(a.attr("data-uuid")).toBe("Compendium.goldhack.rules-es.JournalEntry.jerulesreference.JournalEntryPage.jpchanges0000000");
    expect(a.attr("data-hash")).toBe("secuelas");
    expect(new DOMParserLike(ruleLink(lang("en"), "untrained")).attr("data-hash")).toBe("i-don’t-have-the-skill!");
    expect(new DOMParserLike(ruleLink(i18n, "awards")).has("data-hash")).toBe(false);
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
