/**
 * Issue 17, a big sheet opens fast: the character sheet's first render draws what its window shows, the header and
 * the active tab, with only the Skill rows that fill the window (FIRST_RENDER_SKILL_ROWS) and room for the rest; the
 * other tabs render empty. Right after the first frame, those parts are drawn again, whole, and only those. Checked
 * in a DOM, through what a player sees and clicks: rows on screen, the room left, the tabs' content, which part
 * elements were replaced, a learning pip far down the list, a tab opened.
 */
import { afterFrames as frames, domWindow } from "./dom-env";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIRST_RENDER_SKILL_ROWS } from "../../src/applications/sheets/character-context";
import type { GoldHackActor } from "../../src/documents/actor";
import { idleAll, instances, type StandInActorSheetV2 } from "./applications";
import { DOM_SHAPES } from "./api-shapes";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { installSheetWorld, partElements, redrawn } from "./sheet-env";
import { $, viewOf } from "./user-input";

type Sheet = StandInActorSheetV2;
const LATER = ["skills", "drives", "fallout", "biography", "lifepaths"];
const TYPES = ["craft", "expertise", "fight", "influence", "lore", "magic", "perform", "survive"];
let CharacterSheet: unknown;

beforeAll(async () => {
  await installSheetWorld("v13");
  ({ GoldHackCharacterSheet: CharacterSheet } = await import("../../src/applications/sheets/character-sheet"));
});

const rows = (sheet: Sheet) => [...sheet.element.querySelectorAll<HTMLElement>("tr.goldhack-skill")];
const waitingRoom = (sheet: Sheet) => [...sheet.element.querySelectorAll<HTMLElement>(".goldhack-skill-waiting")].reduce((n, el) => n + Number(el.style.getPropertyValue("--goldhack-skill-rows")), 0);
const afterFrames = (): Promise<void> => frames(idleAll);

describe.each(DOM_SHAPES)("a big character sheet's first render, Foundry %s", (shape) => {
  let env: FoundryEnv;
  let big: GoldHackActor;
  let small: GoldHackActor;

  beforeEach(async () => {
    env = await installSheetWorld(shape);
    big = await createActor({ name: "Sela", type: "character", system: { age: "adult" }, ownership: { default: 0, [env.player.id]: 3 } });
    // 100 Skills, spread over the eight Types; Skill 89 (far down the list) has one passed Test logged.
    await addItems(
      big,
      Array.from({ length: 100 }, (_, i) => ({ name: `Skill ${String(i).padStart(3, "0")}`, type: "skill", sort: i, system: { skillType: TYPES[Math.floor(i / 13) % 8], rating: 2, passed: i === 89 ? 1 : 0, failed: 0 } })),
    );
    small = await createActor({ name: "Ivy", type: "character", system: { age: "young" }, ownership: { default: 0, [env.player.id]: 3 } });
    await addItems(small, [{ name: "Climb", type: "skill", system: { skillType: "survive", rating: 1 } }]);
    env.setUser(env.player);
  });

  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  const open = async (actor: GoldHackActor): Promise<Sheet> => {
    const Sheet = CharacterSheet as unknown as new (options: { document: unknown }) => Sheet;
    const sheet = new Sheet({ document: actor });
    await sheet.render({ force: true });
    return sheet;
  };

  it("opens with the rows that fill the window and room for the rest, then draws the rest by redrawing the Skills part alone", async () => {
    const sheet = await open(big);
    expect(rows(sheet)).toHaveLength(FIRST_RENDER_SKILL_ROWS);
    expect(waitingRoom(sheet)).toBe(100 - FIRST_RENDER_SKILL_ROWS);
    // In the list's order: the first Skills by Type, none of the Types without a drawn row empty-labelled.
    expect(rows(sheet).map((row) => row.querySelector(".goldhack-skill-name")?.textContent?.trim())).toEqual(Array.from({ length: FIRST_RENDER_SKILL_ROWS }, (_, i) => `Skill ${String(i).padStart(3, "0")}`));
    expect(sheet.element.querySelector(".goldhack-empty-row")).toBeNull();
    // The tabs not shown yet are there, empty and marked; the header is whole.
    const tab = (id: string) => $(sheet.element, `section[data-tab="${id}"]`);
    for (const id of ["drives", "fallout", "biography", "lifepaths"]) {
      expect(tab(id).hasAttribute("data-goldhack-later")).toBe(true);
      expect(tab(id).children).toHaveLength(0);
    }
    expect(sheet.element.querySelectorAll('[data-action="setPool"]').length).toBeGreaterThan(0);
    const before = partElements(sheet);

    await afterFrames();
    expect(rows(sheet)).toHaveLength(100);
    expect(waitingRoom(sheet)).toBe(0);
    expect(redrawn(sheet, before)).toEqual(LATER);
    expect(sheet.renders.at(-1)).toEqual(LATER);
    expect(sheet.element.querySelector("[data-goldhack-later]")).toBeNull();
    expect(tab("drives").querySelectorAll("textarea, .goldhack-drive").length).toBeGreaterThan(0);

    // A row that came with the second render works like any: its learning pip logs a second passed Test.
    const far = rows(sheet).find((row) => row.querySelector(".goldhack-skill-name")?.textContent?.trim() === "Skill 089");
    if (!far) throw new Error("no row for Skill 089");
    $(far, '[data-action="setLearning"][data-log="passed"][data-value="2"]').click();
    await idleAll();
    expect((big.items.find((item) => item.name === "Skill 089")?.system as unknown as { passed: number }).passed).toBe(2);
  });

  it("draws every row at once on any later render, and a small sheet at once from the first", async () => {
    const sheet = await open(big);
    await afterFrames();
    const count = sheet.renderCount;
    $(sheet.element, '[data-action="setPool"][data-pool="fate"][data-value="1"]').click();
    await idleAll();
    expect(sheet.renderCount).toBe(count + 1);
    expect(rows(sheet)).toHaveLength(100);
    expect(waitingRoom(sheet)).toBe(0);

    const other = await open(small);
    expect(rows(other)).toHaveLength(1);
    expect(waitingRoom(other)).toBe(0);
    await afterFrames();
    // Only the tabs not shown were left for later.
    expect(other.renders.at(-1)).toEqual(["drives", "fallout", "biography", "lifepaths"]);
  });

  it("draws nothing more once the sheet is closed, or already redrawn whole, before the first frame", async () => {
    const closed = await open(big);
    await closed.close();
    const drawn = closed.renderCount;
    await afterFrames();
    expect(closed.renderCount).toBe(drawn);

    const redrawn = await open(big);
    await redrawn.render(); // a whole render before the first frame: draws every row
    const count = redrawn.renderCount;
    expect(waitingRoom(redrawn)).toBe(0);
    await afterFrames();
    expect(redrawn.renderCount).toBe(count);
    expect(rows(redrawn)).toHaveLength(100);
  });
});

describe("a big sheet popped out into a window of its own (v14)", () => {
  it("draws the rest with that window's frames, even while the main window draws none", async () => {
    const env = await installSheetWorld("v14 popped out");
    const big = await createActor({ name: "Sela", type: "character", system: { age: "adult" }, ownership: { default: 0, [env.player.id]: 3 } });
    await addItems(big, Array.from({ length: 40 }, (_, i) => ({ name: `Skill ${i}`, type: "skill", sort: i, system: { skillType: TYPES[i % 8], rating: 1 } })));
    env.setUser(env.player);
    // A hidden main window runs no frame callbacks (browsers pause them).
    const main = domWindow as unknown as { requestAnimationFrame: (callback: () => void) => number };
    const mainFrames = main.requestAnimationFrame;
    main.requestAnimationFrame = () => 0;
    try {
      const Sheet = CharacterSheet as unknown as new (options: { document: unknown }) => Sheet;
      const sheet = new Sheet({ document: big });
      await sheet.render({ force: true });
      const popout = viewOf(sheet.element);
      expect(popout).not.toBe(domWindow);
      expect(rows(sheet)).toHaveLength(FIRST_RENDER_SKILL_ROWS);
      for (let i = 0; i < 2; i++) await new Promise((done) => popout.requestAnimationFrame(() => popout.setTimeout(done, 0)));
      await idleAll();
      expect(rows(sheet)).toHaveLength(40);
      await sheet.close();
    } finally {
      main.requestAnimationFrame = mainFrames;
    }
  });
});

