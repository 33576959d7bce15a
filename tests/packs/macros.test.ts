import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { docsOf, LANGS, ruleId, twins, unresolved, uuidLinks } from "./authored-packs";
import { REPO_ROOT, type SourceDocument } from "./read-sources";

const NAMES = ["Roll a Test", "Test Potential"];
/** What each macro must hand to actor.rollTest: no skillId lets the user choose; null is Potential. */
const EXPECTED_CALL: Record<string, unknown> = { [ruleId("ma", "Roll a Test")]: {}, [ruleId("ma", "Test Potential")]: { skillId: null } };

// Foundry runs a script macro as the body of an async function with these parameters, inside a block.
const MACRO_PARAMS = ["speaker", "actor", "token", "character", "scope"];
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<unknown>;

const commandOf = (doc: SourceDocument): string => doc.command as string;
const withoutComments = (code: string): string => code.replace(/\/\/[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
const withoutStrings = (code: string): string => code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');

/** The only names a macro may touch: Foundry's globals it needs, our actor API and its own locals. */
const ALLOWED_FREE = new Set(["canvas", "game", "ui", "const", "if", "return", "typeof", "null", "subject", "skillId"]);
const ALLOWED_MEMBERS = new Set(["tokens", "controlled", "actor", "user", "character", "notifications", "warn", "i18n", "localize", "isOwner", "rollTest"]);

const langKeys = (code: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(REPO_ROOT, `lang/${code}.json`), "utf8")) as { GOLDHACK: { Macro?: Record<string, string> } }).GOLDHACK.Macro ?? {};

interface StandInActor {
  name: string;
  isOwner: boolean;
  rollTest?: (options: unknown) => Promise<string>;
}
const actorStandIn = (name: string, isOwner = true, canTest = true): StandInActor => ({
  name,
  isOwner,
  ...(canTest ? { rollTest: vi.fn(async (options: unknown) => `dialog for ${name}: ${JSON.stringify(options)}`) } : {}),
});

/** Runs a macro the way Foundry does, against small stand-ins for canvas, game and ui. */
async function run(command: string, world: { selected?: StandInActor[]; character?: StandInActor | null; canvasReady?: boolean }) {
  const warn = vi.fn();
  vi.stubGlobal("ui", { notifications: { warn } });
  vi.stubGlobal("game", { i18n: { localize: (key: string) => `«${key}»` }, user: { character: world.character ?? null } });
  vi.stubGlobal("canvas", world.canvasReady === false ? { tokens: undefined } : { tokens: { controlled: (world.selected ?? []).map((actor) => ({ actor })) } });
  const fn = new AsyncFunction(...MACRO_PARAMS, `{${command}\n}`);
  const result = await fn(undefined, undefined, undefined, world.character ?? null, {});
  return { result, warn };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(LANGS)("macros-%s", (code) => {
  const macros = docsOf(`macros-${code}`).map((e) => e.doc);
  const english = docsOf("macros-en").map((e) => e.doc);

  it("holds the two macros as global script macros with the rule's ids and keys", () => {
    expect(macros.map((m) => m._id).sort()).toEqual(NAMES.map((n) => ruleId("ma", n)).sort());
    for (const macro of macros) {
      const englishName = english.find((m) => m._id === macro._id)?.name ?? "";
      expect(macro._id).toBe(ruleId("ma", englishName));
      expect(macro._key).toBe(`!macros!${macro._id}`);
      expect(macro).toMatchObject({ type: "script", scope: "global", folder: null, ownership: { default: 0 } });
      expect(macro.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(macro.name.trim()).not.toBe("");
    }
  });

  it("parses as JavaScript, both as Foundry wraps it and bare", () => {
    for (const macro of macros) {
      expect(() => new AsyncFunction(...MACRO_PARAMS, `{${commandOf(macro)}\n}`), macro.name).not.toThrow();
      expect(() => new AsyncFunction(...MACRO_PARAMS, commandOf(macro)), macro.name).not.toThrow();
    }
  });

  it("touches only canvas, game.user, game.i18n, ui.notifications and actor.rollTest", () => {
    for (const macro of macros) {
      const code = withoutStrings(withoutComments(commandOf(macro)));
      const members = [...code.matchAll(/\.\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string);
      const free = [...code.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string);
      expect(members.filter((name) => !ALLOWED_MEMBERS.has(name)), macro.name).toEqual([]);
      expect(free.filter((name) => !ALLOWED_FREE.has(name)), macro.name).toEqual([]);
      expect(code, macro.name).toContain("rollTest(");
    }
  });

  it("localises every message it shows, with keys present in both languages", () => {
    for (const macro of macros) {
      const keys = [...commandOf(macro).matchAll(/game\.i18n\.localize\("GOLDHACK\.Macro\.(\w+)"\)/g)].map((m) => m[1] as string);
      expect(keys.length, macro.name).toBeGreaterThanOrEqual(3);
      for (const key of keys) {
        expect(langKeys("en")[key], `en GOLDHACK.Macro.${key}`).toBeTruthy();
        expect(langKeys("es")[key], `es GOLDHACK.Macro.${key}`).toBeTruthy();
      }
      expect(commandOf(macro), "no hard-coded notification text").not.toMatch(/warn\(\s*["'`]/);
    }
  });

  it("has no content links, or only ones that resolve", () => {
    for (const macro of macros) for (const link of uuidLinks(macro)) expect(unresolved(link.uuid), link.uuid).toBeNull();
  });

  describe.each(NAMES)("%s, run against stand-ins", (name) => {
    const macro = macros.find((m) => m._id === ruleId("ma", name)) as SourceDocument;
    const expected = EXPECTED_CALL[macro._id];

    it("opens the Test dialog for the selected token's actor, in preference to the assigned character", async () => {
      const selected = actorStandIn("Mira");
      const assigned = actorStandIn("Bram");
      const { result, warn } = await run(commandOf(macro), { selected: [selected], character: assigned });
      expect(warn).not.toHaveBeenCalled();
      expect(selected.rollTest).toHaveBeenCalledTimes(1);
      expect(selected.rollTest).toHaveBeenCalledWith(expected);
      expect(assigned.rollTest).not.toHaveBeenCalled();
      expect(result).toBe(`dialog for Mira: ${JSON.stringify(expected)}`);
    });

    it("falls back to the user's assigned character, also when the canvas has no token layer", async () => {
      for (const canvasReady of [true, false]) {
        const assigned = actorStandIn("Orla");
        const { warn } = await run(commandOf(macro), { character: assigned, canvasReady });
        expect(warn).not.toHaveBeenCalled();
        expect(assigned.rollTest).toHaveBeenCalledWith(expected);
      }
    });

    it("warns, localised, and opens nothing when there is no actor", async () => {
      const { result, warn } = await run(commandOf(macro), {});
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith("«GOLDHACK.Macro.NoActor»");
      expect(result).toBeUndefined();
    });

    it("warns and opens nothing for an actor the user does not own", async () => {
      const stranger = actorStandIn("Corvin", false);
      const { warn } = await run(commandOf(macro), { selected: [stranger] });
      expect(warn).toHaveBeenCalledWith("«GOLDHACK.Macro.NotOwner»");
      expect(stranger.rollTest).not.toHaveBeenCalled();
    });

    it("warns when the actor has no Test API", async () => {
      const { warn } = await run(commandOf(macro), { selected: [actorStandIn("Statue", true, false)] });
      expect(warn).toHaveBeenCalledWith("«GOLDHACK.Macro.CannotTest»");
    });
  });
});

describe("macros-en and macros-es are twins", () => {
  const { pairs, enOnly, esOnly } = twins("macros");

  it("hold the same macros running the same code, with translated names and comments", () => {
    expect(enOnly).toEqual([]);
    expect(esOnly).toEqual([]);
    expect(pairs).toHaveLength(NAMES.length);
    for (const { en, es } of pairs) {
      expect(es.doc.name).not.toBe(en.doc.name);
      expect(es.doc.img).toBe(en.doc.img);
      expect(withoutComments(commandOf(es.doc)).trim()).toBe(withoutComments(commandOf(en.doc)).trim());
      expect(commandOf(es.doc)).not.toBe(commandOf(en.doc));
    }
  });
});
