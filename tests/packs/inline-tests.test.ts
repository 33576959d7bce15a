import { describe, expect, it } from "vitest";
import { INLINE_TEST_PATTERN, parseInlineTest, resolveInlineSkill, skillCatalogue } from "../../src/enrichers/inline-test-args";
import { children, docsOf, LANGS } from "./authored-packs";
import { readPack } from "./read-sources";

const catalogue = skillCatalogue(["skills-en", "skills-es"].map((pack) => readPack(pack).entries.map((e) => ({ _id: e.doc._id, name: e.doc.name }))));

/** Every inline Test link in the rules journals parses and names a Skill of the compendiums. */
describe.each(LANGS)("inline Test links in rules-%s", (lang) => {
  const pages = docsOf(`rules-${lang}`).flatMap(({ doc }) => children(doc, "pages"));
  const links = pages.flatMap((page) => [...String((page.text as { content?: unknown } | undefined)?.content ?? "").matchAll(INLINE_TEST_PATTERN)]);

  it("has the worked example's /test and /request links", () => {
    expect(links.map((m) => m[1])).toEqual(["test", "request"]);
  });

  it("each link's arguments are good and its Skill is a compendium Skill", () => {
    for (const match of links) {
      const parsed = parseInlineTest(match[1] ?? "", match[2] ?? "");
      expect(parsed.ok, match[0]).toBe(true);
      if (!parsed.ok) continue;
      expect(resolveInlineSkill(parsed.value.skill, [], catalogue).kind, match[0]).toBe("potential");
    }
  });
});
