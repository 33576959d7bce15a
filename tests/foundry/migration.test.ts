import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
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
    expect(actor.toObject().system).toEqual(fixture("character-v1").system);
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
