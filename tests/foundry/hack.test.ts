import "./dom-env";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { learnTypeOptions } from "../../src/applications/dialogs/test-dialog-context";
import { buildCharacterSheetContext } from "../../src/applications/sheets/character-context";
import { LAZY_TEST_DIALOG } from "../../src/applications/dialogs/register";
import { createConfig, type GoldHackConfig } from "../../src/config";
import type { TestDialogClass } from "../../src/documents/configured";
import { applyHack, SRD_HACK } from "../../src/rules";
import { installApplications, type StandInApplicationV2, useRealTemplates } from "./applications";
import { addItems, createActor, type FoundryEnv, installFoundry } from "./documents";
import { installSettings, settingMenus } from "./request-env";
import { installVariantShape } from "./popped-out";
import { change, click } from "./user-input";

/**
 * The three ways to use a hack, through the one loader: a module whose manifest declares the hack (the
 * example, built by scripts/build-hack-module.mjs), the world setting the GM's editor writes, and a broken
 * hack refused whole. `game.modules` here holds what Foundry reads from each installed manifest: id,
 * title, active and the manifest's flags (Foundry keeps a package's manifest `flags` on the package).
 */
const ROOT = process.cwd(); // vitest runs at the repository root
let builtManifest: { id: string; title: string; flags: Record<string, unknown> };
let hackText: string;

beforeAll(() => {
  const dest = mkdtempSync(join(tmpdir(), "goldhack-hack-"));
  const run = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts/build-hack-module.mjs"), join(ROOT, "examples/sea-hack"), "--dest", dest], { cwd: ROOT, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  builtManifest = JSON.parse(readFileSync(join(dest, "goldhack-tides/module.json"), "utf8"));
  hackText = readFileSync(join(dest, "goldhack-tides/hack.json"), "utf8");
}, 60_000);

type Modules = Map<string, { id: string; title: string; active: boolean; flags: Record<string, unknown> }>;
function setModules(modules: { id: string; title: string; flags: Record<string, unknown>; active?: boolean }[]): void {
  const map: Modules = new Map(modules.map((m) => [m.id, { active: true, ...m }]));
  (globalThis as unknown as { game: { modules: Modules } }).game.modules = map;
}

let env: FoundryEnv;
async function init(): Promise<void> {
  const { registerHackSettings } = await import("../../src/hack/register");
  const { setupConfig } = await import("../../src/hooks/setup-config");
  const { registerApplications } = await import("../../src/applications/dialogs/register");
  const { registerDataModels } = await import("../../src/data/register");
  const { registerDocuments } = await import("../../src/documents/register");
  registerHackSettings();
  setupConfig();
  registerApplications();
  registerDataModels();
  registerDocuments();
}

/** CONFIG.GOLDHACK without the windows it also holds: the game a hack gives. */
function gameConfig(): Omit<NonNullable<FoundryEnv["config"]["GOLDHACK"]>, "applications"> | undefined {
  if (!env.config.GOLDHACK) return undefined;
  const { applications: _windows, ...game } = env.config.GOLDHACK;
  return game;
}

/** What the hack changes where players see it: the skill model, the dialog's Type choices, the sheet groups. */
async function observed() {
  const config = env.config.GOLDHACK;
  if (!config) throw new Error("init built no CONFIG.GOLDHACK");
  const skill = env.config.Item.dataModels.skill as unknown as { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] };
  const dialogTypes = learnTypeOptions({ i18n: env.i18n, skillTypes: config.skillTypes, obGrades: [], uid: "t" }, "sail").map((o) => [o.value, o.label, o.selected]);
  const actor = await createActor({ name: "Mara", type: "character", system: { age: "young" } });
  const items = [
    { name: "Rigging", type: "skill", system: { skillType: "sail", rating: 2 } },
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 3 } },
  ];
  const sailAccepted = skill.validateSource({ skillType: "sail", rating: 1 }, { clean: false }).length === 0;
  const created = sailAccepted ? await addItems(actor, items) : [];
  const sheet = buildCharacterSheetContext(
    { uuid: actor.uuid, name: actor.name, img: "", system: actor.system as never, items: created.map((i) => ({ id: i.id ?? "", name: i.name, type: i.type, system: i.system as never })) },
    { i18n: env.i18n, lang: env.i18n.lang, config, mode: "play", editable: true },
  );
  return { sailAccepted, dialogTypes, groups: sheet.skills.groups.map((g) => [g.type, g.label]), young: config.ages.young?.skillPoints, elder: config.ages.elder?.label };
}

beforeEach(async () => {
  env = installFoundry({ lang: "en" });
  installSettings();
  installApplications();
  await installVariantShape();
});

describe("the example hack, loaded as a module", () => {
  it("adds Sail to the skill model, the Test dialog's Types and the sheet's groups, and changes the chart", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags }]);
    await init();
    const seen = await observed();
    expect(seen.sailAccepted).toBe(true);
    expect(seen.dialogTypes.at(-1)).toEqual(["sail", "Sail", true]);
    expect(seen.groups).toEqual([["fight", "Fight"], ["sail", "Sail"]]);
    expect(seen.young).toBe(5);
    expect(seen.elder).toBe("Old salt");
    const { hackCompendiums, activeHack } = await import("../../src/hack/loader");
    expect(activeHack().source).toEqual({ kind: "module", id: "goldhack-tides", title: builtManifest.title });
    expect(hackCompendiums("lifepath")).toEqual(["goldhack.lifepaths-en", "goldhack-tides.lifepaths-en"]);
    expect(hackCompendiums("lifepath", "es")).toEqual(["goldhack.lifepaths-es", "goldhack-tides.lifepaths-es"]);
  });

  it("is ignored while its module is inactive: the SRD game, where Sail is refused", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags, active: false }]);
    await init();
    expect(gameConfig()).toEqual(createConfig());
    const seen = await observed();
    expect(seen.sailAccepted).toBe(false);
    expect(seen.dialogTypes.map((t) => t[0])).not.toContain("sail");
  });

  it("renames Fate in the strings once translations are loaded, whole words only", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags }]);
    await init();
    const { applyHackTranslations } = await import("../../src/hack/loader");
    const before = env.i18n.localize("GOLDHACK.Sheet.Pool.Fate");
    expect(before).toBe("Fate");
    expect(applyHackTranslations()).toBeGreaterThan(5);
    expect(env.i18n.localize("GOLDHACK.Sheet.Pool.Fate")).toBe("Luck");
    expect(env.i18n.localize("GOLDHACK.Sheet.Pool.Persona")).toBe("Persona");
  });
});

describe("the Skills a GM is told to reassign at ready", () => {
  it("are exactly the world's Skills whose Type is not in force, sorted by Type, owner and name, as documents to write through", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags }]);
    await init();
    const sela = await createActor({ name: "Sela", type: "character", system: { age: "young" } });
    const brom = await createActor({ name: "Brom", type: "character", system: { age: "young" } });
    await addItems(sela, [
      { name: "Rigging", type: "skill", system: { skillType: "sail", rating: 2 } },
      { name: "Sword", type: "skill", system: { skillType: "fight", rating: 3 } },
      { name: "Stubborn", type: "trait", system: {} },
    ]);
    const [knots] = await addItems(brom, [{ name: "Knots", type: "skill", system: { skillType: "sail", rating: 1 } }]);
    const { worldSkillsToReassign, worldSkills } = await import("../../src/hack/migration");
    expect(worldSkills().map((s) => `${s.owner} ${s.name} ${s.type}`)).toEqual(["Sela Rigging sail", "Sela Sword fight", "Brom Knots sail"]);
    // With the hack in force, Sail is known: nothing to reassign.
    expect(worldSkillsToReassign()).toEqual([]);
    // Without it (the SRD's Types), both Sail Skills, Brom's first.
    const reassign = worldSkillsToReassign(["fight", "magic"]);
    expect(reassign.map((s) => `${s.owner} ${s.name} ${s.type}`)).toEqual(["Brom Knots sail", "Sela Rigging sail"]);
    await reassign[0]?.reassign("fight");
    expect((knots?.system as { skillType?: string }).skillType).toBe("fight");
  });
});

describe("the same hack imported through the world setting", () => {
  it("gives the same result as the module", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags }]);
    await init();
    const viaModule = { config: structuredClone(gameConfig()), seen: await observed() };

    env = installFoundry({ lang: "en" });
    installSettings();
    installApplications();
    setModules([]);
    const { registerHackSettings } = await import("../../src/hack/register");
    registerHackSettings();
    await (globalThis as unknown as { game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } } }).game.settings.set("goldhack", "hack", hackText);
    await init();
    expect(gameConfig()).toEqual(viaModule.config);
    expect(await observed()).toEqual(viaModule.seen);
    const { activeHack } = await import("../../src/hack/loader");
    expect(activeHack().source).toEqual({ kind: "setting" });
  });

  it("wins over a module's hack, which is reported as not used", async () => {
    setModules([{ id: builtManifest.id, title: builtManifest.title, flags: builtManifest.flags }]);
    const { registerHackSettings } = await import("../../src/hack/register");
    registerHackSettings();
    await (globalThis as unknown as { game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } } }).game.settings.set("goldhack", "hack", JSON.stringify({ name: "Plain" }));
    await init();
    const { activeHack, reportHackLoad } = await import("../../src/hack/loader");
    expect(activeHack().ignored).toEqual([{ kind: "module", id: "goldhack-tides", title: builtManifest.title }]);
    reportHackLoad();
    expect(env.notifications.warnings.join("\n")).toContain("the module Tides of Gold");
  });
});

describe("a broken hack", () => {
  it("leaves the SRD game in force (with its own Types and ages kept) and shows the GM every problem, localised", async () => {
    const hack = JSON.parse(hackText);
    hack.chart.young.maxRating = 1;
    hack.ages.push({ key: "ancient", label: "Ancient" });
    setModules([{ id: "broken", title: "Broken Hack", flags: { goldhack: { hack } } }]);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await init();
      // The SRD game, plus the refused hack's own Type and age so that documents using them stay valid (issue 26).
      const { activeHack } = await import("../../src/hack/loader");
      expect(activeHack().kept).toEqual({ types: ["sail"], ages: ["ancient"] });
      const { sail, ...srdTypes } = env.config.GOLDHACK?.skillTypes ?? {};
      expect(sail?.explodes).toBe(false);
      expect(srdTypes).toEqual(createConfig().skillTypes);
      expect(env.config.GOLDHACK?.ages.young).toEqual(createConfig().ages.young);
      expect((await observed()).sailAccepted).toBe(true);
      const { reportHackLoad } = await import("../../src/hack/loader");
      reportHackLoad();
    } finally {
      console.error = original;
    }
    const shown = env.notifications.errors.join("\n");
    expect(shown).toContain("The hack from the module Broken Hack was refused, so the SRD game is in force.");
    // The labels players see, not the keys "young", "maxRating" and "ancient" (issue 29).
    expect(shown).toContain("The Young row's Max rating is 1; it must be at least 2.");
    expect(shown).toContain("The age \"Ancient\" has no row in the Basic Chart.");
    expect(errors.length).toBe(2); // the keys at init, the text at ready
    // The kept Type's and age's own labels are plain text ("Sail"), looked up as any label is; no key is missing.
    expect([...env.i18n.missing].filter((key) => key.startsWith("GOLDHACK."))).toEqual([]);
  });

  it("refuses a module flag naming a file (the build script inlines it) and broken JSON in the setting", async () => {
    setModules([{ id: "raw", title: "Raw", flags: { goldhack: { hack: "hack.json" } } }]);
    console.error = () => undefined;
    await init();
    const { activeHack } = await import("../../src/hack/loader");
    expect(activeHack().refused?.problems.map((p) => p.key)).toEqual(["GOLDHACK.Hack.Problem.NotJson"]);
    expect(gameConfig()).toEqual(createConfig());
  });

  it("refuses what a goldhack.setup hook breaks, and keeps the hook's valid changes otherwise", async () => {
    setModules([]);
    env.hooks.once("goldhack.setup", (config) => {
      const c = config as ReturnType<typeof createConfig>;
      if (c.ages.elder) c.ages.elder.fate = 9;
    });
    await init();
    const { activeHack } = await import("../../src/hack/loader");
    expect(activeHack().refused?.source).toEqual({ kind: "hook" });
    expect(env.config.GOLDHACK?.ages.elder?.fate).toBe(2);
    expect(activeHack().hack).toBe(SRD_HACK);
  });
});

describe("the windows in CONFIG.GOLDHACK.applications", () => {
  const moduleDialog: TestDialogClass = { prompt: async () => null, openingChoice: async () => null };

  it("are ours after init, whichever hack loaded", async () => {
    env.hooks.once("goldhack.setup", (config) => {
      (config as GoldHackConfig).skillTypes.sail = { label: "MYHACK.Sail", explodes: true, practiceOrder: 8 };
    });
    await init();
    expect(env.config.GOLDHACK?.skillTypes.sail).toBeDefined();
    expect(env.config.GOLDHACK?.applications.testDialog).toBe(LAZY_TEST_DIALOG);
  });

  it("keep a module's Test dialog put there in goldhack.setup, even when the hook's hack is refused and the SRD game reloaded", async () => {
    env.hooks.once("goldhack.setup", (config) => {
      const c = config as NonNullable<FoundryEnv["config"]["GOLDHACK"]>;
      c.applications.testDialog = moduleDialog;
      if (c.ages.elder) c.ages.elder.fate = 9;
    });
    await init();
    const { activeHack } = await import("../../src/hack/loader");
    expect(activeHack().refused?.source).toEqual({ kind: "hook" });
    expect(gameConfig()).toEqual(createConfig());
    expect(env.config.GOLDHACK?.applications.testDialog).toBe(moduleDialog);
  });

  it("survive installing another hack's config (what the hack editor does while it saves)", async () => {
    await init();
    const { installConfig } = await import("../../src/hack/loader");
    installConfig(applyHack(JSON.parse(hackText), "en"));
    expect(env.config.GOLDHACK?.skillTypes.sail).toBeDefined();
    expect(env.config.GOLDHACK?.applications.testDialog).toBe(LAZY_TEST_DIALOG);
  });
});

describe("a hack naming a prototype key (issue 26)", () => {
  it("is refused at load, so its strings never reach Object.prototype", async () => {
    const hack = JSON.parse(hackText);
    hack.strings = JSON.parse('{"en":{"GOLDHACK.__proto__.polluted":"yes","constructor.prototype.polluted2":"yes"}}');
    setModules([{ id: "evil", title: "Evil", flags: { goldhack: { hack } } }]);
    console.error = () => undefined;
    await init();
    const { activeHack, applyHackTranslations } = await import("../../src/hack/loader");
    expect(activeHack().refused?.problems.map((p) => p.key)).toEqual(["GOLDHACK.Hack.Problem.KeyForbidden", "GOLDHACK.Hack.Problem.KeyForbidden"]);
    applyHackTranslations();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted2).toBeUndefined();
  });
});

describe("the GM's hack editor", () => {
  it("renders in Spanish, shows the draft's problems live, lists Skills of a removed Type and saves the picks", async () => {
    env = installFoundry({ lang: "es" });
    installSettings();
    installApplications();
    setModules([]);
    await init();
    useRealTemplates("es");
    await installVariantShape();
    const actor = await createActor({ name: "Sela", type: "character", system: { age: "young" } });
    const [cast] = await addItems(actor, [{ name: "Cast", type: "skill", system: { skillType: "magic", rating: 2 } }]);
    const { GoldHackHackEditor } = await import("../../src/hack/hack-editor");
    const app = new GoldHackHackEditor();
    await app.render({ force: true });
    const form = app.element;
    const field = <T extends Element>(selector: string): T => {
      const found = form.querySelector<T>(selector);
      if (!found) throw new Error(`no ${selector} in the editor`);
      return found;
    };
    expect(form.textContent).toContain("Áreas de Habilidad");
    expect(form.textContent).toContain("Este hack se puede usar.");

    // Rename the magic Type's key: Cast's Type is gone from the draft.
    const magicKey = [...form.querySelectorAll<HTMLInputElement>("input[name$='.key']")].find((i) => i.value === "magic");
    if (!magicKey) throw new Error("no magic row");
    await change(field(`input[name='${magicKey.name.replace(".key", ".label.es")}']`), "Hechicería");
    await change(magicKey, "sorcery");
    const select = field<HTMLSelectElement>(`select[name='reassign.${cast?.id}']`);
    expect([...select.options].map((o) => o.textContent)).toContain("Hechicería");

    // A chart number below its minimum: the preview says why, and Save is disabled.
    await change(field("input[name='ages.0.maxRating']"), "1");
    expect(form.textContent).toContain("En la fila Infante, Rango máximo es 1; tiene que ser al menos 2.");
    expect(form.textContent, "keys, not the labels players see").not.toMatch(/maxRating|fila child/);
    expect(field<HTMLButtonElement>("[data-action='saveHack']").disabled).toBe(true);

    await change(field("input[name='ages.0.maxRating']"), "3");
    await change(field(`select[name='reassign.${cast?.id}']`), "sorcery");
    await click(field("[data-action='saveHack']"));
    expect((app as unknown as StandInApplicationV2).errors).toEqual([]);
    expect((cast?.system as { skillType?: string } | undefined)?.skillType).toBe("sorcery");
    const saved = JSON.parse(String((globalThis as unknown as { game: { settings: { get(s: string, k: string): unknown } } }).game.settings.get("goldhack", "hack")));
    expect(saved.types.map((t: { key: string }) => t.key)).toContain("sorcery");
    expect(env.notifications.infos.join("\n")).toContain("1 Habilidad reasignada");
    // Saving swapped CONFIG.GOLDHACK for the new hack and back: the windows documents open are still there.
    expect(gameConfig()).toEqual(createConfig());
    expect(env.config.GOLDHACK?.applications.testDialog).toBe(LAZY_TEST_DIALOG);
  });
});

describe("a hack without the SRD's Expertise and Adult", () => {
  it("still creates a Skill with no Type named, a character with no age and an NPC: the config's first Type and age", async () => {
    setModules([]);
    const { registerHackSettings } = await import("../../src/hack/register");
    registerHackSettings();
    const hack = {
      name: "No experts, no adults",
      types: SRD_HACK.types?.filter((t) => t.key !== "expertise"),
      ages: SRD_HACK.ages?.filter((a) => a.key !== "adult"),
      chart: Object.fromEntries(Object.entries(SRD_HACK.chart ?? {}).filter(([age]) => age !== "adult")),
    };
    await (globalThis as unknown as { game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } } }).game.settings.set("goldhack", "hack", JSON.stringify(hack));
    await init();
    const config = env.config.GOLDHACK;
    if (!config) throw new Error("init built no CONFIG.GOLDHACK");
    const { activeHack } = await import("../../src/hack/loader");
    expect(activeHack().source).toEqual({ kind: "setting" });
    expect(Object.keys(config.skillTypes)).not.toContain("expertise");
    const [firstType] = Object.keys(config.skillTypes);
    const [firstAge] = Object.keys(config.ages);
    if (firstType === undefined || firstAge === undefined) throw new Error("the hack left no Type or age");

    const actor = await createActor({ name: "Mara", type: "character" });
    expect(actor.system).toMatchObject({ age: firstAge, fate: { value: config.ages[firstAge]?.fate }, persona: { value: config.ages[firstAge]?.persona } });
    const [skill] = await addItems(actor, [{ name: "Rigging", type: "skill", system: { rating: 2 } }]);
    expect(skill?.system).toMatchObject({ skillType: firstType, rating: 2 });
    const npc = await createActor({ name: "Reef", type: "npc" });
    expect(npc.system).toMatchObject({ potential: config.ages[firstAge]?.potential });
    // An untrained Test to learn a Skill, no Type named: it opens on the first Type, so nothing blocks the roll.
    const { openingChoice } = await import("../../src/applications/dialogs/test-dialog-choice");
    expect(openingChoice(actor as never, { kind: "potential", learnSkillName: "Sail" })).toMatchObject({ learnSkillName: "Sail", learnSkillType: firstType });
  });
});

type Settings = { get(s: string, k: string): unknown; set(s: string, k: string, v: unknown): Promise<unknown> };
const settings = (): Settings => (globalThis as unknown as { game: { settings: Settings } }).game.settings;

/** The example hack with an added age, "ancient", and its chart row: a hack that adds a Type (Sail) and an age. */
function hackWithAncient(): Record<string, unknown> & { ages: unknown[]; chart: Record<string, Record<string, unknown>> } {
  const hack = JSON.parse(hackText);
  hack.ages.push({ key: "ancient", label: { en: "Ancient", es: "Anciana" } });
  hack.chart.ancient = { lifepaths: 4, skillPoints: 6, maxRating: 5, fate: 1, persona: 0, potential: 1, traits: 5 };
  return hack;
}

/** Whether the models accept a character of age "ancient" and a Skill of Type "sail". */
function accepts(): { ancient: boolean; sail: boolean } {
  const character = env.config.Actor.dataModels.character as unknown as { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] };
  const skill = env.config.Item.dataModels.skill as unknown as { validateSource(s: unknown, o?: { clean?: boolean }): unknown[] };
  return {
    ancient: character.validateSource({ age: "ancient", fate: { value: 0 }, persona: { value: 0 } }, { clean: false }).length === 0,
    sail: skill.validateSource({ skillType: "sail", rating: 1 }, { clean: false }).length === 0,
  };
}

describe("a hack refused after it was in force keeps the world loading (issue 26)", () => {
  it("keeps the last hack that loaded in force, and names the problem", async () => {
    setModules([{ id: "tides", title: "Tides", flags: { goldhack: { hack: hackWithAncient() } } }]);
    await init();
    expect(accepts()).toEqual({ ancient: true, sail: true });
    const { recordLastGoodHack } = await import("../../src/hack/loader");
    await recordLastGoodHack();
    const recorded = settings().get("goldhack", "hackLastGood");
    expect(JSON.parse(String(recorded)).source).toEqual({ kind: "module", id: "tides", title: "Tides" });

    // The next load (a reload: the world setting persists) meets the module with a typo in it.
    env = installFoundry({ lang: "en" });
    installSettings();
    installApplications();
    const broken = hackWithAncient();
    (broken.chart.ancient as Record<string, unknown>).traits = "5";
    setModules([{ id: "tides", title: "Tides", flags: { goldhack: { hack: broken } } }]);
    const { registerHackSettings } = await import("../../src/hack/register");
    registerHackSettings();
    await settings().set("goldhack", "hackLastGood", recorded);
    console.error = () => undefined;
    await init();
    const { activeHack, reportHackLoad } = await import("../../src/hack/loader");
    expect(activeHack().refused?.problems.map((p) => p.key)).toEqual(["GOLDHACK.Hack.Problem.ChartNumberNotWhole"]);
    expect(accepts()).toEqual({ ancient: true, sail: true });
    expect(env.config.GOLDHACK?.ages.young?.skillPoints).toBe(5);
    reportHackLoad();
    const shown = env.notifications.errors.join("\n");
    expect(shown).toContain("The hack from the module Tides was refused, so the last hack that loaded in this world, from the module Tides, stays in force.");
    // Named by the labels players see, not the keys "ancient" and "traits" (issue 29).
    expect(shown).toContain("The Ancient row's Traits must be a whole number, not 5.");
    expect(env.i18n.missing).toEqual(new Set());
  });

  it("with no last good hack, the SRD game keeps the refused hack's Types and ages, and the GM is shown who uses them", async () => {
    const broken = hackWithAncient();
    broken.chart.young = { ...broken.chart.young, maxRating: 1 };
    const { registerHackSettings } = await import("../../src/hack/register");
    setModules([]);
    registerHackSettings();
    await settings().set("goldhack", "hack", JSON.stringify(broken));
    console.error = () => undefined;
    await init();
    const { activeHack, reportHackLoad } = await import("../../src/hack/loader");
    expect(activeHack().source).toEqual({ kind: "srd" });
    expect(activeHack().kept).toEqual({ types: ["sail"], ages: ["ancient"] });
    expect(accepts()).toEqual({ ancient: true, sail: true });
    // The SRD's own rows are untouched; the kept age has its own (legal) row.
    expect(env.config.GOLDHACK?.ages.young?.maxRating).toBe(createConfig().ages.young?.maxRating);
    expect(env.config.GOLDHACK?.ages.ancient?.traits).toBe(5);
    const actor = await createActor({ name: "Old Mara", type: "character", system: { age: "ancient" } });
    await addItems(actor, [{ name: "Rigging", type: "skill", system: { skillType: "sail", rating: 2 } }]);
    expect((actor.system as { age?: string }).age).toBe("ancient");
    reportHackLoad();
    const { reportKeptDocuments } = await import("../../src/hack/register");
    reportKeptDocuments();
    expect(env.notifications.errors.join("\n")).toContain("the refused hack's own Types (Sail) and ages (Ancient) stay in force too");
    expect(env.notifications.errors.join("\n")).toContain("The Young row's Max rating is 1;");
    expect(env.notifications.warnings.join("\n")).toContain("characters of a kept age (Old Mara) and 1 Skill of a kept Type");
    expect(env.i18n.missing).toEqual(new Set());
  });
});

describe("the hack editor is the GM's, and Save is one transition (issue 26)", () => {
  async function openAsGm() {
    setModules([]);
    await init();
    useRealTemplates("en");
    const actor = await createActor({ name: "Sela", type: "character", system: { age: "young" } });
    const [cast] = await addItems(actor, [{ name: "Cast", type: "skill", system: { skillType: "magic", rating: 2 } }]);
    const { GoldHackHackEditor } = await import("../../src/hack/hack-editor");
    const app = new GoldHackHackEditor();
    await app.render({ force: true });
    return { app, cast };
  }

  it("a player is refused, localised, and no editor renders; the settings menu is GM-only", async () => {
    setModules([]);
    await init();
    const { openHackEditor, registerHack } = await import("../../src/hack/register");
    registerHack();
    expect(settingMenus.get("goldhack.hackEditor")?.restricted).toBe(true);
    env.setUser(env.player);
    await openHackEditor();
    expect(env.notifications.warnings).toEqual(["Only the GM can open the hack editor."]);
    const { GoldHackHackEditor } = await import("../../src/hack/hack-editor");
    const app = new GoldHackHackEditor();
    await app.render({ force: true });
    expect((app as unknown as { element?: unknown }).element ?? null).toBeNull();
    expect(env.notifications.warnings.length).toBe(2);
  });

  it("a refused setting write reassigns no Skill and says why", async () => {
    const { app, cast } = await openAsGm();
    const form = app.element;
    const magicKey = [...form.querySelectorAll<HTMLInputElement>("input[name$='.key']")].find((i) => i.value === "magic");
    if (!magicKey) throw new Error("no magic row");
    await change(magicKey, "sorcery");
    const select = form.querySelector<HTMLSelectElement>(`select[name='reassign.${cast?.id}']`);
    if (!select) throw new Error("no reassignment select");
    await change(select, "sorcery");
    const set = settings().set;
    settings().set = async (scope, key, value) => {
      if (key === "hack") throw new Error("the server refused the write");
      return set(scope, key, value);
    };
    const save = form.querySelector<HTMLButtonElement>("[data-action='saveHack']");
    if (!save) throw new Error("no Save");
    console.error = () => undefined;
    await click(save);
    expect((cast?.system as { skillType?: string }).skillType).toBe("magic");
    expect(settings().get("goldhack", "hack")).toBe("");
    expect(env.notifications.errors).toEqual(["The hack was not saved and no Skill was changed: the server refused the write"]);
    expect(app.element.textContent).toContain("The hack was not saved and no Skill was changed");

    // The write goes through on a second try: the setting first, then the Skill.
    settings().set = set;
    const again = app.element.querySelector<HTMLButtonElement>("[data-action='saveHack']");
    if (!again) throw new Error("no Save after the re-render");
    await click(again);
    expect((cast?.system as { skillType?: string }).skillType).toBe("sorcery");
    expect(JSON.parse(String(settings().get("goldhack", "hack"))).types.map((t: { key: string }) => t.key)).toContain("sorcery");
  });
});
