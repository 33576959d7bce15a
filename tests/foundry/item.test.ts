import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TestRequest } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import type { GoldHackItem } from "../../src/documents/item";
import { addItems, createActor, type FoundryEnv, installGoldHack, type StandInMacro } from "./documents";

// The dialog records what it was opened for and is cancelled: these tests are about who calls it.
const prompts = vi.hoisted(() => [] as { actor: unknown; request: TestRequest }[]);
vi.mock("../../src/applications/dialogs/test-dialog", () => ({
  GoldHackTestDialog: {
    prompt: async (actor: unknown, request: TestRequest) => {
      prompts.push({ actor, request });
      return null;
    },
  },
}));

let env: FoundryEnv;
let actor: GoldHackActor;
let cast: GoldHackItem;
let swords: GoldHackItem;
let stubborn: GoldHackItem;

beforeEach(async () => {
  prompts.length = 0;
  env = await installGoldHack();
  actor = await createActor({ name: "Sela", type: "character", ownership: { default: 0, [env.player.id]: 3 } });
  const items = await addItems(actor, [
    { name: "Cast", type: "skill", img: "icons/cast.webp", system: { skillType: "magic", rating: 2 } },
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 3 } },
    { name: "Stubborn", type: "trait" },
  ]);
  [cast, swords, stubborn] = items as [GoldHackItem, GoldHackItem, GoldHackItem];
  env.player.permissions.add("MACRO_SCRIPT");
  env.setUser(env.player);
});

const game = () => globalThis as unknown as { game: { macros: Map<string, StandInMacro> }; fromUuidSync: (uuid: string) => unknown };

describe("GoldHackItem", () => {
  it("isMagic follows the skill's Type; a trait is never Magic", () => {
    expect(cast.isMagic).toBe(true);
    expect(swords.isMagic).toBe(false);
    expect(stubborn.isMagic).toBe(false);
  });

  it("roll() asks the owning actor to test this skill", async () => {
    expect(await swords.roll()).toBeNull();
    expect(prompts).toEqual([{ actor, request: { kind: "skill", skillId: swords.id } }]);
  });

  it("roll() does nothing for a trait", async () => {
    expect(await stubborn.roll()).toBeNull();
    expect(prompts).toEqual([]);
  });
});

describe("hotbar drop", () => {
  const drop = async (item: GoldHackItem, slot: number) => {
    const { onHotbarDrop } = await import("../../src/hooks/hotbar-drop");
    const result = onHotbarDrop(null, { type: "Item", uuid: item.uuid }, slot);
    await vi.waitFor(() => expect(env.player.hotbar[slot]).toBeDefined());
    return result;
  };

  it("turns a dropped skill into a script macro in that slot, and stops Foundry's default", async () => {
    expect(await drop(swords, 3)).toBe(false);
    const macros = [...game().game.macros.values()];
    expect(macros).toHaveLength(1);
    const macro = macros[0] as StandInMacro;
    expect(macro.name).toBe("Swords");
    expect(macro._source).toMatchObject({ type: "script", author: env.player.id });
    expect(env.player.hotbar[3]).toBe(macro.id);
  });

  it("reuses the same macro when the skill is dropped again", async () => {
    await drop(cast, 1);
    await drop(cast, 2);
    const macros = [...game().game.macros.values()];
    expect(macros).toHaveLength(1);
    expect(env.player.hotbar).toEqual({ 1: macros[0]?.id, 2: macros[0]?.id });
  });

  it("the macro rolls the skill when run", async () => {
    await drop(cast, 5);
    const macro = [...game().game.macros.values()][0] as StandInMacro;
    await macro.execute();
    expect(prompts).toEqual([{ actor, request: { kind: "skill", skillId: cast.id } }]);
  });

  it("the macro warns, localised, when its skill is gone", async () => {
    await drop(cast, 5);
    env.setUser(env.gm);
    await cast.delete();
    env.setUser(env.player);
    await ([...game().game.macros.values()][0] as StandInMacro).execute();
    expect(prompts).toEqual([]);
    expect(env.notifications.warnings).toEqual(["The Skill Cast of this macro no longer exists."]);
  });

  it("leaves traits, other drops and unknown uuids to Foundry", async () => {
    const { onHotbarDrop } = await import("../../src/hooks/hotbar-drop");
    expect(onHotbarDrop(null, { type: "Item", uuid: stubborn.uuid }, 1)).toBeUndefined();
    expect(onHotbarDrop(null, { type: "Macro", uuid: "Macro.x" }, 1)).toBeUndefined();
    expect(onHotbarDrop(null, { type: "Item", uuid: "Actor.none.Item.none" }, 1)).toBeUndefined();
    expect(onHotbarDrop(null, "nonsense", 1)).toBeUndefined();
    expect(game().game.macros.size).toBe(0);
  });

  it("leaves the drop to Foundry for a user who may not make script macros", async () => {
    env.player.permissions.delete("MACRO_SCRIPT");
    const { onHotbarDrop } = await import("../../src/hooks/hotbar-drop");
    expect(onHotbarDrop(null, { type: "Item", uuid: swords.uuid }, 1)).toBeUndefined();
    expect(game().game.macros.size).toBe(0);
  });

  it("is registered as the hotbarDrop hook", async () => {
    (await import("../../src/hooks/hotbar-drop")).registerHotbarDrop();
    env.hooks.callAll("hotbarDrop", null, { type: "Item", uuid: swords.uuid }, 7);
    await vi.waitFor(() => expect(env.player.hotbar[7]).toBeDefined());
  });
});
