import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import type { GoldHackConfig } from "../../src/config";
import type { GoldHackApplications } from "../../src/documents/configured";
import { installApplications, sheetRegistrations } from "./applications";
import { installChatSupport, installDice } from "./dice";
import { installFoundry } from "./documents";
import { installSettings } from "./request-env";

/**
 * The whole init, as Foundry runs it: config, the hack hook, then every registration. A hack's change
 * made in goldhack.setup must already be in force when the data models and sheets are registered.
 */
describe("onInit with every registration", () => {
  it("registers documents, models, sheets, dice, helpers and the API, after the hack hook", async () => {
    const env = installFoundry({ lang: "es" });
    installDice();
    await installChatSupport("es");
    installSettings();
    installApplications();
    // What core's CONFIG holds before a system's init: the enrichers list and core's statuses (v13 shape).
    Object.assign(env.config, { TextEditor: { enrichers: [] }, statusEffects: [{ id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" }] });
    const hbs = Handlebars.create();
    Object.assign(globalThis, { Handlebars: hbs });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      env.hooks.once("goldhack.setup", (config) => {
        (config as GoldHackConfig).skillTypes.sail = { label: "MYHACK.Sail", explodes: true, practiceOrder: 8 };
      });
      const { onInit } = await import("../../src/hooks/init");
      const { GoldHackActor } = await import("../../src/documents/actor");
      const { GoldHackItem } = await import("../../src/documents/item");
      const { GoldHackRoll } = await import("../../src/dice/goldhack-roll");
      onInit();

      const config = env.config as unknown as {
        GOLDHACK: GoldHackConfig & { applications: GoldHackApplications };
        Actor: { documentClass: unknown; dataModels: Record<string, { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] }> };
        Item: { documentClass: unknown; dataModels: Record<string, { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] }> };
        Dice: { rolls: unknown[] };
        queries: Record<string, unknown>;
      };
      // Every GM action init registers has a declared schema in the table its refusals are tested by (issue 26).
      const { registeredGMActions } = await import("../../src/channel");
      const { SCHEMA_CASES } = await import("../support/action-schemas");
      const declared = new Set(SCHEMA_CASES.map((c) => c.action));
      expect(registeredGMActions().length).toBeGreaterThan(10);
      expect(registeredGMActions().filter((name) => !declared.has(name))).toEqual([]);
      expect(config.Actor.documentClass).toBe(GoldHackActor);
      expect(config.Item.documentClass).toBe(GoldHackItem);
      expect(Object.keys(config.Actor.dataModels).sort()).toEqual(["character", "npc"]);
      expect(Object.keys(config.Item.dataModels).sort()).toEqual(["fallout", "lifepath", "skill", "trait"]);
      // The hack's Type is known to the skill model: the hook ran before anything read the config.
      const skill = config.Item.dataModels.skill;
      expect(skill?.validateSource({ skillType: "sail", rating: 1 }, { clean: false })).toEqual([]);
      expect(skill?.validateSource({ skillType: "piracy", rating: 1 }, { clean: false })).not.toEqual([]);

      const registered = sheetRegistrations.filter((r) => r.action === "register");
      const types = registered.flatMap((r) => (r.options?.types as string[] | undefined) ?? []);
      expect(types.sort()).toEqual(["character", "fallout", "lifepath", "npc", "situation", "skill", "trait"]);
      expect(registered.every((r) => r.options?.makeDefault === true)).toBe(true);

      expect(config.Dice.rolls).toContain(GoldHackRoll);
      // The Test dialog documents open through CONFIG (src/documents/configured.ts), after the hack hook.
      const { LAZY_TEST_DIALOG } = await import("../../src/applications/dialogs/register");
      expect(config.GOLDHACK.applications.testDialog).toBe(LAZY_TEST_DIALOG);
      // GM actions ride the system socket (src/channel), not queries.
      expect(Object.keys(config.queries).filter((k) => k.startsWith("goldhack."))).toHaveLength(0);
      const game = globalThis as unknown as { game: { goldhack?: Record<string, unknown> } };
      expect(Object.keys(game.game.goldhack ?? {}).sort()).toEqual(["ageCharacter", "buildCharacter", "checkCharacter", "clearTestMemory", "drivesBoard", "endSession", "hackCompendiums", "inlineTest", "openHackEditor", "planDowntime", "proposeTest", "requestTest", "retireCharacter", "rewriteDrives", "showCharacterCheck", "startDowntime", "startGroupTest", "startSession", "testHistory", "traitVote", "viewCharacterDraft"]);
      expect((env.config.TextEditor as { enrichers: { id: string }[] }).enrichers.map((e) => e.id)).toEqual(["goldhackInlineTest"]);
      expect((env.config.statusEffects as { id: string }[]).map((s) => s.id)).toEqual(["dead", "goldhack-fallout"]);
      expect(hbs.compile("{{ghObLabel 2}}")({})).toBe("Ob 2 · Digno");
      expect(errors).toEqual([]);
    } finally {
      console.error = original;
    }
  });
});
