/**
 * The world and startup benches' floor loads the same world as ours (issue 32: like for like): the same actors
 * and Items, ids, names and types, from the same stored sources; only our preparation is off (no data model: the
 * stored `system` kept as it is, where ours migrates and prepares it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { installGoldHack, type StandInActor } from "../foundry/documents";

type Floor = typeof import("../../bench/floors/world-floor");
let floor: Floor;

beforeAll(async () => {
  await installGoldHack();
  floor = await import("../../bench/floors/world-floor");
});

const shape = (actor: StandInActor) => ({
  id: actor.id,
  name: actor.name,
  type: actor.type,
  items: [...actor.items.values()].map((i) => `${i.id} ${i.type} ${i.name}`),
});

describe("the world bench's floor", () => {
  it("loads the same actors and Items as ours, old sources and NPCs included", () => {
    for (let n = 0; n < 20; n++) {
      const ours = floor.loadOurs(structuredClone(floor.source(n)));
      const bare = floor.loadFloor(structuredClone(floor.source(n)));
      expect(shape(bare)).toEqual(shape(ours));
      expect(bare.items.size).toBe(floor.ITEMS);
    }
  });

  it("does none of our preparation: the stored system stays as stored, where ours migrates and prepares it", () => {
    const old = floor.source(3); // every fourth source is version 0
    const ours = floor.loadOurs(structuredClone(old));
    const bare = floor.loadFloor(structuredClone(old));
    expect(bare.system).toEqual(old.system);
    expect(bare.constructor.name).toBe("BareActor");
    expect(ours.constructor.name).not.toBe("BareActor");
    expect((ours.system as { schemaVersion?: number }).schemaVersion).toBe(1);
    expect((bare.system as { schemaVersion?: number }).schemaVersion).toBeUndefined();
  });
});
