import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GoldHackActor } from "../../src/documents/actor";
import { migrateCharacterSource, migrateNpcSource } from "../../src/migrations/actor-sources";
import { migrateFalloutSource, migrateLifepathSource, migrateSkillSource, migrateTraitSource } from "../../src/migrations/item-sources";
import { SCHEMA_VERSION } from "../../src/migrations/schema-version";
import { addItems, createActor, installGoldHack } from "./documents";
import type { PlainObject } from "./fields";

const fixture = (name: string): PlainObject => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const systemOf = (name: string): PlainObject => structuredClone(fixture(name).system as PlainObject);

describe("migration functions (pure)", () => {
  it("turn plain-number Fate and Persona into {value}", () => {
    expect(migrateCharacterSource(systemOf("character-v0"))).toMatchObject({ schemaVersion: SCHEMA_VERSION, fate: { value: 2 }, persona: { value: 1 } });
  });

  it("turn an NPC's grade name into its Ob number", () => {
    expect(migrateNpcSource(systemOf("npc-v0"))).toMatchObject({ ob: 3 });
    expect(migrateNpcSource({ ob: "legendary" })).toMatchObject({ ob: 5 });
  });

  it("move a skill's `type` to `skillType` in lower case and drop the stored Magic flag", () => {
    const migrated = migrateSkillSource(systemOf("skill-v0"));
    expect(migrated).toMatchObject({ skillType: "magic", rating: 2, passed: 1 });
    expect(migrated).not.toHaveProperty("type");
    expect(migrated).not.toHaveProperty("magic");
  });

  it("move a trait's notes, a fallout's value and a lifepath's types to today's fields", () => {
    expect(migrateTraitSource(systemOf("trait-v0"))).toEqual({ description: "<p>Never yields.</p>", schemaVersion: SCHEMA_VERSION });
    expect(migrateFalloutSource(systemOf("fallout-v0"))).toEqual({ rating: 2, permanent: false, schemaVersion: SCHEMA_VERSION });
    expect(migrateLifepathSource(systemOf("lifepath-v0"))).toMatchObject({ skillTypes: ["fight", "expertise", "survive"] });
  });

  it("leave a current source as it is", () => {
    const current = systemOf("character-v1");
    expect(migrateCharacterSource(structuredClone(current))).toEqual(current);
    const skill = { schemaVersion: 1, skillType: "fight", rating: 3, passed: 0, failed: 0, description: "" };
    expect(migrateSkillSource(structuredClone(skill))).toEqual(skill);
  });

  it("leave a partial source's other data alone (Foundry may pass only the changed keys)", () => {
    expect(migrateCharacterSource({ drives: { goal: "Reach the sea" } })).toEqual({ drives: { goal: "Reach the sea" }, schemaVersion: SCHEMA_VERSION });
    expect(migrateSkillSource({ rating: 4 })).toEqual({ rating: 4, schemaVersion: SCHEMA_VERSION });
    expect(migrateLifepathSource({ description: "x" })).toEqual({ description: "x", schemaVersion: SCHEMA_VERSION });
  });

  it("do not overwrite a new field with a stale old one", () => {
    expect(migrateSkillSource({ type: "lore", skillType: "fight" })).toMatchObject({ skillType: "fight" });
  });
});

describe("old documents load through the data models", () => {
  beforeEach(async () => {
    await installGoldHack();
  });

  it("an old character loads with Fate and Persona in place and its derived Potential", async () => {
    const actor = await createActor(fixture("character-v0"));
    // Fields added since version 1 (the Situation tie) take their defaults on both, so compare two loads.
    const current = await createActor(fixture("character-v1"));
    expect(actor.toObject().system).toEqual(current.toObject().system);
    expect(actor.toObject().system).toMatchObject(fixture("character-v1").system as object);
    expect(actor.potential).toBe(4);
  });

  it("an old NPC loads with its Ob as a number", async () => {
    const npc = await createActor(fixture("npc-v0"));
    expect(npc.system).toMatchObject({ ob: 3, potential: 4, schemaVersion: SCHEMA_VERSION });
  });

  it("old items load with today's fields, and an old Magic skill is Magic by its Type", async () => {
    const actor = await createActor({ name: "Holder", type: "character" });
    const [skill, trait, fallout, lifepath] = await addItems(actor, ["skill-v0", "trait-v0", "fallout-v0", "lifepath-v0"].map(fixture));
    expect(skill?.toObject().system).toEqual({ schemaVersion: 1, skillType: "magic", rating: 2, passed: 1, failed: 0, description: "" });
    expect(skill?.isMagic).toBe(true);
    expect(trait?.system).toMatchObject({ description: "<p>Never yields.</p>" });
    expect(fallout?.system).toMatchObject({ rating: 2, permanent: false });
    expect(lifepath?.system).toMatchObject({ skillTypes: ["fight", "expertise", "survive"] });
  });

  it("every fixture validates through its model once migrated", async () => {
    const env = await installGoldHack();
    for (const name of ["character-v0", "character-v1", "npc-v0", "skill-v0", "trait-v0", "fallout-v0", "lifepath-v0"]) {
      const doc = fixture(name);
      const type = String(doc.type);
      const Model = env.config.Actor.dataModels[type] ?? env.config.Item.dataModels[type];
      expect(Model?.validateSource(doc.system, { clean: false }), name).toEqual([]);
    }
  });
});

describe("old and hand-edited shapes load whole, unchanged in meaning (issue 9.4)", () => {
  let env: Awaited<ReturnType<typeof installGoldHack>>;
  let warnings: unknown[][];
  beforeEach(async () => {
    env = await installGoldHack();
    warnings = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args));
  });
  afterEach(() => vi.restoreAllMocks());

  /** A document as Foundry builds it from the database: constructed and prepared, no _preCreate. */
  function loadActor(name: string): GoldHackActor {
    const ActorClass = env.config.Actor.documentClass as unknown as new (data: PlainObject) => GoldHackActor & { prepareData(): void };
    const actor = new ActorClass(fixture(name));
    actor.prepareData();
    return actor;
  }

  it("a lifepath's Types stored as a list with capitals and spaces, at version 0 and at version 1", async () => {
    expect(migrateLifepathSource(systemOf("lifepath-v0-array"))).toEqual({ skillTypes: ["lore", "magic", "influence"], description: "<p>Books.</p>", schemaVersion: 1 });
    expect(migrateLifepathSource(systemOf("lifepath-v1-capitals"))).toEqual({ skillTypes: ["survive", "craft", "fight"], description: "", schemaVersion: 1 });
    const actor = await createActor({ name: "Holder", type: "character" });
    const [scholar, sailor] = await addItems(actor, [fixture("lifepath-v0-array"), fixture("lifepath-v1-capitals")]);
    expect(scholar?.system).toMatchObject({ skillTypes: ["lore", "magic", "influence"], freeSkillType: "lore" });
    expect(sailor?.system).toMatchObject({ skillTypes: ["survive", "craft", "fight"], freeSkillType: "survive" });
    expect(actor.items.size).toBe(2);
  });

  it("Fate and Persona stored above Potential are clamped when the character is prepared, not only on update", async () => {
    const actor = loadActor("character-v1-above-potential");
    expect(actor.system).toMatchObject({ potential: 4, fate: { value: 4, max: 4 }, persona: { value: 4, max: 4 } });
    // Spending reads the prepared value: 4 − 1, not 9 − 1.
    expect(await actor.spendFate()).toBe(true);
    expect(actor.system).toMatchObject({ fate: { value: 3 } });
  });

  it("a Fate that is not a number becomes 0 with a console note, and the character stays valid", () => {
    expect(migrateCharacterSource(systemOf("character-v0-bad-fate"))).toMatchObject({ fate: { value: 0 }, persona: { value: 2 } });
    expect(warnings.some((w) => String(w[0]).includes("fate was not a number"))).toBe(true);
    const actor = loadActor("character-v0-bad-fate");
    expect(actor.system).toMatchObject({ age: "adult", fate: { value: 0 }, persona: { value: 2, max: 3 }, drives: { belief: "Gold first" } });
    for (const odd of [true, Number.NaN, "", { value: "many" }, { value: Number.POSITIVE_INFINITY }, [3]]) {
      const Model = env.config.Actor.dataModels.character;
      expect(Model?.validateSource({ fate: odd }), JSON.stringify(odd)).toEqual([]);
    }
    // A current source with a plain number (hand-edited) keeps its number.
    expect(migrateCharacterSource({ schemaVersion: 1, fate: 2, persona: "1" })).toMatchObject({ fate: { value: 2 }, persona: { value: 1 } });
  });

  it("the old magic flag is removed only where the Type already says the same", () => {
    expect(migrateSkillSource(systemOf("skill-v0-not-magic"))).toEqual({ skillType: "fight", rating: 4, passed: 1, failed: 3, description: "", schemaVersion: 1 });
    expect(migrateSkillSource(systemOf("skill-v0"))).not.toHaveProperty("magic");
    // No Type at all: the flag was the only thing saying Magic.
    expect(migrateSkillSource(systemOf("skill-v0-magic-untyped"))).toMatchObject({ skillType: "magic", rating: 3, passed: 2, failed: 1 });
    // A Type that contradicts the flag: the dice it rolled with are kept, and the console names the old Type.
    expect(migrateSkillSource(systemOf("skill-v0-magic-conflict"))).toMatchObject({ skillType: "magic", rating: 2 });
    expect(warnings.some((w) => String(w[0]).includes("Type lore stored as Magic"))).toBe(true);
    // A hand-edited current skill with a capitalised Type.
    expect(migrateSkillSource({ schemaVersion: 1, skillType: " Craft", rating: 1 })).toMatchObject({ skillType: "craft" });
  });

  it("every old skill loads as an item of its actor, Magic exactly where it exploded before", async () => {
    const actor = await createActor({ name: "Holder", type: "character" });
    const names = ["skill-v0", "skill-v0-not-magic", "skill-v0-magic-untyped", "skill-v0-magic-conflict"];
    const skills = await addItems(actor, names.map(fixture));
    expect(skills.map((s) => s.isMagic)).toEqual([true, false, true, true]);
    expect(actor.items.size).toBe(names.length);
  });

  it("every new fixture validates through its model once migrated", () => {
    const names = ["lifepath-v0-array", "lifepath-v1-capitals", "character-v1-above-potential", "character-v0-bad-fate", "skill-v0-magic-untyped", "skill-v0-magic-conflict", "skill-v0-not-magic"];
    for (const name of names) {
      const doc = fixture(name);
      const type = String(doc.type);
      const Model = env.config.Actor.dataModels[type] ?? env.config.Item.dataModels[type];
      expect(Model?.validateSource(doc.system), name).toEqual([]);
    }
  });
});
