import { describe, expect, it } from "vitest";
import { SRD_LIFEPATHS } from "../../src/rules/lifepaths";
import { ITEM_PACKS, itemId } from "./item-pack-spec";
import { readPack, type SourceDocument } from "./read-sources";

const docsOf = (pack: string): SourceDocument[] => readPack(pack).entries.map((entry) => entry.doc);
const byId = (pack: string): Map<string, SourceDocument> => new Map(docsOf(pack).map((doc) => [doc._id, doc]));
const fold = (name: string): string => name.normalize("NFC").toLowerCase();

// Spanish names from GLOSSARY.md (which follows the Spanish SRD).
const LIFEPATH_ES: Record<string, string> = {
  artistic: "Creativo", craftsmen: "Artesano", esoteric: "Esotérico", intellectual: "Intelectual",
  military: "Militar", noble: "Noble", outcast: "Proscrito", peasant: "Rural",
  religious: "Religioso", seafaring: "Marino", trading: "Mercader", wilderness: "Silvestre",
};

// SRD: Skills › Type & Skill Examples, English and Spanish (GLOSSARY.md).
const SRD_SKILLS: Record<string, [string, string][]> = {
  craft: [["carpentry", "carpintería"], ["pottery", "alfarería"], ["cook", "cocinar"], ["farm", "cultivar"], ["smith", "herrar"]],
  expertise: [["athleticism", "atletismo"], ["drive", "conducir"], ["larceny", "robar"], ["medicine", "medicina"], ["stealth", "sigilo"]],
  fight: [["brawl", "pelea"], ["swords", "espada"], ["spears", "lanza"], ["clubs", "maza"], ["bows", "arco"], ["pistols", "pistola"]],
  influence: [["command", "comandar"], ["intimidate", "intimidar"], ["negotiate", "negociar"], ["rhetoric", "retórica"]],
  lore: [["languages", "idiomas"], ["appraisal", "tasar"], ["history", "historia"], ["politics", "política"], ["streetwise", "bajos fondos"]],
  magic: [["cast", "hechizar"], ["divine", "adivinar"], ["enchant", "encantar"], ["summon", "invocar"]],
  perform: [["drawing", "dibujo"], ["music", "música"], ["painting", "pintura"], ["poetry", "poesía"], ["sculpting", "escultura"]],
  survive: [["desert", "desierto"], ["jungle", "jungla"], ["mountain", "montaña"], ["sea", "mar"], ["arctic", "ártico"], ["urban", "ciudad"]],
};

// SRD: Drives › Traits examples.
const SRD_TRAITS: [string, string][] = [["Tall as a tree", "Alto como un árbol"], ["Stubborn", "Testarudo"], ["Wiseass", "Sabelotodo"]];

// SRD: Changes › Example Fallouts; Spanish names from the Spanish SRD's list.
const SRD_FALLOUT: [string, string][] = [
  ["Tired (muscles)", "Cuerpo agotado"], ["Tired (spirit)", "Espíritu agotado"], ["Tired (mind)", "Mente agotada"],
  ["Angry", "Enojo"], ["Hungry", "Hambre"], ["Thirsty", "Sed"], ["Sick", "Enfermedad"],
  ["Injured (eye)", "Ojo lastimado"], ["Injured (arm)", "Brazo lastimado"], ["Injured (pride)", "Orgullo herido"],
  ["Infamous", "En vergüenza"],
];

describe("Lifepaths pack", () => {
  const en = byId("lifepaths-en");
  const es = byId("lifepaths-es");

  it("holds exactly the SRD's twelve Lifepaths with their Types in SRD order", () => {
    expect(en.size).toBe(SRD_LIFEPATHS.length);
    for (const lifepath of SRD_LIFEPATHS) {
      const id = itemId(ITEM_PACKS.lifepaths.prefix, lifepath.key);
      expect(fold(en.get(id)?.name ?? ""), id).toBe(lifepath.key);
      expect(en.get(id)?.system?.skillTypes, id).toEqual([...lifepath.types]);
      expect(es.get(id)?.system?.skillTypes, id).toEqual([...lifepath.types]);
      expect(es.get(id)?.name, id).toBe(LIFEPATH_ES[lifepath.key]);
    }
  });
});

describe("Skills pack", () => {
  const en = docsOf("skills-en");
  const es = byId("skills-es");

  it.each(Object.keys(SRD_SKILLS))("offers at least five %s Skills, the SRD's examples among them, in both languages", (type) => {
    const ofType = en.filter((doc) => doc.system?.skillType === type);
    expect(ofType.length).toBeGreaterThanOrEqual(5);
    for (const [english, spanish] of SRD_SKILLS[type] ?? []) {
      const doc = ofType.find((candidate) => fold(candidate.name) === english);
      expect(doc, english).toBeDefined();
      expect(fold(es.get(doc?._id ?? "")?.name ?? ""), english).toBe(spanish);
    }
  });
});

describe("Traits pack", () => {
  const en = docsOf("traits-en");
  const es = byId("traits-es");

  it("holds the SRD's three examples and at least twenty more", () => {
    expect(en.length).toBeGreaterThanOrEqual(SRD_TRAITS.length + 20);
    for (const [english, spanish] of SRD_TRAITS) {
      const doc = en.find((candidate) => candidate.name === english);
      expect(doc, english).toBeDefined();
      expect(es.get(doc?._id ?? "")?.name, english).toBe(spanish);
    }
  });

  it("says of every Trait when it helps (+1D) and when it hinders (+1Ob)", () => {
    for (const doc of [...en, ...es.values()]) {
      const description = String(doc.system?.description);
      expect(description, doc.name).toMatch(/<strong>\+1D<\/strong> (for playing this Trait when|si roleás este Rasgo cuando) \S/);
      expect(description, doc.name).toMatch(/<strong>\+1Ob<\/strong> (when|cuando) \S/);
    }
  });

  it("has no two Traits with the same name", () => {
    expect(new Set(en.map((doc) => doc.name)).size).toBe(en.length);
    expect(new Set([...es.values()].map((doc) => doc.name)).size).toBe(es.size);
  });
});

describe("Fallout pack", () => {
  const en = docsOf("fallout-en");
  const es = byId("fallout-es");

  it("holds every Fallout the SRD gives as an example", () => {
    for (const [english, spanish] of SRD_FALLOUT) {
      const doc = en.find((candidate) => candidate.name === english);
      expect(doc, english).toBeDefined();
      expect(es.get(doc?._id ?? "")?.name, english).toBe(spanish);
    }
  });

  it("tells for every Fallout its usual treatment and how long it takes", () => {
    for (const doc of en) expect(String(doc.system?.description), doc.name).toMatch(/<strong>Treatment:<\/strong> \S.*<strong>Time:<\/strong> \S/);
    for (const doc of es.values()) expect(String(doc.system?.description), doc.name).toMatch(/<strong>Tratamiento:<\/strong> \S.*<strong>Tiempo:<\/strong> \S/);
  });
});
