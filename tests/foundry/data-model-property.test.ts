/**
 * A property test over the data models (issue 21): any value each field accepts builds and renders the
 * character sheet, the NPC sheet, each item sheet and the test dialog without throwing. Values come from
 * the project's seeded PRNG (tests/support/seeded-random.ts), so a failure is repeatable from its seed:
 * edge numbers (0, the ceiling, one past it, 1e20, Infinity, NaN, negatives, fractions, numeric and
 * non-numeric strings), random whole numbers of every magnitude, odd strings and Types in any case.
 * A value the model refuses (the document does not build) is not the sheets' business and is skipped;
 * the test checks that it still accepts most of what it is given, so it cannot pass by refusing all.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sheetModeView, type SheetMode } from "../../src/applications/api/sheet-mode";
import { actorSnapshot } from "../../src/applications/dialogs/test-dialog-actor";
import { initialSelections } from "../../src/applications/dialogs/test-dialog-selections";
import { computeTestDialog } from "../../src/applications/dialogs/test-dialog-state";
import { testDialogView } from "../../src/applications/dialogs/test-dialog-context";
import { buildCharacterSheetContext, CHARACTER_TABS } from "../../src/applications/sheets/character-context";
import { buildItemSheetContext } from "../../src/applications/sheets/item-context";
import { buildNpcSheetContext } from "../../src/applications/sheets/npc-context";
import { COUNT_MAX } from "../../src/data/limits";
import type { GoldHackActor } from "../../src/documents/actor";
import type { TestRequest } from "../../src/data/test-choice";
import { mulberry32, type RandomSource } from "../support/seeded-random";
import { addItems, createActor, type FoundryEnv, installGoldHack } from "./documents";
import type { PlainObject } from "./fields";
import { compileTemplate, createHandlebars } from "./handlebars";

const SEED = 0x9011d;
const ROUNDS = 60;
const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;

const pick = <T>(random: RandomSource, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** Numbers people type, paste or import: edges first, then any magnitude. */
const EDGE_NUMBERS: readonly unknown[] = [0, 1, 2, 5, -1, 2.5, 0.4, COUNT_MAX, COUNT_MAX + 1, 1000000, 1e20, -1e20, Infinity, -Infinity, Number.NaN, "7", " 3 ", "1e20", "", "lots", null, true];
function anyNumber(random: RandomSource): unknown {
  if (random() < 0.5) return pick(random, EDGE_NUMBERS);
  const magnitude = 10 ** Math.floor(random() * 22);
  return Math.round((random() * 2 - 0.5) * magnitude);
}

const TEXTS = ["", "Sela", "<b>bold</b>", `"quoted" & 'apostrophe'`, "ñandú", "{{handlebars}}", "x".repeat(300)];
const anyText = (random: RandomSource): string => pick(random, TEXTS);

const TYPES = ["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive", "Magic", " FIGHT ", "nonsense", ""];
const anyType = (random: RandomSource): string => pick(random, TYPES);

function anySkill(random: RandomSource): PlainObject {
  return { name: anyText(random) || "Skill", type: "skill", system: { skillType: anyType(random), rating: anyNumber(random), passed: anyNumber(random), failed: anyNumber(random), description: anyText(random) } };
}
function anyFallout(random: RandomSource): PlainObject {
  return { name: anyText(random) || "Fallout", type: "fallout", system: { rating: anyNumber(random), permanent: pick(random, [true, false, "true", 0]), description: anyText(random) } };
}
function anyLifepath(random: RandomSource): PlainObject {
  const types = random() < 0.3 ? [anyType(random), anyType(random)].join(",") : [anyType(random), anyType(random), anyType(random)];
  return { name: anyText(random) || "Lifepath", type: "lifepath", system: { skillTypes: types, description: anyText(random) } };
}
const anyTrait = (random: RandomSource): PlainObject => ({ name: anyText(random) || "Trait", type: "trait", system: { description: anyText(random) } });
const ITEM_MAKERS = [anySkill, anySkill, anyFallout, anyLifepath, anyTrait];

function anyCharacter(random: RandomSource): PlainObject {
  const pool = () => (random() < 0.2 ? anyNumber(random) : { value: anyNumber(random) });
  return {
    name: anyText(random) || "Hero",
    type: "character",
    system: {
      age: pick(random, ["child", "young", "adult", "elder"]),
      fate: pool(),
      persona: pool(),
      drives: { belief: anyText(random), goal: anyText(random), instinct: anyText(random) },
      biography: anyText(random),
    },
  };
}
const anyNpc = (random: RandomSource): PlainObject => ({ name: anyText(random) || "Foe", type: "npc", system: { ob: anyNumber(random), potential: anyNumber(random), description: anyText(random) } });

function allTemplates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allTemplates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}

/** Real handlebars with every sheet template as a partial, as Foundry loads them. */
function environment() {
  const env = createHandlebars("en");
  for (const file of allTemplates(join(TEMPLATES, "sheets"))) env.hbs.registerPartial(`systems/goldhack/templates/${relative(TEMPLATES, file)}`, readFileSync(file, "utf8"));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const render = (path: string, context: object): string => {
    let template = compiled.get(path);
    if (!template) compiled.set(path, (template = compileTemplate(env.hbs, path)));
    return template(context);
  };
  return { ...env, render };
}

let env: FoundryEnv;
let hb: ReturnType<typeof environment>;
beforeAll(() => {
  hb = environment();
});
beforeEach(async () => {
  env = await installGoldHack();
});

/** Builds a document from data, or null when the model refuses it. */
async function tryActor(data: PlainObject): Promise<GoldHackActor | null> {
  try {
    return await createActor(data);
  } catch {
    return null;
  }
}

const MODES: SheetMode[] = ["play", "edit"];
const CHARACTER_PARTS = ["header", ...CHARACTER_TABS.map((t) => t.id)];

function renderActorSheets(actor: GoldHackActor): void {
  const source = { uuid: actor.uuid, name: actor.name, img: actor.img, system: actor.system, items: actor.items.contents };
  const config = env.config.GOLDHACK;
  if (!config) throw new Error("no config");
  for (const mode of MODES) {
    if (actor.type === "character") {
      for (const tab of CHARACTER_TABS.map((t) => t.id)) {
        const context = buildCharacterSheetContext(source, { i18n: hb.i18n, lang: "en", config, mode, editable: true, activeTab: tab, history: actor.testHistory, isGM: mode === "edit" });
        for (const part of CHARACTER_PARTS) hb.render(`sheets/actor/character/${part}.hbs`, context);
      }
    } else {
      const context = buildNpcSheetContext(source, { i18n: hb.i18n, lang: "en", config, mode, editable: true });
      for (const part of ["header", "body", "description"]) hb.render(`sheets/actor/npc/${part}.hbs`, context);
    }
    for (const item of actor.items.contents) {
      const context = buildItemSheetContext(
        { item: { name: item.name, type: item.type, img: item.img, uuid: item.uuid, system: item.system, flags: item.flags }, enrichedDescription: "", mode: sheetModeView(mode, true, hb.i18n), uid: "prop" },
        { i18n: hb.i18n, skillTypes: config.skillTypes },
      );
      hb.render(`sheets/item/${item.type}.hbs`, context);
    }
  }
}

function renderTestDialogs(actor: GoldHackActor): void {
  const config = env.config.GOLDHACK;
  if (!config) throw new Error("no config");
  const snapshot = actorSnapshot(actor as unknown as Parameters<typeof actorSnapshot>[0], config.skillTypes);
  const requests: TestRequest[] = [
    { skillId: null },
    { skillId: null, learnSkillName: "Climb" },
    ...snapshot.skills.map((s) => ({ skillId: s.id })),
    ...snapshot.fallouts.map((f) => ({ kind: "recovery" as const, skillId: null, falloutId: f.id })),
  ];
  for (const request of requests) {
    const state = computeTestDialog(snapshot, request, initialSelections(snapshot, request), { potential: "Potential" }, { skillTypes: Object.keys(config.skillTypes) });
    const view = testDialogView(state, snapshot, { i18n: hb.i18n, skillTypes: config.skillTypes, obGrades: Object.keys(config.obGrades).map(Number), uid: "prop" });
    for (const part of ["test-dialog", "test-dialog-summary", "test-dialog-footer"]) hb.render(`dialogs/${part}.hbs`, view);
  }
}

describe("any value the data models accept builds and renders every sheet and the test dialog", () => {
  it(`characters and NPCs with random items (seed ${SEED}, ${ROUNDS} rounds)`, async () => {
    const random = mulberry32(SEED);
    const counts = { offered: 0, accepted: 0, bigAccepted: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const data = random() < 0.7 ? anyCharacter(random) : anyNpc(random);
      counts.offered += 1;
      const actor = await tryActor(data);
      if (!actor) continue;
      counts.accepted += 1;
      const items = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(random, ITEM_MAKERS)(random));
      for (const item of items) {
        counts.offered += 1;
        try {
          await addItems(actor, [item]);
          counts.accepted += 1;
          const rating = (item.system as PlainObject).rating;
          if (typeof rating === "number" && rating > COUNT_MAX) counts.bigAccepted += 1;
        } catch {
          // refused by the model: not a value it accepts
        }
      }
      const label = `seed ${SEED} round ${round}: ${JSON.stringify(data)} with ${JSON.stringify(items)}`;
      expect(() => renderActorSheets(actor), label).not.toThrow();
      expect(() => renderTestDialogs(actor), label).not.toThrow();
    }
    // Most of what is offered is accepted (cleaned), huge numbers included: the property is not vacuous.
    expect(counts.accepted / counts.offered).toBeGreaterThan(0.6);
    expect(counts.bigAccepted).toBeGreaterThan(0);
  });

  it("a stored rating, log or Fallout far beyond the ceiling is read as the ceiling, and the sheets render it", async () => {
    const actor = await createActor({ name: "Typo", type: "character" });
    const [skill, fallout] = await addItems(actor, [
      { name: "Swords", type: "skill", system: { skillType: "fight", rating: 1e20, passed: 1000000, failed: 1e20 } },
      { name: "Wound", type: "fallout", system: { rating: 1e20 } },
    ]);
    expect(skill?.system).toMatchObject({ rating: COUNT_MAX, passed: COUNT_MAX, failed: COUNT_MAX });
    expect(fallout?.system).toMatchObject({ rating: COUNT_MAX });
    expect(() => renderActorSheets(actor)).not.toThrow();
    expect(() => renderTestDialogs(actor)).not.toThrow();
    const npc = await createActor({ name: "Giant", type: "npc", system: { potential: 1e20 } });
    expect(npc.system).toMatchObject({ potential: COUNT_MAX });
    expect(() => renderActorSheets(npc)).not.toThrow();
    expect(() => renderTestDialogs(npc)).not.toThrow();
  });
});

describe("the inputs where people type a count carry the model's ceiling", () => {
  const BOUNDED = /(?:name|data-item-field)="system\.(rating|passed|failed|potential)"/;
  it(`every number input for a rating, a log or an NPC's Potential has max="${COUNT_MAX}"`, () => {
    const inputs = allTemplates(join(TEMPLATES, "sheets")).flatMap((file) =>
      (readFileSync(file, "utf8").match(/<input\b[^>]*>/g) ?? []).filter((tag) => BOUNDED.test(tag)).map((tag) => ({ file: relative(TEMPLATES, file), tag })),
    );
    expect(inputs.length).toBeGreaterThanOrEqual(6);
    for (const { file, tag } of inputs) expect(tag.match(/\smax="([^"]*)"/)?.[1], `${file}: ${tag}`).toBe(String(COUNT_MAX));
  });

  it("the models hold the same ceiling", () => {
    const schemaOf = (doc: "Actor" | "Item", type: string) => (doc === "Actor" ? env.config.Actor : env.config.Item).dataModels[type]?.schema;
    for (const [doc, type, key] of [["Item", "skill", "rating"], ["Item", "skill", "passed"], ["Item", "skill", "failed"], ["Item", "fallout", "rating"], ["Actor", "npc", "potential"]] as const) {
      expect((schemaOf(doc, type)?.fields[key] as unknown as { max?: number }).max, `${type}.${key}`).toBe(COUNT_MAX);
    }
  });
});
