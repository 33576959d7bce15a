import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { RULING_IDS, RULINGS, RULINGS_LANGS, RULINGS_PAGE_ID, rulingsPageUuid, rulingUuid } from "../../src/rulings";
import { children, docsOf, LANGS, lookup, plainText, ruleId, unresolved, uuidLinks } from "./authored-packs";
import { REPO_ROOT, type SourceDocument } from "./read-sources";

/** The rulings page of one language's rules journal, as stored. */
function rulingsPage(code: string): SourceDocument {
  const entry = (docsOf(`rules-${code}`)[0] as { doc: SourceDocument }).doc;
  const page = children(entry, "pages").find((p) => p._id === RULINGS_PAGE_ID);
  if (!page) throw new Error(`no rulings page in rules-${code}`);
  return page;
}
const contentOf = (page: SourceDocument): string => (page.text as { content: string }).content;
/** The ruling ids the page marks, in page order: each ruling is an <h2 data-ruling="…">. */
const markedRulings = (html: string): string[] => [...html.matchAll(/<h2 data-ruling="([a-z0-9-]+)">/g)].map((m) => m[1] ?? "");

/** Every .ts file under src/, with its path relative to the repository. */
function sourceFiles(dir = join(REPO_ROOT, "src")): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") ? [{ path: relative(REPO_ROOT, full), text: readFileSync(full, "utf8") }] : [];
  });
}
/** Ruling ids named in `// Ruling: <id> (rules journal)` comments, by file (src/rulings.ts itself excluded). */
function rulingComments(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    if (file.path === join("src", "rulings.ts")) continue;
    for (const m of file.text.matchAll(/\/\/ Ruling: ([a-z0-9-]+) \(rules journal\)/g)) {
      const id = m[1] ?? "";
      found.set(id, [...(found.get(id) ?? []), file.path]);
    }
  }
  return found;
}

describe("the rulings page", () => {
  it("has the rule id of its English name in both journals", () => {
    expect(RULINGS_PAGE_ID).toBe(ruleId("jp", "How this system reads the rules"));
    expect(rulingsPage("en").name).toBe("How this system reads the rules");
    expect(rulingsPage("es").name).not.toBe(rulingsPage("en").name);
  });

  it.each(LANGS)("lists every ruling of src/rulings.ts, once and in order (%s)", (code) => {
    expect(markedRulings(contentOf(rulingsPage(code)))).toEqual([...RULING_IDS]);
  });

  it.each(LANGS)("says, for each ruling, what the SRD says and what this system does (%s)", (code) => {
    const html = contentOf(rulingsPage(code));
    const [srd, ours] = code === "en" ? ["SRD", "This system:"] : ["DRS", "Este sistema:"];
    const sections = html.split(/<h2 data-ruling="[a-z0-9-]+">/).slice(1);
    expect(sections).toHaveLength(RULING_IDS.length);
    sections.forEach((section, i) => {
      const text = plainText(section);
      expect(text, RULING_IDS[i]).toContain(srd);
      expect(text, RULING_IDS[i]).toContain(ours);
    });
  });

  it.each(LANGS)("names both hindering readings and which one is the default (%s)", (code) => {
    const section = plainText(contentOf(rulingsPage(code)).split('data-ruling="ruling-hindering"')[1]?.split("<h2")[0] ?? "");
    const words = code === "en" ? ["Hindering uses", "default", "alternative", "English", "Spanish"] : ["Perjudicar usa", "defecto", "alternativa", "inglés", "castellano"];
    for (const word of words) expect(section, word).toContain(word);
  });

  it.each(LANGS)("resolves every link on the page (%s)", (code) => {
    const links = uuidLinks(rulingsPage(code));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(unresolved(link.uuid), link.uuid).toBeNull();
  });
});

describe("src/rulings.ts", () => {
  it("maps every ruling to the rulings page of each language's journal, and the page resolves", () => {
    expect(Object.keys(RULINGS)).toEqual([...RULING_IDS]);
    for (const id of RULING_IDS) {
      for (const lang of RULINGS_LANGS) {
        const uuid = RULINGS[id][lang];
        expect(uuid).toBe(rulingsPageUuid(lang));
        expect(unresolved(uuid), `${id} ${lang}`).toBeNull();
        const entry = lookup(uuid);
        const page = entry ? children(entry, "pages").find((p) => p._id === uuid.split(".").at(-1)) : undefined;
        expect(page?._id).toBe(RULINGS_PAGE_ID);
        expect(markedRulings(contentOf(page as SourceDocument)), `${id} on the ${lang} page`).toContain(id);
      }
    }
  });

  it("picks the user's language, falling back to English", () => {
    expect(rulingUuid("ruling-one-fate", "es")).toBe(rulingsPageUuid("es"));
    expect(rulingUuid("ruling-one-fate", "es-AR")).toBe(rulingsPageUuid("es"));
    expect(rulingUuid("ruling-one-fate", "en")).toBe(rulingsPageUuid("en"));
    expect(rulingUuid("ruling-one-fate", "fr")).toBe(rulingsPageUuid("en"));
    expect(rulingUuid("ruling-one-fate", "")).toBe(rulingsPageUuid("en"));
  });
});

describe("the code cross-references the rulings", () => {
  const comments = rulingComments();

  it.each([...RULING_IDS])("%s is named in a // Ruling: comment in src/", (id) => {
    expect(comments.get(id), `add "// Ruling: ${id} (rules journal)" next to the code that implements it`).toBeDefined();
  });

  it("names no ruling the page does not list", () => {
    const known = new Set<string>(RULING_IDS);
    for (const [id, files] of comments) expect(known.has(id), `${id} in ${files.join(", ")}`).toBe(true);
  });
});
