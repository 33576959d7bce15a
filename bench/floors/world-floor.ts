/**
 * The world bench's world, and its two loads (issue 32). `loadOurs` is Foundry's load of one actor through our
 * document classes and data models (migrateData, cleaning, validation, prepareData); `loadFloor` is the same stand-in
 * loading the same source with our preparation switched off: no data model, `system` left as stored, prepareData
 * with nothing of ours to run. What ours costs beyond the floor is our share. Tested: tests/bench/world-floor.test.ts.
 * Call after installGoldHack() (tests/foundry/documents.ts).
 */
import { state, StandInActor, StandInItem } from "../../tests/foundry/documents";
import type { PlainObject } from "../../tests/foundry/fields";

export const ITEMS = 50;
const SKILL_TYPES = ["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive"];
const AGES = ["child", "young", "adult", "elder"];

/** One stored actor: 35 Skills, 8 Traits, 5 Fallout, 2 Lifepaths (NPCs: Skills and Traits). Every fourth is old. */
export function source(n: number): PlainObject {
  const old = n % 4 === 3;
  const npc = n % 5 === 4;
  const items: PlainObject[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const id = `i${String(n).padStart(5, "0")}${String(i).padStart(3, "0")}`.slice(0, 16).padEnd(16, "x");
    if (i < 35 || (npc && i >= 43)) items.push({ _id: id, name: `Skill ${i}`, type: "skill", system: { skillType: SKILL_TYPES[i % 8], rating: i % 6, ...(old ? {} : { schemaVersion: 1 }) } });
    else if (i < 43) items.push({ _id: id, name: `Trait ${i}`, type: "trait", system: { description: `<p>Trait ${i}</p>` } });
    else if (i < 48) items.push({ _id: id, name: `Fallout ${i}`, type: "fallout", system: { rating: 1 + (i % 3) } });
    else items.push({ _id: id, name: `Lifepath ${i}`, type: "lifepath", system: {} });
  }
  const system = npc ? {} : { age: AGES[n % 4], fate: { value: 9 }, persona: { value: n % 5 }, drives: { belief: "B", goal: "G", instinct: "I" } };
  return { _id: `a${String(n).padStart(15, "0")}`, name: `Actor ${n}`, type: npc ? "npc" : "character", system: old ? system : { ...system, schemaVersion: 1 }, items };
}

/** Foundry's load of one actor: construct from source, embedded Items with it as parent, then prepare. */
function load(data: PlainObject, ActorClass: typeof StandInActor, ItemClass: typeof StandInItem): StandInActor {
  const { items, ...rest } = data;
  const actor = new ActorClass(rest);
  for (const entry of items as PlainObject[]) {
    const item = new ItemClass(entry, { parent: actor });
    actor.items.set(item.id, item);
  }
  actor.prepareData();
  return actor;
}

/** Through the registered classes: GoldHackActor and GoldHackItem, with our data models. */
export function loadOurs(data: PlainObject): StandInActor {
  return load(data, state.config.Actor.documentClass as unknown as typeof StandInActor, state.config.Item.documentClass as unknown as typeof StandInItem);
}

/** Our preparation switched off: the stand-in's own classes, `system` kept as the stored plain object. */
export class BareActor extends StandInActor {
  protected override _initialize(): void {
    this.system = (this._source.system ?? {}) as PlainObject;
  }
}
export class BareItem extends StandInItem {
  protected override _initialize(): void {
    this.system = (this._source.system ?? {}) as PlainObject;
  }
}

export function loadFloor(data: PlainObject): StandInActor {
  return load(data, BareActor, BareItem);
}
