/**
 * Issue 17, "a single Skill update re-renders only what changed": the character sheet, open in a DOM, as a player
 * changes a Skill (a learning pip, the rating field in edit mode) or something else (a Trait, the actor's Fate).
 * The stand-in re-renders an open sheet after its actor's or an embedded Item's update as Foundry does (see
 * `_renderSheets` in documents-core.ts); the checks are on the DOM: which part elements were replaced.
 */
import { afterFrames } from "./dom-env";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { partsForItemUpdate } from "../../src/applications/api/item-render-parts";
import type { GoldHackActor } from "../../src/documents/actor";
import { idleAll, instances, type StandInActorSheetV2 } from "./applications";
import { DOM_SHAPES } from "./api-shapes";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { CHARACTER_PARTS, installSheetWorld, partElements, redrawn } from "./sheet-env";
import { $, fire } from "./user-input";

type Sheet = StandInActorSheetV2;
let CharacterSheet: unknown;

const world = installSheetWorld;

beforeAll(async () => {
  await world("v13");
  ({ GoldHackCharacterSheet: CharacterSheet } = await import("../../src/applications/sheets/character-sheet"));
});


describe.each(DOM_SHAPES)("the character sheet redraws only what an embedded change touches, Foundry %s", (shape) => {
  let env: FoundryEnv;
  let actor: GoldHackActor;
  let swords: string;
  let trait: string;

  beforeEach(async () => {
    env = await world(shape);
    actor = await createActor({
      name: "Sela",
      type: "character",
      // Foundry gives every actor an image (a default one); the portrait's <img data-edit> submits it with the form.
      img: "portraits/sela.webp",
      system: { age: "young", fate: { value: 1 }, biography: "<p>Born at the gate.</p>" },
      ownership: { default: 0, [env.player.id]: 3 },
    });
    const [skill, stubborn] = await addItems(actor, [
      { name: "Swords", type: "skill", system: { skillType: "fight", rating: 2, passed: 0, failed: 0 } },
      { name: "Stubborn", type: "trait", system: { description: "<p>Never gives up.</p>" } },
      { name: "Climb", type: "skill", system: { skillType: "survive", rating: 1 } },
    ]);
    swords = skill?.id ?? "";
    trait = stubborn?.id ?? "";
    env.setUser(env.player);
  });

  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  async function open(): Promise<Sheet> {
    const Sheet = CharacterSheet as unknown as new (options: { document: unknown }) => Sheet;
    const sheet = new Sheet({ document: actor });
    await sheet.render({ force: true });
    await afterFrames(idleAll); // the tabs not shown first are drawn right after the first frame
    return sheet;
  }

  const row = (sheet: Sheet, id: string) => $(sheet.element, `[data-item-id="${id}"]`);

  it("redraws only the Skills part when a learning pip of a Skill is clicked, and shows the new log", async () => {
    const sheet = await open();
    const before = partElements(sheet);
    expect(row(sheet, swords).querySelectorAll('[data-log="passed"].is-filled')).toHaveLength(0);
    $(row(sheet, swords), '[data-action="setLearning"][data-log="passed"][data-value="1"]').click();
    await idleAll();
    expect((actor.items.get(swords)?.system as unknown as { passed: number }).passed).toBe(1);
    expect(redrawn(sheet, before)).toEqual(["skills"]);
    expect(row(sheet, swords).querySelectorAll('[data-log="passed"].is-filled')).toHaveLength(1);
  });

  it("redraws only the Skills part when a Skill's rating is typed in edit mode, and shows the new rating", async () => {
    const sheet = await open();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await idleAll();
    const before = partElements(sheet);
    const rating = $<HTMLInputElement>(row(sheet, swords), 'input[data-item-field="system.rating"]');
    rating.value = "4";
    fire(rating, "change");
    await idleAll();
    expect(redrawn(sheet, before)).toEqual(["skills"]);
    expect($<HTMLInputElement>(row(sheet, swords), 'input[data-item-field="system.rating"]').value).toBe("4");
    // Rating 4 needs more than 4 passed Tests: five pips, drawn from the new rating.
    expect(row(sheet, swords).querySelectorAll('[data-log="passed"]')).toHaveLength(5);
    expect(sheet.element.classList).toContain("goldhack-mode-edit");
  });

  it("redraws every part when a Trait is renamed (not a Skill)", async () => {
    const sheet = await open();
    $(sheet.element, '[data-action="toggleMode"]').click();
    await idleAll();
    const before = partElements(sheet);
    const name = $<HTMLInputElement>(row(sheet, trait), 'input[data-item-field="name"]');
    name.value = "Stubborn as Stone";
    fire(name, "change");
    await idleAll();
    expect(actor.items.get(trait)?.name).toBe("Stubborn as Stone");
    expect(redrawn(sheet, before)).toEqual(CHARACTER_PARTS);
    expect($<HTMLInputElement>(row(sheet, trait), 'input[data-item-field="name"]').value).toBe("Stubborn as Stone");
  });

  it("redraws every part when the actor's own data changes (a Fate pip)", async () => {
    const sheet = await open();
    const before = partElements(sheet);
    $(sheet.element, '[data-action="setPool"][data-pool="fate"][data-value="3"]').click();
    await idleAll();
    expect((actor.system as unknown as { fate: { value: number } }).fate.value).toBe(3);
    expect(redrawn(sheet, before)).toEqual(CHARACTER_PARTS);
    expect(sheet.element.querySelectorAll('[data-pool="fate"].is-filled')).toHaveLength(3);
  });
});

describe("partsForItemUpdate", () => {
  const types: Record<string, string> = { s1: "skill", s2: "skill", t1: "trait" };
  const typeOf = (id: string): string | undefined => types[id];
  const map = { skill: ["skills"] };

  it("lists the parts of the changed Items' types, for Foundry's updateItem render", () => {
    expect(partsForItemUpdate("updateItem", [{ _id: "s1", system: { rating: 3 } }, { _id: "s2", name: "Bows" }], typeOf, map)).toEqual(["skills"]);
    expect(partsForItemUpdate("updateItem", { _id: "s1", sort: 2 }, typeOf, map)).toEqual(["skills"]);
  });

  it("redraws everything for any other render, an unknown Item, an unlisted type or a change of type", () => {
    expect(partsForItemUpdate("updateActor", { system: { fate: { value: 2 } } }, typeOf, map)).toBeNull();
    expect(partsForItemUpdate(undefined, undefined, typeOf, map)).toBeNull();
    expect(partsForItemUpdate("createItem", [{ _id: "s1" }], typeOf, map)).toBeNull();
    expect(partsForItemUpdate("updateItem", [{ _id: "s1" }, { _id: "t1", name: "Calm" }], typeOf, map)).toBeNull();
    expect(partsForItemUpdate("updateItem", [{ _id: "gone" }], typeOf, map)).toBeNull();
    expect(partsForItemUpdate("updateItem", [{ _id: "s1", type: "trait" }], typeOf, map)).toBeNull();
    expect(partsForItemUpdate("updateItem", [], typeOf, map)).toBeNull();
    expect(partsForItemUpdate("updateItem", [null], typeOf, map)).toBeNull();
  });
});
