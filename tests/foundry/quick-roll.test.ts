/**
 * Quick rolls on the stand-ins: the binding registered with Shift by default and read at click time
 * (Foundry's held keys, or the click's own modifier flags), and a Skill rolled without the dialog at the
 * targeted NPC's Ob, else the character's last Ob (its test history), else Ob 1.
 */
import { resetDom } from "./dom-env";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { GoldHackActor } from "../../src/documents/actor";
import { quickRollHeld, quickRollOb } from "../../src/applications/sheets/quick-roll-keys";
import { chatMessages, createActor, createSela } from "./documents";
import { installRequestWorld, settle, type RequestWorld } from "./request-env";

const none = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };

describe("quickRollHeld", () => {
  const shift = [{ key: "ShiftLeft" }, { key: "ShiftRight" }];
  it("is held when a bound key is down, or the click carries its modifier", () => {
    expect(quickRollHeld(shift, new Set(["ShiftRight"]), none)).toBe(true);
    expect(quickRollHeld(shift, new Set(), { ...none, shiftKey: true })).toBe(true);
    expect(quickRollHeld(shift, new Set(), none)).toBe(false);
    expect(quickRollHeld(shift, new Set(["KeyQ"]), { ...none, ctrlKey: true })).toBe(false);
  });
  it("needs every modifier of a rebound key, and never fires with no binding", () => {
    const ctrlQ = [{ key: "KeyQ", modifiers: ["Control"] }];
    expect(quickRollHeld(ctrlQ, new Set(["KeyQ"]), { ...none, ctrlKey: true })).toBe(true);
    expect(quickRollHeld(ctrlQ, new Set(["KeyQ"]), none)).toBe(false);
    expect(quickRollHeld(ctrlQ, new Set(), { ...none, ctrlKey: true })).toBe(false);
    expect(quickRollHeld([], new Set(["ShiftLeft"]), { ...none, shiftKey: true })).toBe(false);
  });
});

describe("quickRollOb", () => {
  it("takes the target's Ob, else the last Ob, else 1", () => {
    expect(quickRollOb(4, 2)).toBe(4);
    expect(quickRollOb(null, 2)).toBe(2);
    expect(quickRollOb(null, undefined)).toBe(1);
    expect(quickRollOb(null, 0)).toBe(1);
  });
});

let world: RequestWorld;
let sela: GoldHackActor;
let swordsId: string;
let bindings: Map<string, { key: string; modifiers?: string[] }[]>;
const downKeys = new Set<string>();

/** game.keybindings and game.keyboard as Foundry has them: a registered action's bindings are its defaults until the user rebinds. */
function installKeybindings(): void {
  bindings = new Map();
  const g = globalThis as unknown as { game: Record<string, unknown> };
  g.game.keybindings = {
    register: (ns: string, action: string, config: { editable?: { key: string }[] }) => void bindings.set(`${ns}.${action}`, config.editable ?? []),
    get: (ns: string, action: string) => {
      const found = bindings.get(`${ns}.${action}`);
      if (!found) throw new Error(`keybinding ${ns}.${action} is not registered`);
      return found;
    },
  };
  g.game.keyboard = { downKeys };
}

const cardChoices = () => chatMessages().flatMap((m) => m.rolls.map((r) => (r as unknown as GoldHackRoll).test?.choice));

describe("quick rolls", () => {
  beforeEach(async () => {
    resetDom();
    world = await installRequestWorld("en");
    installKeybindings();
    downKeys.clear();
    const { registerQuickRollKeybinding } = await import("../../src/applications/sheets/quick-roll");
    registerQuickRollKeybinding();
    ({ actor: sela, skillId: swordsId } = await createSela(world.env));
    world.env.setUser(world.env.player);
  });

  it("registers Shift as the default binding, read at click time", async () => {
    const { isQuickRoll } = await import("../../src/applications/sheets/quick-roll");
    expect(bindings.get("goldhack.quickRoll")).toEqual([{ key: "ShiftLeft" }, { key: "ShiftRight" }]);
    expect(isQuickRoll(new MouseEvent("click", { shiftKey: true }))).toBe(true);
    expect(isQuickRoll(new MouseEvent("click"))).toBe(false);
    downKeys.add("ShiftLeft");
    expect(isQuickRoll(new MouseEvent("click"))).toBe(true);
    bindings.set("goldhack.quickRoll", [{ key: "KeyQ" }]);
    expect(isQuickRoll(new MouseEvent("click", { shiftKey: true }))).toBe(false);
  });

  it("rolls at Ob 1 first, then at the Ob of the character's last Test", async () => {
    const { quickRollSkill } = await import("../../src/applications/sheets/quick-roll");
    await quickRollSkill(sela, swordsId);
    await settle();
    const { GoldHackRoll } = await import("../../src/dice/goldhack-roll");
    const first = cardChoices()[0];
    expect(first).toMatchObject({ kind: "skill", skillId: swordsId, ob: 1, persona: 0, modifiers: [] });
    // A Test through the dialog's path at Ob 3 becomes the last Ob.
    if (!first) throw new Error("no card");
    await GoldHackRoll.rollTest({ ...first, ob: 3 });
    await settle();
    await quickRollSkill(sela, swordsId);
    await settle();
    expect(cardChoices().map((c) => c?.ob)).toEqual([1, 3, 3]);
  });

  it("rolls at a single targeted NPC's Ob", async () => {
    world.env.setUser(world.env.gm);
    const npc = await createActor({ name: "Watchman", type: "npc", system: { ob: 4 } });
    world.env.setUser(world.env.player);
    Object.assign(world.env.player, { targets: new Set([{ actor: npc }]) });
    const { quickRollSkill } = await import("../../src/applications/sheets/quick-roll");
    await quickRollSkill(sela, swordsId);
    expect(cardChoices().map((c) => c?.ob)).toEqual([4]);
  });

  it("refuses a user who does not own the character, and rolls nothing", async () => {
    world.env.setUser(world.env.otherPlayer);
    const { quickRollSkill } = await import("../../src/applications/sheets/quick-roll");
    expect(await quickRollSkill(sela, swordsId)).toBeNull();
    expect(world.env.notifications.warnings).toEqual(["You do not own Sela: nothing was changed."]);
    expect(chatMessages()).toEqual([]);
  });
});
