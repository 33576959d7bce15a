import { describe, expect, it } from "vitest";
import type { SheetItemSource } from "../../src/applications/sheets/actor-context";
import { buildCharacterSheetContext, type CharacterSheetOptions, RECENT_TESTS_SHOWN } from "../../src/applications/sheets/character-context";
import { buildNpcSheetContext } from "../../src/applications/sheets/npc-context";
import { createConfig } from "../../src/config";
import { sampleCharacter, sampleEnriched, sampleNpc, sampleTestHistory } from "../../preview/sample-data";
import type { TestHistoryEntry } from "../../src/data/test-history";
import { StandInI18n } from "./i18n";

const skill = (id: string, name: string, skillType: string, rating: number, passed = 0, failed = 0): SheetItemSource => ({
  id,
  name,
  type: "skill",
  system: { skillType, rating, passed, failed },
});

function character(items: SheetItemSource[], system: Record<string, unknown> = {}) {
  return {
    uuid: "Actor.x",
    name: "Ysolde",
    img: "a.png",
    system: { age: "adult", potential: 3, fate: { value: 2 }, persona: { value: 0 }, drives: { belief: "B", goal: "", instinct: "I" }, biography: "<p>b</p>", ...system },
    items,
  };
}

function options(over: Partial<CharacterSheetOptions> = {}): CharacterSheetOptions {
  return { i18n: new StandInI18n("en"), lang: "en", config: createConfig(), mode: "play", editable: true, ...over };
}

describe("the character sheet context", () => {
  it("groups Skills by Type in config order, with localised Type names, Magic marked as exploding", () => {
    const ctx = buildCharacterSheetContext(
      character([skill("1", "Cast", "magic", 2), skill("2", "Swords", "fight", 3), skill("3", "Bows", "fight", 1), skill("4", "Cooking", "craft", 1)]),
      options(),
    );
    expect(ctx.skills.groups.map((g) => g.type)).toEqual(["craft", "fight", "magic"]);
    expect(ctx.skills.groups.map((g) => g.label)).toEqual(["Craft", "Fight", "Magic"]);
    expect(ctx.skills.groups.map((g) => g.magic)).toEqual([false, false, true]);
    expect(ctx.skills.groups[1]?.skills.map((s) => s.name)).toEqual(["Bows", "Swords"]);
    expect(ctx.skills.count).toBe(4);
  });

  it("follows a hack's Types: its order, its new Types, and Skills of removed Types under Other", () => {
    const config = createConfig();
    const fight = config.skillTypes.fight;
    if (!fight) throw new Error("the SRD config has Fight");
    config.skillTypes = { sail: { label: "GOLDHACK.SkillType.Survive", explodes: false, practiceOrder: 0 }, fight };
    const ctx = buildCharacterSheetContext(character([skill("1", "Swords", "fight", 3), skill("2", "Knots", "sail", 1), skill("3", "Cast", "magic", 2)]), options({ config }));
    expect(ctx.skills.groups.map((g) => [g.type, g.label])).toEqual([
      ["sail", "Survive"],
      ["fight", "Fight"],
      ["", "Other"],
    ]);
  });

  it("shows empty Types only in edit mode, where they carry an add button", () => {
    const items = [skill("1", "Swords", "fight", 3)];
    expect(buildCharacterSheetContext(character(items), options()).skills.groups).toHaveLength(1);
    const edit = buildCharacterSheetContext(character(items), options({ mode: "edit" }));
    expect(edit.skills.groups).toHaveLength(8);
    expect(edit.skills.groups[0]).toMatchObject({ type: "craft", skills: [], addLabel: "Add a Craft Skill", emptyLabel: "No Craft Skills yet." });
  });

  it("draws rating + 1 passed pips and rating failed pips, and marks a Skill ready to advance", () => {
    const ctx = buildCharacterSheetContext(character([skill("1", "Swords", "fight", 3, 4, 3), skill("2", "Bows", "fight", 2, 1, 2)]), options());
    const [bows, swords] = ctx.skills.groups[0]?.skills ?? [];
    expect(swords?.learning?.passPips).toHaveLength(4);
    expect(swords?.learning?.failPips).toHaveLength(3);
    expect(swords?.learning?.ready).toBe(true);
    expect(bows?.learning?.passPips.filter((p) => p.filled)).toHaveLength(1);
    expect(bows?.learning?.failPips.filter((p) => p.filled)).toHaveLength(2);
    expect(bows?.learning?.ready).toBe(false);
    expect(swords?.rollLabel).toBe("Test Swords (3D)");
  });

  it("caps Fate and Persona pips at Potential and flags a stored value above it", () => {
    const ctx = buildCharacterSheetContext(character([], { potential: 3, fate: { value: 5 }, persona: { value: 1 } }), options());
    const [fate, persona] = ctx.pools;
    expect(fate).toMatchObject({ key: "fate", name: "system.fate.value", value: 5, max: 3, over: true });
    expect(fate?.pips).toHaveLength(3);
    expect(persona?.pips.map((p) => p.filled)).toEqual([true, false, false]);
    expect(persona?.over).toBe(false);
    expect(persona?.pips[1]?.label).toBe("Persona 2 of 3");
  });

  it("reads Potential from the age's chart row when the data has none (an unprepared source)", () => {
    const ctx = buildCharacterSheetContext(character([], { age: "child", potential: undefined }), options());
    expect(ctx.potential).toBe(5);
    expect(ctx.pools[0]?.pips).toHaveLength(5);
    expect(ctx.age).toMatchObject({ value: "child", label: "Child" });
    expect(ctx.age.options.map((o) => o.label)).toEqual(["Child", "Young", "Adult", "Elder"]);
  });

  it("switches between play and edit, and keeps a user who cannot edit in play mode without a switch", () => {
    const play = buildCharacterSheetContext(character([]), options());
    const edit = buildCharacterSheetContext(character([]), options({ mode: "edit" }));
    const locked = buildCharacterSheetContext(character([]), options({ mode: "edit", editable: false }));
    expect([play.editing, edit.editing, locked.editing]).toEqual([false, true, false]);
    expect(locked.modeToggle).toBeNull();
    expect(locked.pools[0]?.pips).toHaveLength(3);
  });

  it("shows a Limited viewer only the Biography tab", () => {
    const ctx = buildCharacterSheetContext(character([]), options({ limited: true, activeTab: "skills" }));
    expect(ctx.tabList.map((t) => t.id)).toEqual(["biography"]);
    expect(ctx.tabs.biography?.active).toBe(true);
    expect(buildCharacterSheetContext(character([]), options()).tabList).toHaveLength(5);
  });

  it("lists Drives, Traits, Fallout with recovery only when not permanent, and Lifepaths with the Types they open", () => {
    const items: SheetItemSource[] = [
      { id: "t", name: "Stubborn", type: "trait", system: { description: "<p>x</p>" } },
      { id: "f1", name: "Tired", type: "fallout", sort: 1, system: { rating: 2, permanent: false } },
      { id: "f2", name: "Scar", type: "fallout", sort: 0, system: { rating: 1, permanent: true } },
      { id: "l", name: "Esoteric", type: "lifepath", system: { skillTypes: ["magic", "craft", "lore"] } },
    ];
    const ctx = buildCharacterSheetContext(character(items), options({ enriched: { t: "<p>enriched</p>", biography: "<p>B!</p>" } }));
    expect(ctx.drives.fields.map((d) => [d.key, d.name, d.value])).toEqual([
      ["belief", "system.drives.belief", "B"],
      ["goal", "system.drives.goal", ""],
      ["instinct", "system.drives.instinct", "I"],
    ]);
    expect(ctx.drives.traits).toMatchObject([{ id: "t", name: "Stubborn", description: "<p>enriched</p>" }]);
    expect(ctx.fallout.rows.map((f) => [f.name, f.canRecover, f.penaltyLabel])).toEqual([
      ["Scar", false, "+1 Ob"],
      ["Tired", true, "+2 Ob"],
    ]);
    expect(ctx.lifepaths.rows[0]?.types).toEqual([
      { key: "magic", label: "Magic", free: true },
      { key: "craft", label: "Craft", free: false },
      { key: "lore", label: "Lore", free: false },
    ]);
    expect(ctx.lifepaths.openTypes.map((t) => t.key)).toEqual(["craft", "lore", "magic"]);
    expect(ctx.lifepaths.countLabel).toBe("Lifepaths: 1 of 3 (Adult)");
    expect(ctx.biography).toEqual({ name: "system.biography", source: "<p>b</p>", enriched: "<p>B!</p>" });
  });

  it("builds the sample character (40 Skills over all eight Types) in both languages with no missing keys", () => {
    for (const lang of ["en", "es"] as const) {
      const i18n = new StandInI18n(lang);
      const actor = sampleCharacter(lang);
      const ctx = buildCharacterSheetContext(actor, { ...options(), i18n, lang, enriched: sampleEnriched(actor, "biography") });
      expect(ctx.skills.count).toBe(40);
      expect(ctx.skills.groups).toHaveLength(8);
      expect(ctx.drives.traits).toHaveLength(6);
      expect(ctx.fallout.rows).toHaveLength(5);
      expect(ctx.lifepaths.rows).toHaveLength(3);
      expect(ctx.skills.groups.flatMap((g) => g.skills).some((s) => s.learning?.ready)).toBe(true);
      expect([...i18n.missing]).toEqual([]);
    }
  });
});

const test = (messageId: string, timestamp: number, over: Partial<TestHistoryEntry> = {}): TestHistoryEntry => ({
  messageId,
  messageUuid: `ChatMessage.${messageId}`,
  kind: "skill",
  skillId: "s1",
  skillName: "Swords",
  ob: 3,
  intent: "Hold the gangplank",
  task: "I fight them two at a time",
  outcome: "passed",
  timestamp,
  sceneId: null,
  memory: 0,
  requestId: null,
  ...over,
});

describe("the character sheet's recent Tests", () => {
  it("lists the history newest first, ties kept in the order given, with outcome, Skill, Ob, Intent and Task", () => {
    const history = [test("a", 10), test("b", 30, { outcome: "failed", skillName: "Sea", ob: 2 }), test("c", 20), test("d", 30)];
    const ctx = buildCharacterSheetContext(character([]), options({ history }));
    expect(ctx.recentTests.entries.map((e) => e.messageId)).toEqual(["b", "d", "c", "a"]);
    expect(ctx.recentTests.entries[0]).toEqual({
      messageId: "b",
      outcome: "failed",
      outcomeLabel: "Failed",
      skill: "Sea",
      ob: 2,
      intent: "Hold the gangplank",
      task: "I fight them two at a time",
    });
    expect(ctx.recentTests.entries[1]?.outcomeLabel).toBe("Passed");
  });

  it("shows at most RECENT_TESTS_SHOWN, the newest", () => {
    const history = Array.from({ length: 15 }, (_, i) => test(`m${i}`, i));
    const entries = buildCharacterSheetContext(character([]), options({ history })).recentTests.entries;
    expect(RECENT_TESTS_SHOWN).toBeGreaterThanOrEqual(5);
    expect(RECENT_TESTS_SHOWN).toBeLessThanOrEqual(10);
    expect(entries).toHaveLength(RECENT_TESTS_SHOWN);
    expect(entries[0]?.messageId).toBe("m14");
    expect(entries.at(-1)?.messageId).toBe(`m${15 - RECENT_TESTS_SHOWN}`);
  });

  it("names untrained and recovery Tests by Potential, in either language", () => {
    const history = [test("p", 2, { kind: "potential", skillId: null, skillName: "" }), test("r", 1, { kind: "recovery", skillId: null, skillName: "" })];
    const en = buildCharacterSheetContext(character([]), options({ history }));
    expect(en.recentTests.entries.map((e) => e.skill)).toEqual(["Potential", "Potential (recovery)"]);
    const i18n = new StandInI18n("es");
    const es = buildCharacterSheetContext(character([]), options({ history, i18n, lang: "es" }));
    expect(es.recentTests.entries.map((e) => [e.skill, e.outcomeLabel])).toEqual([
      ["Potencial", "Pasada"],
      ["Potencial (recuperación)", "Pasada"],
    ]);
    expect([...i18n.missing]).toEqual([]);
  });

  it("is empty without a history, and for a Limited viewer", () => {
    expect(buildCharacterSheetContext(character([]), options()).recentTests.entries).toEqual([]);
    expect(buildCharacterSheetContext(character([]), options({ history: [test("a", 1)], limited: true })).recentTests.entries).toEqual([]);
  });

  it("offers Request a Test to a GM only", () => {
    expect(buildCharacterSheetContext(character([]), options()).requestTest).toBeNull();
    expect(buildCharacterSheetContext(character([]), options({ isGM: false })).requestTest).toBeNull();
    expect(buildCharacterSheetContext(character([]), options({ isGM: true })).requestTest).toEqual({ label: "Request a Test" });
    expect(buildCharacterSheetContext(character([]), options({ isGM: true, limited: true })).requestTest).toBeNull();
  });

  it("has a sample history of 3 to 6 Tests in each language, all shown", () => {
    for (const lang of ["en", "es"] as const) {
      const history = sampleTestHistory(lang);
      expect(history.length).toBeGreaterThanOrEqual(3);
      expect(history.length).toBeLessThanOrEqual(6);
      const ctx = buildCharacterSheetContext(sampleCharacter(lang), options({ history, i18n: new StandInI18n(lang), lang }));
      expect(ctx.recentTests.entries.map((e) => e.messageId)).toEqual(history.map((h) => h.messageId));
    }
  });
});

describe("the NPC sheet context", () => {
  it("names the Ob grades 1–5 and lists Skills by Type then name, without learning pips", () => {
    const i18n = new StandInI18n("es");
    const ctx = buildNpcSheetContext(
      { name: "Merrow", system: { ob: 3, potential: 4, description: "" }, items: [skill("1", "Tasar", "lore", 2), skill("2", "Espada", "fight", 4), skill("3", "Arco", "fight", 1)] },
      { i18n, lang: "es", config: createConfig(), mode: "play", editable: true },
    );
    expect(ctx.ob).toMatchObject({ value: 3, label: "Ob 3 · Formidable" });
    expect(ctx.ob.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5]);
    expect(ctx.ob.options[4]?.label).toBe("Ob 5 · Legendario");
    expect(ctx.skills.map((s) => s.name)).toEqual(["Arco", "Espada", "Tasar"]);
    expect(ctx.skills.every((s) => s.learning === null)).toBe(true);
    expect(ctx.potential).toBe(4);
    expect([...i18n.missing]).toEqual([]);
  });

  it("builds the sample NPC", () => {
    const actor = sampleNpc("en");
    const ctx = buildNpcSheetContext(actor, { i18n: new StandInI18n("en"), config: createConfig(), mode: "edit", editable: true, enriched: sampleEnriched(actor, "description") });
    expect(ctx.editing).toBe(true);
    expect(ctx.skills).toHaveLength(6);
    expect(ctx.skills.find((s) => s.type === "magic")?.magic).toBe(true);
    expect(ctx.description.enriched).toContain("Port Vell");
  });
});
