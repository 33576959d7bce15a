/**
 * The character sheet in a real DOM (tests/foundry/dom-env.ts), as a player uses it: tabs, the play/edit
 * switch, pips and their keys, Advance, the portrait, a Lifepath dropped from a compendium, and a Test
 * from an unlinked token's actor. Every step is a click, a key or a drop on the rendered templates.
 * Run once per DOM shape (v13, v14, and v14 with the sheet popped out into a window of another realm).
 */
import { afterFrames } from "./dom-env";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GoldHackActor } from "../../src/documents/actor";
import { DOM_SHAPES } from "./api-shapes";
import { enrichCalls, filePickers, instances, type StandInActorSheetV2 } from "./applications";
import { addItems, chatMessages, createActor, type FoundryEnv } from "./documents";
import { installSheetWorld } from "./sheet-env";
import { addPackItem, unlinkedTokenActor } from "./uuid";
import { $, drop, fire, press } from "./user-input";

/** Our sheet as the stand-in's class sees it (its Foundry typing is too deep to intersect). */
type Sheet = StandInActorSheetV2;
let CharacterSheet: unknown;

const world = installSheetWorld;

beforeAll(async () => {
  await world("v13");
  ({ GoldHackCharacterSheet: CharacterSheet } = await import("../../src/applications/sheets/character-sheet"));
});


describe.each(DOM_SHAPES)("the character sheet in a DOM, Foundry %s", (shape) => {
  let env: FoundryEnv;
  let actor: GoldHackActor;
  let swords: string;

  beforeEach(async () => {
    env = await world(shape);
    actor = await createActor({
      name: "Sela",
      type: "character",
      img: "portraits/sela.webp",
      system: { age: "young", fate: { value: 1 }, biography: "<p>Born at the gate.</p>" },
      ownership: { default: 0, [env.player.id]: 3 },
    });
    const [skill] = await addItems(actor, [{ name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, passed: 2, failed: 1 } }]);
    swords = skill?.id ?? "";
    env.setUser(env.player);
  });

  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  async function open(target: unknown = actor): Promise<Sheet> {
    const Sheet = CharacterSheet as unknown as new (options: { document: unknown }) => Sheet;
    const sheet = new Sheet({ document: target });
    await sheet.render({ force: true });
    await sheet.idle();
    return sheet;
  }

  const skillRow = (sheet: Sheet) => $(sheet.element, `[data-item-id="${swords}"]`);

  it("keeps the classes of every class in its chain, base first", async () => {
    const sheet = await open();
    expect([...sheet.element.classList]).toEqual(expect.arrayContaining(["sheet", "goldhack", "goldhack-sheet", "goldhack-actor-sheet", "goldhack-character-sheet"]));
  });

  it("switches tabs from the tab buttons, keeping aria-selected in step", async () => {
    const sheet = await open();
    const tab = $<HTMLButtonElement>(sheet.element, '[data-action="tab"][data-tab="biography"]');
    tab.querySelector("span")?.click();
    await sheet.idle();
    expect(sheet.tabGroups.primary).toBe("biography");
    expect($(sheet.element, 'section[data-tab="biography"]').classList).toContain("active");
    expect($(sheet.element, 'section[data-tab="skills"]').classList).not.toContain("active");
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect($(sheet.element, '[data-action="tab"][data-tab="skills"]').getAttribute("aria-selected")).toBe("false");
  });

  it("unlocks and locks editing from the mode switch", async () => {
    const sheet = await open();
    expect(sheet.element.classList).toContain("goldhack-mode-play");
    expect(sheet.element.querySelector('input[name="name"]')).toBeNull();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    expect(sheet.element.classList).toContain("goldhack-mode-edit");
    expect($<HTMLInputElement>(sheet.element, 'input[name="name"]').value).toBe("Sela");
    expect($(sheet.element, '[data-action="toggleMode"]').getAttribute("aria-pressed")).toBe("true");
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    expect(sheet.element.querySelector('input[name="name"]')).toBeNull();
  });

  it("saves an edit of the name from the form (submitOnChange) and of a Skill's rating (its own field)", async () => {
    const sheet = await open();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    const name = $<HTMLInputElement>(sheet.element, 'input[name="name"]');
    name.value = "Sela of the Gate";
    fire(name, "change");
    await sheet.idle();
    expect(actor.name).toBe("Sela of the Gate");
    const rating = $<HTMLInputElement>(skillRow(sheet), 'input[data-item-field="system.rating"]');
    rating.value = "3";
    fire(rating, "change");
    await sheet.idle();
    expect((actor.items.get(swords)?.system as unknown as { rating: number }).rating).toBe(3);
  });

  it("sets Fate from a pip and moves along pips with the arrow keys, one tab stop per row", async () => {
    const sheet = await open();
    const pips = [...sheet.element.querySelectorAll<HTMLButtonElement>('[data-action="setPool"][data-pool="fate"]')];
    expect(pips.filter((p) => p.tabIndex === 0)).toHaveLength(1);
    pips[0]?.focus();
    const event = press(pips[0] as HTMLButtonElement, "ArrowRight");
    expect(event.defaultPrevented).toBe(true);
    expect(pips[0]?.ownerDocument.activeElement).toBe(pips[1]);
    expect(pips.map((p) => p.tabIndex)).toEqual(pips.map((p) => (p === pips[1] ? 0 : -1)));
    press(pips[1] as HTMLButtonElement, "End");
    expect(pips[0]?.ownerDocument.activeElement).toBe(pips.at(-1));
    pips[2]?.click();
    await sheet.idle();
    expect((actor.system as unknown as { fate: { value: number } }).fate.value).toBe(3);
  });

  it("learns the next rating from the Advance button of a ready Skill", async () => {
    await (actor.items.get(swords) as unknown as { update(c: Record<string, unknown>): Promise<unknown> }).update({ "system.passed": 3, "system.failed": 2 });
    const sheet = await open();
    $(skillRow(sheet), '[data-action="advanceSkill"] i').click();
    await sheet.idle();
    expect(actor.items.get(swords)?.system).toMatchObject({ rating: 3, passed: 0, failed: 0 });
  });

  it("changes the portrait from the <img> itself, by click or by keyboard", async () => {
    const sheet = await open();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    const portrait = $(sheet.element, '[data-action="editImage"]');
    expect(portrait.tagName).toBe("IMG");
    expect(portrait.dataset.edit).toBe("img");
    press(portrait, "Enter");
    await sheet.idle();
    expect(sheet.errors).toEqual([]);
    expect(filePickers).toHaveLength(1);
    expect(filePickers[0]?.options.current).toBe("portraits/sela.webp");
    await filePickers[0]?.pick("portraits/sela-older.webp");
    await sheet.idle();
    expect(actor.img).toBe("portraits/sela-older.webp");
  });

  it("changes an NPC's portrait from its <img> too", async () => {
    env.setUser(env.gm);
    const npc = await createActor({ name: "Ogre", type: "npc", img: "portraits/ogre.webp", system: { ob: 4 } });
    const { GoldHackNpcSheet } = await import("../../src/applications/sheets/npc-sheet");
    const NpcSheet = GoldHackNpcSheet as unknown as new (options: { document: unknown }) => Sheet;
    const sheet = new NpcSheet({ document: npc });
    await sheet.render({ force: true });
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    const portrait = $(sheet.element, '[data-action="editImage"]');
    expect(portrait.tagName).toBe("IMG");
    portrait.click();
    await sheet.idle();
    expect(sheet.errors).toEqual([]);
    await filePickers.at(-1)?.pick("portraits/ogre-angry.webp");
    await sheet.idle();
    expect(npc.img).toBe("portraits/ogre-angry.webp");
  });

  it("takes a Lifepath dropped from a compendium, and its free Skill once, even for two quick drops", async () => {
    const sailor = addPackItem("lifepaths-en", { name: "Sailor", type: "lifepath", system: { skillTypes: ["survive", "craft", "lore"] } });
    const smuggler = addPackItem("lifepaths-en", { name: "Smuggler", type: "lifepath", system: { skillTypes: ["survive", "influence", "fight"] } });
    const sheet = await open();
    drop(sheet.element, { type: "Item", uuid: sailor.uuid });
    drop($(sheet.element, "section.goldhack-skills"), { type: "Item", uuid: smuggler.uuid });
    await sheet.idle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sheet.errors).toEqual([]);
    const items = actor.items.contents.map((i) => ({ name: i.name, type: i.type }));
    expect(items.filter((i) => i.type === "lifepath").map((i) => i.name).sort()).toEqual(["Sailor", "Smuggler"]);
    // Survive is the first Type of both: one free Skill, then the player's choice (SRD: Characters › Lifepaths).
    const survive = actor.items.contents.filter((i) => i.type === "skill" && (i.system as unknown as { skillType: string }).skillType === "survive");
    expect(survive).toHaveLength(1);
  });

  it("refuses a Lifepath dropped on an NPC's sheet before anything is created, whatever the drop hook answers, and takes a Skill", async () => {
    env.setUser(env.gm);
    const npc = await createActor({ name: "Ogre", type: "npc", system: { ob: 4 } });
    const sailor = addPackItem("lifepaths-en", { name: "Sailor", type: "lifepath", system: { skillTypes: ["survive", "craft", "lore"] } });
    const brawl = addPackItem("skills-en", { name: "Brawl", type: "skill", system: { skillType: "fight", rating: 3 } });
    const { GoldHackNpcSheet } = await import("../../src/applications/sheets/npc-sheet");
    const sheet = new (GoldHackNpcSheet as unknown as new (options: { document: unknown }) => Sheet)({ document: npc });
    await sheet.render({ force: true });
    await sheet.idle();
    // Every creation the sheet asks the actor for, by name (a Lifepath made and then deleted would show here).
    const created: string[] = [];
    const target = npc as unknown as { createEmbeddedDocuments(name: string, data: { name: string }[], ...rest: unknown[]): Promise<unknown[]> };
    const create = target.createEmbeddedDocuments.bind(target);
    target.createEmbeddedDocuments = (name, data, ...rest) => {
      created.push(...data.map((d) => d.name));
      return create(name, data, ...rest);
    };
    drop($(sheet.element, ".window-content"), { type: "Item", uuid: sailor.uuid });
    await sheet.idle();
    expect(created, "nothing is created for the Lifepath").toEqual([]);
    expect(env.notifications.warnings).toEqual(["NPCs take no Lifepaths: give this one to a character."]);
    drop(sheet.element, { type: "Item", uuid: brawl.uuid });
    await sheet.idle();
    expect(created).toEqual(["Brawl"]);
    expect(npc.items.contents.map((i) => i.name)).toEqual(["Brawl"]);
  });

  it("says a Lifepaths tab is full instead of inviting another drop", async () => {
    const sheet = await open();
    const tab = () => $(sheet.element, 'section[data-tab="lifepaths"]');
    $(sheet.element, '[data-action="tab"][data-tab="lifepaths"]').click();
    await afterFrames(() => sheet.idle());
    expect(tab().textContent).toContain("Drop a Lifepath here");
    // A Young character takes two Lifepaths (SRD: Characters › Age).
    await addItems(actor, [
      { name: "Sailor", type: "lifepath", system: { skillTypes: ["survive", "craft", "lore"] } },
      { name: "Smuggler", type: "lifepath", system: { skillTypes: ["survive", "influence", "fight"] } },
    ]);
    await sheet.render();
    await sheet.idle();
    expect(tab().textContent).toContain("All of this age's Lifepaths are taken");
    expect(tab().textContent).not.toContain("Drop a Lifepath here");
  });

  it("offers a Fallout's recovery in play mode and its removal only in edit mode", async () => {
    await addItems(actor, [{ name: "Tired", type: "fallout", system: { rating: 1 } }]);
    const sheet = await open();
    $(sheet.element, '[data-action="tab"][data-tab="fallout"]').click();
    await afterFrames(() => sheet.idle());
    const row = () => $(sheet.element, "li.goldhack-fallout");
    expect(row().querySelector('[data-action="recoverFallout"]')).not.toBeNull();
    expect(row().querySelector('[data-action="deleteItem"]')).toBeNull();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await sheet.idle();
    $(row(), '[data-action="deleteItem"]');
  });

  it("renders only its part's work on a partial render: the biography is enriched only when its part draws", async () => {
    const sheet = await open();
    enrichCalls.length = 0;
    await sheet.render({ parts: ["skills"] });
    await sheet.idle();
    expect(enrichCalls).not.toContain("<p>Born at the gate.</p>");
    await sheet.render({ parts: ["biography"] });
    await sheet.idle();
    expect(enrichCalls).toContain("<p>Born at the gate.</p>");
  });

  it("rolls a Test for an unlinked token's actor, spending and logging on that actor only", async () => {
    const token = await unlinkedTokenActor(actor);
    const tokenSwords = token.items.contents.find((i) => i.name === "Swords")?.id ?? "";
    const sheet = await open(token);
    $(sheet.element, `[data-item-id="${tokenSwords}"] [data-action="rollSkill"]`).click();
    await vi.waitFor(() => expect(instances.size).toBe(2));
    expect(sheet.errors).toEqual([]);
    const dialog = [...instances.values()].find((app) => app !== sheet);
    if (!dialog) throw new Error("no Test dialog opened");
    await dialog.idle();
    const persona = $<HTMLInputElement>(dialog.element, 'input[name="persona"]');
    expect(persona).toBeDefined();
    const intent = $<HTMLInputElement>(dialog.element, 'input[name="intent"]');
    intent.value = "Hold the gate";
    fire(intent, "input");
    await dialog.idle();
    press(intent, "Enter");
    await dialog.idle();
    await sheet.idle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const card = chatMessages().find((m) => m.rolls.length > 0);
    expect(card).toBeDefined();
    const roll = card?.rolls[0] as unknown as { options: { goldhack?: { choice?: { actorUuid?: string } } } };
    expect(roll.options.goldhack?.choice?.actorUuid).toBe(token.uuid);
    expect(token.uuid).toMatch(/^Scene\.scene1\.Token\.token1\.Actor\./);
    // The world actor the token was made from is untouched.
    expect(actor.items.get(swords)?.system).toMatchObject({ rating: 2, passed: 2, failed: 1 });
  });
});
