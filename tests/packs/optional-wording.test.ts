import { describe, expect, it } from "vitest";
import { children, docsOf, LANGS, plainText, type Lang } from "./authored-packs";
import type { SourceDocument } from "./read-sources";

/**
 * The SRD's Trait, Fallout and linked-Test effects are the group's to give ("the group may give you +1D",
 * "unless you roleplay", "should impose", "may be used as extra dice"): the packs must not read as if
 * they were automatic. Each language has a small list of allowed phrasings; a new description must use one.
 */
const ALLOWED: Record<Lang, { dice: string[]; ob: string[]; unless: string[] }> = {
  en: {
    dice: ["The group may give you +1D", "the group may give you +1D"],
    ob: ["The group may give you +1Ob", "the group may give you +1Ob", "the group may add +1Ob"],
    unless: ["unless you roleplay", "unless you play it out"],
  },
  es: {
    dice: ["El grupo puede darte +1D", "el grupo puede darte +1D"],
    ob: ["El grupo puede imponerte +1Ob", "el grupo puede imponerte +1Ob", "el grupo puede sumarte +1Ob"],
    unless: ["a menos que rolees", "si no roleás"],
  },
};
/** Effects stated as automatic: a paragraph that opens on the bonus itself. */
const AUTOMATIC = /<p>\s*(<strong>)?\s*\+1(D|Ob)\b/;

const paragraphs = (html: string): string[] => [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => plainText(m[1] ?? ""));
const hasOne = (text: string, phrases: readonly string[]): boolean => phrases.some((phrase) => text.includes(phrase));

describe.each(LANGS)("optional effects read as optional (%s)", (code) => {
  const traits = docsOf(`traits-${code}`).map((e) => e.doc);

  it("has the 27 SRD-style Traits", () => {
    expect(traits).toHaveLength(27);
  });

  it.each(traits.map((t) => [t.name, t] as const))("%s says when the group may give +1D and +1Ob", (_name, trait) => {
    const html = String(trait.system?.description ?? "");
    expect(html, "no bare +1D/+1Ob opening a paragraph").not.toMatch(AUTOMATIC);
    const [dice = "", ob = ""] = paragraphs(html);
    expect(hasOne(dice, ALLOWED[code].dice), `first paragraph uses one of: ${ALLOWED[code].dice.join(" | ")}\n${dice}`).toBe(true);
    expect(hasOne(ob, ALLOWED[code].ob), `second paragraph uses one of: ${ALLOWED[code].ob.join(" | ")}\n${ob}`).toBe(true);
    expect(hasOne(ob, ALLOWED[code].unless), `the +1Ob is waived by roleplaying: ${ALLOWED[code].unless.join(" | ")}\n${ob}`).toBe(true);
  });

  it("embeds every SRD-style Trait in actors with the same optional wording", () => {
    for (const base of ["characters", "npcs"]) {
      for (const { doc } of docsOf(`${base}-${code}`)) {
        for (const item of children(doc, "items").filter((i) => i.type === "trait")) {
          expect(String(item.system?.description ?? ""), `${doc.name}: ${item.name}`).not.toMatch(AUTOMATIC);
        }
      }
    }
  });

  it("invents no Fallout that worsens by itself: in the SRD it worsens only on a failed recovery", () => {
    const worsens = code === "en" ? /worsens|gets worse/i : /empeora/i;
    for (const { doc } of docsOf(`fallout-${code}`)) expect(String(doc.system?.description ?? ""), doc.name).not.toMatch(worsens);
  });

  it("says in the rules journal that the Fallout penalty, the Trait dice and linked Tests are the table's choice", () => {
    const entry = (docsOf(`rules-${code}`)[0] as { doc: SourceDocument }).doc;
    const page = (id: string): string => plainText(String((children(entry, "pages").find((p) => p._id === id)?.text as { content?: string } | undefined)?.content ?? ""));
    const words = {
      en: { fallout: ["the group should add its rating", "unless the player roleplays"], linked: "may be used as extra dice", recovery: "the recovery can't even be attempted" },
      es: { fallout: ["el grupo puede sumar su rango", "salvo que la rolees"], linked: "pueden usarse como dados extra", recovery: "cuya recuperación ni siquiera se puede intentar" },
    }[code];
    for (const phrase of words.fallout) expect(page("jpchanges0000000")).toContain(phrase);
    expect(page("jpchanges0000000")).toContain(words.recovery);
    expect(page("jptests000000000")).toContain(words.linked);
  });
});
