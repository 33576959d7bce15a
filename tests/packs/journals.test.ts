import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGES, BASIC_CHART, OB_GRADES } from "../../src/rules/chart";
import { learningNeeds, PRACTICE_ORDER } from "../../src/rules/learning";
import { REWARD_AWARDS } from "../../src/rules/rewards";
import { children, docsOf, LANGS, lookup, plainText, ruleId, shape, tagProblems, twins, unresolved, uuidLinks, type Lang } from "./authored-packs";
import { REPO_ROOT, type SourceDocument } from "./read-sources";

const PAGE_NAMES = ["Characters", "Tests", "Alterations", "Changes", "Rewards", "Running the game", "Playing in Foundry", "How this system reads the rules", "Credits and licence"];
const ENTRY_ID = ruleId("je", "Rules Reference");

const lang = (code: Lang): Record<string, Record<string, string>> =>
  (JSON.parse(readFileSync(join(REPO_ROOT, `lang/${code}.json`), "utf8")) as { GOLDHACK: Record<string, Record<string, string>> }).GOLDHACK;
const entryOf = (code: Lang): SourceDocument => {
  const entries = docsOf(`rules-${code}`);
  expect(entries).toHaveLength(1);
  return (entries[0] as { doc: SourceDocument }).doc;
};
const pageOf = (code: Lang, englishName: string): string => {
  const page = children(entryOf(code), "pages").find((p) => p._id === ruleId("jp", englishName));
  const text = (page?.text as { content?: unknown } | undefined)?.content;
  if (typeof text !== "string") throw new Error(`no page ${englishName} in rules-${code}`);
  return text;
};
/** Cells of each row of the first table carrying this class, as plain text. */
function tableRows(html: string, className: string): string[][] {
  const table = new RegExp(`<table class="${className}">([\\s\\S]*?)</table>`).exec(html)?.[1];
  if (!table) throw new Error(`no table.${className}`);
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? "").matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map((c) => plainText(c[1] ?? "")));
}
/** Rows of the n-th plain table of a page (0-based), header row dropped. */
function plainTableRows(html: string, n: number): string[][] {
  const table = [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)][n]?.[1] ?? "";
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? "").matchAll(/<td>([\s\S]*?)<\/td>/g)].map((c) => c[1] ?? ""));
}

describe.each(LANGS)("rules-%s journal", (code) => {
  const entry = entryOf(code);
  const pages = children(entry, "pages");

  it("is one JournalEntry with the rule id and key, a credit flag and its _stats", () => {
    expect(entry._id).toBe(ENTRY_ID);
    expect(entry._key).toBe(`!journal!${ENTRY_ID}`);
    expect(entry).toMatchObject({ folder: null, ownership: { default: 0 }, _stats: { coreVersion: "13.345", systemId: "goldhack", systemVersion: "0.1.0" } });
    expect(entry.type, "a JournalEntry has no subtype").toBeUndefined();
    expect(JSON.stringify(entry.flags)).toContain("CC BY-SA 4.0");
  });

  it("has the eight pages in order, each a text page with the rule id and its own key", () => {
    expect(pages.map((p) => p._id)).toEqual(PAGE_NAMES.map((name) => ruleId("jp", name)));
    expect(new Set(pages.map((p) => p._id)).size).toBe(PAGE_NAMES.length);
    const sorts = pages.map((p) => p.sort as number);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
    for (const page of pages) {
      expect(page._key).toBe(`!journal.pages!${ENTRY_ID}.${page._id}`);
      expect(page).toMatchObject({ type: "text", title: { show: true, level: 1 }, text: { format: 1 }, ownership: { default: -1 } });
      expect(page.name.trim()).not.toBe("");
    }
    if (code === "en") expect(pages.map((p) => p.name)).toEqual(PAGE_NAMES);
  });

  it("keeps every page's HTML properly nested", () => {
    for (const page of pages) expect(tagProblems((page.text as { content: string }).content), page.name).toEqual([]);
  });

  it("prints the Basic Chart exactly as the rules core has it", () => {
    const rows = tableRows(pageOf(code, "Characters"), "goldhack-basic-chart");
    const ages = (rows[0] ?? []).slice(1);
    expect(ages).toEqual(AGES.map((age) => lang(code).Age?.[age.charAt(0).toUpperCase() + age.slice(1)]));
    const numbers = (row: number): number[][] => (rows[row] ?? []).slice(1).map((cell) => (cell.match(/\d+/g) ?? []).map(Number));
    AGES.forEach((age, i) => {
      const chart = BASIC_CHART[age];
      expect(numbers(2)[i], `${age} lifepaths`).toEqual([chart.lifepaths]);
      expect(numbers(3)[i], `${age} skill points`).toEqual([chart.skillPoints]);
      expect(numbers(4)[i], `${age} max rating`).toEqual([chart.maxRating]);
      expect(numbers(5)[i], `${age} starting rewards`).toEqual(chart.persona ? [chart.fate, chart.persona] : [chart.fate]);
      expect(numbers(6)[i], `${age} potential`).toEqual([chart.potential]);
      expect(numbers(7)[i], `${age} traits`).toEqual([chart.traits]);
    });
  });

  it("prints the Ob grades with the interface's labels, each with ready-made opponents of that Ob", () => {
    const rows = tableRows(pageOf(code, "Tests"), "goldhack-ob-grades").slice(1);
    expect(rows.map((row) => Number(row[0]))).toEqual([1, 2, 3, 4, 5]);
    for (const [ob, grade] of Object.entries(OB_GRADES)) {
      const label = lang(code).Ob?.[grade.charAt(0).toUpperCase() + grade.slice(1)];
      expect(label).toBeDefined();
      expect(rows[Number(ob) - 1]?.[1], `Ob ${ob}`).toContain(label);
    }
    const html = pageOf(code, "Tests");
    const table = /<table class="goldhack-ob-grades">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";
    const bodyRows = [...table.matchAll(/<tr><td>(\d)<\/td>([\s\S]*?)<\/tr>/g)];
    expect(bodyRows).toHaveLength(5);
    for (const [, ob, rest] of bodyRows) {
      const npcs = uuidLinks(rest).map((link) => lookup(link.uuid));
      expect(npcs.length, `Ob ${ob} opponents`).toBeGreaterThan(0);
      for (const npc of npcs) expect((npc?.system as { ob?: number } | undefined)?.ob, `${npc?.name} in the Ob ${ob} row`).toBe(Number(ob));
    }
  });

  it("prints the Skill learning thresholds the rules core uses", () => {
    const rows = plainTableRows(pageOf(code, "Changes"), 0);
    expect(rows).toHaveLength(6);
    rows.forEach((row, rating) => {
      const needs = learningNeeds({ rating, passed: 0, failed: 0 });
      expect(row.slice(1).map(Number), `rating ${rating}`).toEqual([needs.passed, needs.failed]);
    });
  });

  it("lists the practice order and the awards as the rules core has them", () => {
    const typeLabels = lang(code).SkillType ?? {};
    const order = PRACTICE_ORDER.map((type) => typeLabels[type.charAt(0).toUpperCase() + type.slice(1)] ?? type);
    expect(plainText(pageOf(code, "Changes"))).toContain(order.join(", "));
    const rows = plainTableRows(pageOf(code, "Rewards"), 0);
    const currency = { en: { fate: "+1 Fate", persona: "+1 Persona" }, es: { fate: "+1 Fortuna", persona: "+1 Persona" } }[code];
    expect(rows.map((row) => row[2])).toEqual(REWARD_AWARDS.map((award) => currency[award.currency]));
  });

  it("links every SRD Lifepath, and every pack the rules talk about", () => {
    const links = uuidLinks(entry);
    const lifepaths = docsOf(`lifepaths-${code}`).map((e) => e.doc._id);
    const linked = new Set(links.map((l) => l.uuid.split(".").at(-1)));
    for (const id of lifepaths) expect(linked.has(id), `link to ${id}`).toBe(true);
    const packs = new Set(links.map((l) => l.uuid.split(".")[2]));
    for (const base of ["lifepaths", "skills", "traits", "fallout", "characters", "npcs", "macros", "rules"]) expect(packs.has(`${base}-${code}`), base).toBe(true);
  });

  it("resolves every @UUID link, labelled, to a document in the same language", () => {
    const links = uuidLinks(entry);
    expect(links.length).toBeGreaterThan(50);
    for (const link of links) {
      expect(unresolved(link.uuid), `${link.path}: ${link.uuid}`).toBeNull();
      expect(link.label?.trim(), `${link.uuid} needs a {label}`).toBeTruthy();
      expect(link.uuid.split(".")[2], link.uuid).toMatch(new RegExp(`-${code}$`));
    }
    const raw = pages.map((p) => (p.text as { content: string }).content).join("\n");
    expect(raw, "only @UUID links").not.toMatch(/@(Compendium|Actor|Item|JournalEntry|Macro)\[/);
  });

  it("credits the work, its authors, the licence and the code licence", () => {
    const credits = pageOf(code, "Credits and licence");
    const text = plainText(credits);
    for (const needed of ["Martín Van Houtte", "Rúnica Games", "CC BY-SA 4.0", "MIT", "https://runicagames.itch.io/the-gold-hack", "https://creativecommons.org/licenses/by-sa/4.0/"]) {
      expect(text, needed).toContain(needed);
    }
    expect(credits).toContain('href="https://creativecommons.org/licenses/by-sa/4.0/"');
    expect(credits).toContain('href="https://runicagames.itch.io/the-gold-hack"');
    expect(text).toContain(code === "en" ? "The Gold Hack" : "El Hack Dorado");
    // The attribution sentence the SRD asks reusers to print, word for word.
    const attribution = {
      en: "This work is based on The Gold Hack (https://runicagames.itch.io/the-gold-hack), a product by Martín Van Houtte and Rúnica Games, and licensed for our use under the Creative Commons Attribution 4.0 (CC-BY-SA) License (https://creativecommons.org/licenses/by-sa/4.0/).",
      es: "Este trabajo está basado en El Hack Dorado (https://runicagames.itch.io/the-gold-hack), producto de Martín Van Houtte y Rúnica Games, y licenciado para nuestro uso bajo la licencia Creative Commons Atribución 4.0 (CC-BY-SA) (https://creativecommons.org/licenses/by-sa/4.0/).",
    }[code];
    expect(text.replace(/\( /g, "(").replace(/ \)/g, ")")).toContain(attribution);
  });
});

describe("rules-en and rules-es are twins", () => {
  const { pairs, enOnly, esOnly } = twins("rules");

  it("hold the same entry with the same pages, structure and numbers", () => {
    expect(enOnly).toEqual([]);
    expect(esOnly).toEqual([]);
    expect(pairs).toHaveLength(1);
    for (const { en, es } of pairs) {
      const withoutText = (doc: SourceDocument): unknown => shape({ ...doc, flags: undefined });
      expect(withoutText(es.doc)).toEqual(withoutText(en.doc));
      expect(children(es.doc, "pages").map((p) => p._key)).toEqual(children(en.doc, "pages").map((p) => p._key));
    }
  });

  it("link the same documents from the same pages", () => {
    for (const { en, es } of pairs) {
      const targets = (doc: SourceDocument): string[][] =>
        children(doc, "pages").map((p) => uuidLinks(p).map((l) => l.uuid.replace(/-(en|es)\./, "-xx.")));
      expect(targets(es.doc)).toEqual(targets(en.doc));
    }
  });

  it("is translated: names and every paragraph differ from the English", () => {
    for (const { en, es } of pairs) {
      expect(es.doc.name).not.toBe(en.doc.name);
      const enPages = children(en.doc, "pages");
      children(es.doc, "pages").forEach((page, i) => {
        const english = enPages[i] as SourceDocument;
        expect(page.name, `page ${i}`).not.toBe(english.name);
        const paragraphs = (doc: SourceDocument): string[] =>
          [...(doc.text as { content: string }).content.matchAll(/<(p|li|h2)>([\s\S]*?)<\/\1>/g)].map((m) => plainText(m[2] ?? ""));
        const englishParagraphs = new Set(paragraphs(english));
        for (const paragraph of paragraphs(page)) expect(englishParagraphs.has(paragraph), `left in English: ${paragraph}`).toBe(false);
      });
    }
  });
});
