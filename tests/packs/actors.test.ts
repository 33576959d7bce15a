import { describe, expect, it } from "vitest";
import { AGES, BASIC_CHART, SKILL_TYPES } from "../../src/rules/chart";
import { validateCharacter, type CharacterBuild } from "../../src/rules/creation";
import { children, docsOf, ITEM_PACK, ITEM_PREFIX, LANGS, lookup, shape, tagProblems, twins, unresolved, uuidLinks, ruleId } from "./authored-packs";
import type { SourceDocument } from "./read-sources";

const STATS = { coreVersion: "13.345", systemId: "goldhack", systemVersion: "0.1.0" };
const ALLOWED_ITEMS = { character: ["lifepath", "skill", "trait"], npc: ["skill", "trait", "fallout"] } as const;

interface CharacterSystem {
  age: string;
  fate: { value: number };
  persona: { value: number };
  drives: { belief: string; goal: string; instinct: string };
  biography: string;
}
interface NpcSystem {
  ob: number;
  potential: number;
  description: string;
}

const sorted = (items: SourceDocument[]): SourceDocument[] => [...items].sort((a, b) => (a.sort as number) - (b.sort as number));
const ofType = (actor: SourceDocument, type: string): SourceDocument[] => sorted(children(actor, "items").filter((i) => i.type === type));

/** Maps a character source onto the creation validator's input. SRD: Characters */
function buildOf(actor: SourceDocument): CharacterBuild {
  const system = actor.system as unknown as CharacterSystem;
  return {
    age: system.age,
    lifepaths: ofType(actor, "lifepath").map((lp) => ({ name: lp.name, types: [...((lp.system as { skillTypes: string[] }).skillTypes ?? [])] })),
    skills: ofType(actor, "skill").map((sk) => {
      const s = sk.system as { skillType: string; rating: number };
      return { name: sk.name, type: s.skillType, rating: s.rating };
    }),
    traits: ofType(actor, "trait").map((tr) => tr.name),
    fate: system.fate.value,
    persona: system.persona.value,
  };
}

/** Checks one embedded item's id, key, shape and, for a copy of a compendium Item, that it still matches it. */
function checkItem(actor: SourceDocument, item: SourceDocument, englishName: string, pack: string): void {
  const where = `${pack} ${actor.name} › ${item.name}`;
  const prefix = ITEM_PREFIX[item.type ?? ""];
  expect(prefix, `${where}: type ${item.type}`).toBeDefined();
  expect(item._id, where).toBe(ruleId(prefix ?? "", englishName));
  expect(item._key, where).toBe(`!actors.items!${actor._id}.${item._id}`);
  expect(typeof item.img === "string" && item.img !== "", where).toBe(true);
  const system = item.system as Record<string, unknown>;
  expect(typeof system.description, where).toBe("string");
  expect(tagProblems(system.description as string), where).toEqual([]);
  switch (item.type) {
    case "lifepath":
      expect(system.skillTypes, where).toHaveLength(3);
      for (const type of system.skillTypes as string[]) expect(SKILL_TYPES, where).toContain(type);
      break;
    case "skill":
      expect(SKILL_TYPES, where).toContain(system.skillType);
      expect(Number.isInteger(system.rating) && (system.rating as number) >= 1, `${where}: rating`).toBe(true);
      expect(system, where).toMatchObject({ passed: 0, failed: 0 });
      break;
    case "fallout":
      expect(Number.isInteger(system.rating) && (system.rating as number) >= 1, `${where}: rating`).toBe(true);
      expect(typeof system.permanent, where).toBe("boolean");
      break;
  }
  const lang = pack.slice(-2);
  const itemPack = `${ITEM_PACK[item.type ?? ""]}-${lang}`;
  const source = (item._stats as { compendiumSource?: string } | undefined)?.compendiumSource;
  const twinInPack = docsOf(itemPack).find((e) => e.doc._id === item._id)?.doc;
  if (!source) {
    // Our own Item (a Trait written for this character) must not borrow the id of a different compendium Item.
    expect(twinInPack, `${where}: id ${item._id} is taken in ${itemPack}; link it with _stats.compendiumSource`).toBeUndefined();
    return;
  }
  expect(source, where).toBe(`Compendium.goldhack.${itemPack}.Item.${item._id}`);
  expect(unresolved(source), where).toBeNull();
  const original = lookup(source) as SourceDocument;
  expect(item.name, `${where}: name as in ${itemPack}`).toBe(original.name);
  expect(item.type, where).toBe(original.type);
  const originalSystem = original.system as Record<string, unknown>;
  expect(system.description, `${where}: description as in ${itemPack}`).toBe(originalSystem.description);
  if (item.type === "lifepath") expect(system.skillTypes, where).toEqual(originalSystem.skillTypes);
  if (item.type === "skill") expect(system.skillType, where).toBe(originalSystem.skillType);
}

describe.each(LANGS)("characters-%s", (code) => {
  const pack = `characters-${code}`;
  const actors = docsOf(pack).map((e) => e.doc);
  const english = docsOf("characters-en").map((e) => e.doc);
  const englishName = (id: string): string => english.find((a) => a._id === id)?.name ?? "";
  const englishItemName = (actorId: string, itemId: string): string =>
    children(english.find((a) => a._id === actorId) as SourceDocument, "items").find((i) => i._id === itemId)?.name ?? "";

  it("has one character per age, with the rule's ids and keys", () => {
    expect(actors.map((a) => (a.system as unknown as CharacterSystem).age).sort()).toEqual([...AGES].sort());
    for (const actor of actors) {
      expect(actor._id, actor.name).toBe(ruleId("ac", englishName(actor._id)));
      expect(actor._key).toBe(`!actors!${actor._id}`);
      expect(actor).toMatchObject({ type: "character", img: "icons/svg/mystery-man.svg", folder: null, effects: [], ownership: { default: 0 }, _stats: STATS });
      expect(actor.prototypeToken).toEqual({ name: actor.name, actorLink: true });
    }
  });

  it("stores the character fields and no derived ones", () => {
    for (const actor of actors) {
      const system = actor.system as unknown as CharacterSystem & Record<string, unknown>;
      expect(Object.keys(system).sort(), actor.name).toEqual(["age", "biography", "drives", "fate", "persona"]);
      expect(Object.keys(system.fate), actor.name).toEqual(["value"]);
      expect(Object.keys(system.persona), actor.name).toEqual(["value"]);
      for (const drive of ["belief", "goal", "instinct"] as const) expect(system.drives[drive].trim(), `${actor.name} ${drive}`).not.toBe("");
      expect(system.biography, actor.name).toMatch(/^<p>/);
      expect(tagProblems(system.biography), actor.name).toEqual([]);
    }
  });

  it("embeds only Lifepaths, Skills and Traits, each with its id, key and data, matching the compendium it was copied from", () => {
    for (const actor of actors) {
      const items = children(actor, "items");
      expect(new Set(items.map((i) => i._id)).size, actor.name).toBe(items.length);
      for (const item of items) {
        expect(ALLOWED_ITEMS.character, `${actor.name} › ${item.name}`).toContain(item.type);
        checkItem(actor, item, englishItemName(actor._id, item._id), pack);
      }
    }
  });

  it("builds every character legally under the creation rules", () => {
    for (const actor of actors) {
      const build = buildOf(actor);
      expect(build.lifepaths.length, actor.name).toBeGreaterThan(0);
      expect(validateCharacter(build), `${actor.name}: ${JSON.stringify(build)}`).toEqual([]);
    }
  });

  it("is checked for real: spending one Skill point more or dropping a Trait is caught", () => {
    for (const actor of actors) {
      const build = buildOf(actor);
      const [first, ...rest] = build.skills;
      if (!first) throw new Error(`${actor.name} has no Skills`);
      const overspent: CharacterBuild = { ...build, skills: [{ ...first, rating: first.rating + 1 }, ...rest] };
      expect(validateCharacter(overspent).map((p) => p.key), actor.name).not.toEqual([]);
      expect(validateCharacter({ ...build, traits: build.traits.slice(1) }).map((p) => p.key), actor.name).toContain("GOLDHACK.Creation.TraitCount");
      const age = build.age as keyof typeof BASIC_CHART;
      expect(build.fate, actor.name).toBe(BASIC_CHART[age].fate);
    }
  });

  it("resolves every @UUID link", () => {
    for (const actor of actors) for (const link of uuidLinks(actor)) expect(unresolved(link.uuid), `${actor.name}: ${link.uuid}`).toBeNull();
  });
});

describe.each(LANGS)("npcs-%s", (code) => {
  const pack = `npcs-${code}`;
  const actors = docsOf(pack).map((e) => e.doc);
  const english = docsOf("npcs-en").map((e) => e.doc);
  const englishName = (id: string): string => english.find((a) => a._id === id)?.name ?? "";
  const englishItemName = (actorId: string, itemId: string): string =>
    children(english.find((a) => a._id === actorId) as SourceDocument, "items").find((i) => i._id === itemId)?.name ?? "";

  it("has five or more opponents from Ob 1 to Ob 5, with the rule's ids and keys", () => {
    expect(actors.length).toBeGreaterThanOrEqual(5);
    const obs = actors.map((a) => (a.system as unknown as NpcSystem).ob);
    expect(obs).toContain(1);
    expect(obs).toContain(5);
    for (const actor of actors) {
      expect(actor._id, actor.name).toBe(ruleId("np", englishName(actor._id)));
      expect(actor._key).toBe(`!actors!${actor._id}`);
      expect(actor).toMatchObject({ type: "npc", folder: null, effects: [], ownership: { default: 0 }, _stats: STATS });
      expect((actor.prototypeToken as { name?: string }).name).toBe(actor.name);
    }
  });

  it("stores ob 1..5, a whole Potential and a description", () => {
    for (const actor of actors) {
      const system = actor.system as unknown as NpcSystem;
      expect(Object.keys(system).sort(), actor.name).toEqual(["description", "ob", "potential"]);
      expect(Number.isInteger(system.ob) && system.ob >= 1 && system.ob <= 5, `${actor.name} ob ${system.ob}`).toBe(true);
      expect(Number.isInteger(system.potential) && system.potential >= 1, `${actor.name} potential`).toBe(true);
      expect(system.description, actor.name).toMatch(/^<p>/);
      expect(tagProblems(system.description), actor.name).toEqual([]);
    }
  });

  it("embeds only Skills, Traits and Fallout, each matching the compendium it was copied from", () => {
    for (const actor of actors) {
      for (const item of children(actor, "items")) {
        expect(ALLOWED_ITEMS.npc, `${actor.name} › ${item.name}`).toContain(item.type);
        checkItem(actor, item, englishItemName(actor._id, item._id), pack);
      }
    }
  });
});

describe.each(["characters", "npcs"])("%s-en and -es are twins", (base) => {
  const { pairs, enOnly, esOnly } = twins(base);

  it("hold the same actors with the same items, structure and numbers", () => {
    expect(enOnly).toEqual([]);
    expect(esOnly).toEqual([]);
    expect(pairs.length).toBeGreaterThan(0);
    for (const { en, es } of pairs) {
      const withoutCredit = (doc: SourceDocument): unknown => shape({ ...doc, flags: undefined, items: undefined });
      expect(withoutCredit(es.doc), en.doc.name).toEqual(withoutCredit(en.doc));
      const items = (doc: SourceDocument): unknown[] =>
        children(doc, "items").map((i) => ({ _id: i._id, _key: i._key, type: i.type, img: i.img, sort: i.sort, system: shape(i.system) }));
      expect(items(es.doc), en.doc.name).toEqual(items(en.doc));
      expect((es.doc.system as Record<string, unknown>).age ?? null).toBe((en.doc.system as Record<string, unknown>).age ?? null);
    }
  });

  it("is translated: names, drives, texts and item names differ from the English", () => {
    for (const { en, es } of pairs) {
      expect(es.doc.name).not.toBe(en.doc.name);
      const texts = (doc: SourceDocument): string[] => {
        const s = doc.system as Record<string, unknown>;
        const drives = (s.drives ?? {}) as Record<string, string>;
        return [s.biography, s.description, drives.belief, drives.goal, drives.instinct].filter((t): t is string => typeof t === "string");
      };
      const englishTexts = texts(en.doc);
      texts(es.doc).forEach((text, i) => expect(text, `${es.doc.name} text ${i}`).not.toBe(englishTexts[i]));
      const enItems = children(en.doc, "items");
      for (const item of children(es.doc, "items")) {
        const english = enItems.find((i) => i._id === item._id) as SourceDocument;
        // A few SRD names are the same word in both languages: the Noble Lifepath.
        if (item.name !== english.name) continue;
        expect(["Noble"], `${es.doc.name} › ${item.name} left in English`).toContain(item.name);
      }
    }
  });
});
