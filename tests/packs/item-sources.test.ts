import { describe, expect, it } from "vitest";
import { CORE_ICONS, CREDIT, ITEM_PACK_BASES, ITEM_PACKS, itemId, LANGUAGES, SKILL_TYPE_KEYS } from "./item-pack-spec";
import { readPack, type SourceDocument } from "./read-sources";

const isHtml = (value: unknown): boolean => typeof value === "string" && /^<p>.+<\/p>$/s.test(value);
const isWhole = (value: unknown, min: number, max: number): boolean => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** What each Item type's system data must look like in the packs (the contract with the data models). */
const SYSTEM_CHECKS: Record<string, (system: Record<string, unknown>) => void> = {
  lifepath(system) {
    expect(Object.keys(system).sort()).toEqual(["description", "skillTypes"]);
    const types = system.skillTypes as unknown[];
    expect(Array.isArray(types) && types.length === 3, "exactly three Types").toBe(true);
    for (const type of types) expect(SKILL_TYPE_KEYS).toContain(type);
    expect(new Set(types).size, "three different Types").toBe(3);
    expect(isHtml(system.description)).toBe(true);
  },
  skill(system) {
    expect(Object.keys(system).sort()).toEqual(["description", "failed", "passed", "rating", "skillType"]);
    expect(SKILL_TYPE_KEYS).toContain(system.skillType);
    // A compendium Skill is a blank to drag onto a sheet: no rating, nothing logged yet.
    for (const field of ["rating", "passed", "failed"]) expect(isWhole(system[field], 0, 0), field).toBe(true);
    expect(isHtml(system.description)).toBe(true);
  },
  trait(system) {
    expect(Object.keys(system)).toEqual(["description"]);
    expect(isHtml(system.description)).toBe(true);
  },
  fallout(system) {
    expect(Object.keys(system).sort()).toEqual(["description", "permanent", "rating"]);
    expect(isWhole(system.rating, 1, 1)).toBe(true);
    expect(system.permanent).toBe(false);
    expect(isHtml(system.description)).toBe(true);
  },
};

const COMMON_SHAPE = {
  effects: [],
  folder: null,
  ownership: { default: 0 },
  _stats: { coreVersion: "13.345", systemId: "goldhack" },
};

describe.each(ITEM_PACK_BASES.flatMap((base) => LANGUAGES.map((lang) => [base, lang] as const)))("Item pack %s-%s", (base, lang) => {
  const { type, prefix } = ITEM_PACKS[base];
  const { entries } = readPack(`${base}-${lang}`);
  const docs: SourceDocument[] = entries.map((entry) => entry.doc);

  it(`holds only ${type} Items with the document shape the system expects`, () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.type, doc.name).toBe(type);
      expect(doc._key, doc.name).toBe(`!items!${doc._id}`);
      expect(doc, doc.name).toMatchObject(COMMON_SHAPE);
      expect(doc._id.startsWith(prefix), doc.name).toBe(true);
      expect(Number.isInteger(doc.sort), doc.name).toBe(true);
      expect((doc._stats as { systemVersion: string }).systemVersion, doc.name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(CORE_ICONS.has(doc.img ?? ""), `${doc.name}: ${doc.img}`).toBe(true);
      expect(doc.flags, doc.name).toEqual({ goldhack: { credit: CREDIT[lang] } });
    }
  });

  it("has system data of the right fields, types and values", () => {
    const check = SYSTEM_CHECKS[type];
    expect(check).toBeDefined();
    for (const doc of docs) {
      expect(doc.system, doc.name).toBeTypeOf("object");
      check?.(doc.system ?? {});
    }
  });

  if (lang === "en") {
    it("derives every id from the English name", () => {
      for (const doc of docs) expect(doc._id, doc.name).toBe(itemId(prefix, doc.name));
    });
  }
});
