import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { BASIC_CHART } from "../../src/rules";
import { addItems, createActor, type FoundryEnv, installGoldHack } from "./documents";
import { type DataField, SchemaField, type ModelClass } from "./fields";
import { StandInI18n } from "./i18n";

let env: FoundryEnv;
beforeEach(async () => {
  env = await installGoldHack();
});

const models = () => ({ Actor: env.config.Actor.dataModels, Item: env.config.Item.dataModels });
const model = (doc: "Actor" | "Item", type: string): ModelClass => {
  const found = models()[doc][type];
  if (!found) throw new Error(`no ${doc} model ${type}`);
  return found;
};

describe("registration", () => {
  it("registers exactly the types system.json declares", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as { documentTypes: Record<string, object> };
    expect(Object.keys(models().Actor).sort()).toEqual(Object.keys(manifest.documentTypes.Actor ?? {}).sort());
    expect(Object.keys(models().Item).sort()).toEqual(Object.keys(manifest.documentTypes.Item ?? {}).sort());
  });

  it("makes Fate and Persona the character's token bars", () => {
    expect(env.config.Actor.trackableAttributes.character).toEqual({ bar: ["fate", "persona"], value: [] });
  });

  it("labels every field of every model in English and Spanish (LOCALIZATION_PREFIXES)", () => {
    const paths = (schema: SchemaField, prefix = ""): string[] =>
      Object.entries(schema.fields).flatMap(([name, field]: [string, DataField]) => [
        prefix + name,
        ...(field instanceof SchemaField ? paths(field, `${prefix}${name}.`) : []),
      ]);
    for (const lang of ["en", "es"] as const) {
      const i18n = new StandInI18n(lang);
      for (const [doc, byType] of Object.entries(models())) {
        for (const [type, Model] of Object.entries(byType)) {
          const prefixes = (Model as unknown as { LOCALIZATION_PREFIXES: string[] }).LOCALIZATION_PREFIXES;
          expect(prefixes).toEqual([`GOLDHACK.${doc}.${type}`]);
          for (const path of paths(Model.schema)) expect(i18n.has(`${prefixes[0]}.FIELDS.${path}.label`), `${lang} ${doc}.${type} ${path}`).toBe(true);
        }
        for (const type of Object.keys(byType)) expect(i18n.has(`TYPES.${doc}.${type}`), `${lang} TYPES.${doc}.${type}`).toBe(true);
      }
    }
  });
});

describe("character", () => {
  it("derives Potential and the Fate/Persona maxima from the age's chart row", async () => {
    for (const age of ["child", "young", "adult", "elder"] as const) {
      const actor = await createActor({ name: age, type: "character", system: { age, fate: { value: 0 } } });
      expect(actor.potential).toBe(BASIC_CHART[age].potential);
      expect(actor.system).toMatchObject({ potential: BASIC_CHART[age].potential, fate: { max: BASIC_CHART[age].potential }, persona: { max: BASIC_CHART[age].potential } });
    }
  });

  it("reads a hack's chart from CONFIG.GOLDHACK, including a new age", async () => {
    const gh = env.config.GOLDHACK;
    if (!gh?.ages.child) throw new Error("no config");
    gh.ages.child.potential = 6;
    gh.ages.ancient = { ...BASIC_CHART.elder, potential: 1, label: "MYHACK.Ancient" };
    const child = await createActor({ name: "C", type: "character", system: { age: "child" } });
    expect(child.potential).toBe(6);
    const ancient = await createActor({ name: "A", type: "character", system: { age: "ancient", fate: { value: 1 }, persona: { value: 0 } } });
    expect(ancient.potential).toBe(1);
  });

  it("starts as an Adult with the Adult's Starting Rewards and blank Drives", () => {
    const source = new (model("Actor", "character"))({}).toObject();
    expect(source).toMatchObject({
      age: "adult",
      fate: { value: BASIC_CHART.adult.fate },
      persona: { value: BASIC_CHART.adult.persona },
      drives: { belief: "", goal: "", instinct: "" },
      biography: "",
    });
    expect(source).not.toHaveProperty("potential");
  });

  it("refuses an age that is not in the chart", () => {
    expect(model("Actor", "character").validateSource({ age: "ancient" })).toEqual([expect.objectContaining({ path: "age" })]);
    expect(() => new (model("Actor", "character"))({ age: "ancient" })).toThrow(/age/);
  });

  it("keeps Fate a whole number of at least 0: cleaning repairs, strict validation reports", () => {
    const Character = model("Actor", "character");
    expect(new Character({ fate: { value: -2 }, persona: { value: 1.6 } }).toObject()).toMatchObject({ fate: { value: 0 }, persona: { value: 2 } });
    expect(Character.validateSource({ fate: { value: -2 } }, { clean: false })).toEqual([expect.objectContaining({ path: "fate.value" })]);
    expect(Character.validateSource({ persona: { value: 1.5 } }, { clean: false })).toEqual([expect.objectContaining({ path: "persona.value" })]);
    expect(Character.validateSource({ fate: { value: 2 } }, { clean: false })).toEqual([]);
  });
});

describe("npc", () => {
  it("stores Potential and an Ob from 1 to 5", async () => {
    const npc = await createActor({ name: "Guard", type: "npc", system: { ob: 3, potential: 4 } });
    expect(npc.potential).toBe(4);
    const Npc = model("Actor", "npc");
    expect(Npc.validateSource({ ob: 6 }, { clean: false })).toEqual([expect.objectContaining({ path: "ob" })]);
    expect(Npc.validateSource({ ob: 0 }, { clean: false })).toEqual([expect.objectContaining({ path: "ob" })]);
    expect(new Npc({}).toObject()).toMatchObject({ ob: 2, potential: 3, description: "" });
  });
});

describe("skill", () => {
  it("derives Magic from its Type, not from stored data", async () => {
    const actor = await createActor({ name: "Mage", type: "character" });
    const [cast, swords] = await addItems(actor, [
      { name: "Cast", type: "skill", system: { skillType: "magic", rating: 2, magic: false } },
      { name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, magic: true } },
    ]);
    expect(cast?.system).toMatchObject({ magic: true });
    expect(swords?.system).toMatchObject({ magic: false });
    expect(cast?.toObject().system).not.toHaveProperty("magic");
  });

  it("accepts a Type a hack adds, and its explodes flag decides Magic", async () => {
    const gh = env.config.GOLDHACK;
    if (!gh) throw new Error("no config");
    gh.skillTypes.sorcery = { label: "MYHACK.Sorcery", explodes: true, practiceOrder: 8 };
    const actor = await createActor({ name: "Witch", type: "character" });
    const [hex] = await addItems(actor, [{ name: "Hex", type: "skill", system: { skillType: "sorcery" } }]);
    expect(hex?.isMagic).toBe(true);
    expect(model("Item", "skill").validateSource({ skillType: "sailing" })).toEqual([expect.objectContaining({ path: "skillType" })]);
  });

  it("never holds a negative rating or log", () => {
    const Skill = model("Item", "skill");
    for (const key of ["rating", "passed", "failed"]) {
      expect(Skill.validateSource({ [key]: -1 }, { clean: false }), key).toEqual([expect.objectContaining({ path: key })]);
    }
  });
});

describe("fallout, trait and lifepath", () => {
  it("a Fallout has a rating of at least 1 and is not permanent by default", () => {
    const Fallout = model("Item", "fallout");
    expect(new Fallout({}).toObject()).toMatchObject({ rating: 1, permanent: false });
    expect(Fallout.validateSource({ rating: 0 }, { clean: false })).toEqual([expect.objectContaining({ path: "rating" })]);
  });

  it("a Trait is its description", () => {
    expect(new (model("Item", "trait"))({ description: "<p>Stubborn</p>" }).toObject()).toMatchObject({ description: "<p>Stubborn</p>" });
  });

  it("a Lifepath has exactly three known Types, the first giving the free Skill", () => {
    const Lifepath = model("Item", "lifepath");
    const military = new Lifepath({ skillTypes: ["fight", "expertise", "survive"] });
    expect((military as unknown as { freeSkillType: string }).freeSkillType).toBe("fight");
    expect(Lifepath.validateSource({ skillTypes: ["fight", "expertise"] })).toEqual([expect.objectContaining({ message: expect.stringMatching(/exactly 3/) })]);
    expect(Lifepath.validateSource({ skillTypes: ["fight", "expertise", "sailing"] })).toEqual([expect.objectContaining({ path: "skillTypes.2" })]);
    expect(Lifepath.validateSource({})).toEqual([]);
  });
});
