/**
 * GoldHackItemSheet on the Foundry stand-in: real GoldHackItems with our data models, the application
 * stand-ins (tests/foundry/applications.ts) and our real templates rendered with the real handlebars.
 * There is no DOM here: actions are called as Foundry calls them, with a target's data attributes.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GoldHackItemSheet as SheetClass } from "../../src/applications/sheets/item-sheet";
import type { GoldHackItem } from "../../src/documents/item";
import { installApplications, sheetRegistrations, type StandInDocumentSheetV2, useRealTemplates } from "./applications";
import { type FoundryEnv, installGoldHack } from "./documents";

const CREDIT = "Based on The Gold Hack by Martín Van Houtte and Rúnica Games, CC BY-SA 4.0";

type Sheet = SheetClass & StandInDocumentSheetV2;
let GoldHackItemSheet: typeof SheetClass;
let env: FoundryEnv;

beforeAll(async () => {
  await installGoldHack();
  installApplications();
  ({ GoldHackItemSheet } = await import("../../src/applications/sheets/item-sheet"));
});

beforeEach(async () => {
  env = await installGoldHack();
  installApplications();
  useRealTemplates("en");
});

async function createItem(data: Record<string, unknown>): Promise<GoldHackItem> {
  // Our registered document class (GoldHackItem), as Foundry creates world items with it.
  const ItemClass = env.config.Item.documentClass as unknown as { create(data: Record<string, unknown>): Promise<GoldHackItem | undefined> };
  const item = await ItemClass.create({ ownership: { default: 0, [env.player.id]: 3 }, ...data });
  if (!item) throw new Error("item not created");
  return item;
}

const sheetFor = (item: GoldHackItem): Sheet => new GoldHackItemSheet({ document: item } as never) as unknown as Sheet;
const system = (item: GoldHackItem) => item.system as unknown as Record<string, unknown>;

describe("GoldHackItemSheet", () => {
  it("opens at 520×480 with one part per item type", () => {
    expect(Object.keys(GoldHackItemSheet.PARTS)).toEqual(["skill", "trait", "fallout", "lifepath"]);
    const options = sheetFor({} as GoldHackItem).options as { position: unknown; classes: string[] };
    expect(options.position).toEqual({ width: 520, height: 480 });
    expect(options.classes).toEqual(expect.arrayContaining(["goldhack", "goldhack-item-sheet"]));
  });

  it("renders only its own item's part, from the item's data", async () => {
    const item = await createItem({ name: "Cast", type: "skill", system: { skillType: "magic", rating: 2, passed: 1 }, flags: { goldhack: { credit: CREDIT } } });
    const sheet = sheetFor(item);
    await sheet.render({ force: true });
    expect(Object.keys(sheet.parts)).toEqual(["skill"]);
    const html = sheet.parts.skill ?? "";
    expect(html).toContain("Cast");
    expect(html).toContain("Magic: each 6 rolled adds a die.");
    expect(html).toContain("Still needed for rating 3: 2 Passed Tests, 2 Failed Tests.");
    expect(html).toContain(CREDIT);
    // A sheet opens in play mode: no inputs, the switch offered to its owner (the GM here).
    expect(html).not.toContain("<input");
    expect(html).toContain('data-action="toggleMode"');
  });

  it("switches to edit mode and back with the toggle", async () => {
    const item = await createItem({ name: "Stubborn", type: "trait" });
    const sheet = sheetFor(item);
    await sheet.render({ force: true });
    await sheet.click("toggleMode");
    expect(sheet.parts.trait).toContain('name="name"');
    expect(sheet.parts.trait).toContain("<prose-mirror");
    await sheet.click("toggleMode");
    expect(sheet.parts.trait).not.toContain('name="name"');
  });

  it("opens a just-created item in edit mode", async () => {
    const item = await createItem({ name: "New Trait", type: "trait" });
    const sheet = sheetFor(item);
    await sheet.render({ force: true, renderContext: "createItem" });
    expect(sheet.parts.trait).toContain('name="name"');
  });

  it("sets a learning log from a pip, through the model's limits", async () => {
    const item = await createItem({ name: "Swords", type: "skill", system: { skillType: "fight", rating: 3 } });
    const sheet = sheetFor(item);
    await sheet.click("setLearningLog", { log: "passed", value: "2" });
    await sheet.click("setLearningLog", { log: "failed", value: "1" });
    expect(system(item)).toMatchObject({ rating: 3, passed: 2, failed: 1 });
    await sheet.click("setLearningLog", { log: "rating", value: "9" });
    await sheet.click("setLearningLog", { log: "passed", value: "x" });
    expect(system(item)).toMatchObject({ rating: 3, passed: 2, failed: 1 });
  });

  it("learns the next rating only when the logs allow it, clearing them (rules' settleLearning)", async () => {
    const item = await createItem({ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, passed: 2, failed: 2 } });
    const sheet = sheetFor(item);
    await sheet.click("advanceSkill");
    expect(system(item)).toMatchObject({ rating: 2, passed: 2, failed: 2 });
    await item.update({ "system.passed": 3 } as never);
    await sheet.click("advanceSkill");
    expect(system(item)).toMatchObject({ rating: 3, passed: 0, failed: 0 });
  });

  it("changes nothing for a user who may not edit the item", async () => {
    const item = await createItem({ name: "Swords", type: "skill", system: { skillType: "fight", rating: 1, passed: 2, failed: 1 }, ownership: { default: 2 } });
    env.setUser(env.otherPlayer);
    const sheet = sheetFor(item);
    await sheet.click("setLearningLog", { log: "passed", value: "0" });
    await sheet.click("advanceSkill");
    expect(system(item)).toMatchObject({ rating: 1, passed: 2, failed: 1 });
    await sheet.render({ force: true, mode: "edit" });
    expect(sheet.parts.skill).not.toContain("<input");
    expect(sheet.parts.skill).not.toContain('data-action="toggleMode"');
  });

  it("saves the Lifepath's three Type selects as a list the model accepts", async () => {
    const item = await createItem({ name: "Noble", type: "lifepath", system: { skillTypes: ["influence", "fight", "lore"] } });
    const sheet = sheetFor(item);
    await sheet.submit({ name: "Noble", "system.skillTypes.0": "lore", "system.skillTypes.1": "influence", "system.skillTypes.2": "fight" });
    expect(system(item).skillTypes).toEqual(["lore", "influence", "fight"]);
  });

  it("saves a Skill's Type and rating from the form, with Magic following the Type", async () => {
    const item = await createItem({ name: "Divine", type: "skill", system: { skillType: "lore", rating: 1 } });
    const sheet = sheetFor(item);
    await sheet.submit({ name: "Divine", "system.skillType": "magic", "system.rating": 2 });
    expect(system(item)).toMatchObject({ skillType: "magic", rating: 2 });
    expect(item.isMagic).toBe(true);
  });

  it("registers as the default sheet of every goldhack item type, in place of Foundry's v1 sheet", async () => {
    sheetRegistrations.length = 0;
    const { registerItemSheets } = await import("../../src/applications/sheets/register-items");
    registerItemSheets();
    const item = (globalThis as unknown as { Item: unknown }).Item;
    expect(sheetRegistrations.find((r) => r.action === "unregister")).toMatchObject({ documentClass: item, scope: "core" });
    expect(sheetRegistrations.find((r) => r.action === "register")).toMatchObject({
      documentClass: item,
      scope: "goldhack",
      sheetClass: GoldHackItemSheet,
      options: { types: ["skill", "trait", "fallout", "lifepath"], makeDefault: true, label: "GOLDHACK.ItemSheet.SheetLabel" },
    });
  });
});
