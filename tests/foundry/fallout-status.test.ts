/**
 * The Fallout status on the document stand-ins: a character's Fallout items become one ActiveEffect with
 * the "goldhack-fallout" status (what Foundry draws on the actor's tokens), kept in step when a Fallout is
 * added, its rating changed, and removed; registered in either CONFIG.statusEffects shape.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackActor } from "../../src/documents/actor";
import { falloutStatus } from "../../src/status/fallout-status";
import { addItems, createActor, installGoldHack, type FoundryEnv, type StandInActor } from "./documents";

let env: FoundryEnv;
let mira: GoldHackActor;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const effectsOf = (actor: GoldHackActor) => (actor as unknown as StandInActor).effects.contents;
const statusOf = (actor: GoldHackActor) => effectsOf(actor).find((e) => e.statuses.has("goldhack-fallout"));

async function setUp(lang: "en" | "es", shape: "v13" | "v14"): Promise<void> {
  env = await installGoldHack({ lang });
  const dead = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };
  env.config.statusEffects = shape === "v13" ? [dead] : { dead };
  const { registerFalloutStatus } = await import("../../src/status/fallout-status-sync");
  registerFalloutStatus();
  mira = await createActor({ name: "Mira", type: "character", system: { age: "young" }, ownership: { default: 0, [env.player.id]: 3 } });
  env.setUser(env.player);
}

describe("falloutStatus", () => {
  it("lists the worst Fallout first, and is null without Fallout", () => {
    expect(falloutStatus([])).toBeNull();
    expect(
      falloutStatus([
        { name: "Wanted", rating: 1, permanent: false },
        { name: "Broken arm", rating: 3, permanent: true },
        { name: "Angry", rating: 1, permanent: false },
      ]),
    ).toEqual({
      count: 3,
      lines: [
        { name: "Broken arm", rating: 3, permanent: true },
        { name: "Angry", rating: 1, permanent: false },
        { name: "Wanted", rating: 1, permanent: false },
      ],
    });
  });
});

describe.each(["v13", "v14"] as const)("the Fallout status (%s CONFIG.statusEffects)", (shape) => {
  beforeEach(async () => setUp("en", shape));

  it("is registered beside core's statuses, pointing at the rules journal's Fallout page", () => {
    const statuses = env.config.statusEffects as unknown;
    const list = Array.isArray(statuses) ? statuses : Object.values(statuses as Record<string, unknown>);
    expect(list.map((s) => (s as { id: string }).id)).toEqual(["dead", "goldhack-fallout"]);
    expect(list[1]).toMatchObject({
      _id: "goldhackfallout0",
      name: "GOLDHACK.Status.Fallout",
      img: "icons/svg/blood.svg",
      reference: "Compendium.goldhack.rules-en.JournalEntry.jerulesreference.JournalEntryPage.jpchanges0000000",
    });
  });

  it("appears when a Fallout is taken, follows its rating, and goes when the last is removed", async () => {
    expect(statusOf(mira)).toBeUndefined();
    const [wanted] = await addItems(mira, [{ name: "Wanted", type: "fallout", system: { rating: 1 } }]);
    await settle();
    expect(statusOf(mira)).toMatchObject({ id: "goldhackfallout0", name: "Fallout: Wanted 1", img: "icons/svg/blood.svg" });

    await mira.takeFallout({ name: "Broken arm", rating: 2, permanent: true });
    await settle();
    expect(statusOf(mira)?.name).toBe("Fallout: Broken arm 2 (permanent), Wanted 1");
    expect(statusOf(mira)?.description).toBe("<ul><li>Broken arm 2 (permanent)</li><li>Wanted 1</li></ul>");

    await wanted?.update({ system: { rating: 3 } });
    await settle();
    expect(statusOf(mira)?.name).toBe("Fallout: Wanted 3, Broken arm 2 (permanent)");
    expect(effectsOf(mira)).toHaveLength(1);

    await wanted?.delete();
    await settle();
    expect(statusOf(mira)?.name).toBe("Fallout: Broken arm 2 (permanent)");
    await mira.items.getName("Broken arm")?.delete();
    await settle();
    expect(effectsOf(mira)).toEqual([]);
  });

  it("is written only by the client that changed the Fallout", async () => {
    await addItems(mira, [{ name: "Wanted", type: "fallout", system: { rating: 1 } }]);
    await settle();
    const effect = statusOf(mira);
    // Another client sees the same hook with the player's id: it writes nothing (it would update the same effect twice).
    env.setUser(env.gm);
    const item = mira.items.getName("Wanted");
    env.hooks.callAll("updateItem", item, { system: { rating: 5 } }, {}, env.player.id);
    await settle();
    expect(statusOf(mira)).toBe(effect);
    expect(statusOf(mira)?.name).toBe("Fallout: Wanted 1");
  });

  it("leaves Skills and Traits alone", async () => {
    await addItems(mira, [
      { name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 2 } },
      { name: "Wiseass", type: "trait" },
    ]);
    await settle();
    expect(effectsOf(mira)).toEqual([]);
  });
});

describe("the Fallout status in Spanish", () => {
  it("names the Secuelas and points at the Spanish journal", async () => {
    await setUp("es", "v14");
    await addItems(mira, [{ name: "Buscada", type: "fallout", system: { rating: 2 } }]);
    await settle();
    expect(statusOf(mira)?.name).toBe("Secuelas: Buscada 2");
    const entry = (env.config.statusEffects as Record<string, { reference: string }>)["goldhack-fallout"];
    expect(entry?.reference).toBe("Compendium.goldhack.rules-es.JournalEntry.jerulesreference.JournalEntryPage.jpchanges0000000");
  });
});
