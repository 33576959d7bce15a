import { existsSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config";
import { StandInI18n } from "./i18n";

describe("registerHandlebars", () => {
  it("registers our helpers on Foundry's Handlebars with game.i18n, and preloads templates that exist", async () => {
    const hbs = Handlebars.create();
    const loaded: string[][] = [];
    Object.assign(globalThis, {
      Handlebars: hbs,
      game: { i18n: new StandInI18n("es") },
      CONFIG: { GOLDHACK: createConfig() },
      foundry: { applications: { handlebars: { loadTemplates: async (paths: string[]) => void loaded.push(paths) } } },
    });
    const { registerHandlebars, PRELOAD_TEMPLATES, TEST_DIALOG_TEMPLATES } = await import("../../src/applications/register");
    registerHandlebars();
    expect(hbs.compile("{{ghObLabel 3}} / {{ghObLabel 9}}")({})).toBe("Ob 3 · Formidable / Ob 9");
    expect(loaded).toEqual([[...PRELOAD_TEMPLATES]]);
    expect(PRELOAD_TEMPLATES).toEqual(expect.arrayContaining(Object.values(TEST_DIALOG_TEMPLATES)));
    for (const path of PRELOAD_TEMPLATES) {
      expect(path).toMatch(/^systems\/goldhack\/templates\//);
      expect(existsSync(new URL(`../../${path.replace(/^systems\/goldhack\//, "")}`, import.meta.url)), path).toBe(true);
    }
  });
});
