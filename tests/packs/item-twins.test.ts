import { describe, expect, it } from "vitest";
import { ITEM_PACK_BASES } from "./item-pack-spec";
import { readPack, type SourceDocument } from "./read-sources";

/** Ids whose Spanish name may equal the English one: the glossary gives the same word (Noble → Noble). */
const SAME_NAME_ALLOWED = new Set(["lpnoble000000000"]);

// Words that only show up in one of the two languages: a hit means untranslated text.
const ENGLISH_WORDS = /\b(the|and|when|with|your|you|of|or)\b/i;
const SPANISH_WORDS = /\b(cuando|tenés|podés|el|la|los|las|del|con|tu|y)\b/i;

const text = (doc: SourceDocument): string => `${doc.name} ${String(doc.system?.description ?? "")}`.replace(/<[^>]+>/g, " ");
const numbersOf = (system: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.fromEntries(Object.entries(system).filter(([key]) => key !== "description"));

describe.each(ITEM_PACK_BASES)("%s: the English and Spanish twins", (base) => {
  const en = new Map(readPack(`${base}-en`).entries.map(({ doc }) => [doc._id, doc]));
  const es = new Map(readPack(`${base}-es`).entries.map(({ doc }) => [doc._id, doc]));

  it("hold the same ids", () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("agree on type, image and every system value but the description", () => {
    for (const [id, english] of en) {
      const spanish = es.get(id);
      expect(spanish, id).toBeDefined();
      expect(spanish?.type, id).toBe(english.type);
      expect(spanish?.img, id).toBe(english.img);
      expect(numbersOf(spanish?.system), id).toEqual(numbersOf(english.system));
    }
  });

  it("translate every name and description (no Spanish document left in English)", () => {
    for (const [id, english] of en) {
      const spanish = es.get(id) as SourceDocument;
      if (!SAME_NAME_ALLOWED.has(id)) expect(spanish.name, id).not.toBe(english.name);
      expect(spanish.system?.description, id).not.toBe(english.system?.description);
      expect(text(spanish), `${id} (es)`).not.toMatch(ENGLISH_WORDS);
      expect(text(english), `${id} (en)`).not.toMatch(SPANISH_WORDS);
    }
  });
});
