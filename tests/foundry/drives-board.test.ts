/**
 * The Drives board on the stand-ins: the real template rendered with the real handlebars into a real DOM
 * (happy-dom). It lists every player character's Drives, Traits and Fallout, leaves out characters no
 * player owns, re-renders shortly after a player edits, and refuses a player who tries to open it.
 */
import { resetDom } from "./dom-env";
import { installVariantShape } from "./popped-out";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackActor } from "../../src/documents/actor";
import { installApplications, setTemplateRenderer } from "./applications";
import { addItems, createActor, installGoldHack, type FoundryEnv } from "./documents";
import { compileTemplate, createHandlebars } from "./handlebars";

let env: FoundryEnv;
let mira: GoldHackActor;
let board: typeof import("../../src/board/board-api");
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The board as the GM sees it: its window, rendered by the shared stand-in into the page. */
function shown(): HTMLElement {
  const app = board.openDrivesBoard() as unknown as { element: HTMLElement | null } | null;
  if (!app?.element?.isConnected) throw new Error("the board is not open");
  return app.element;
}
const column = (root: HTMLElement, name: string): HTMLElement | null =>
  [...root.querySelectorAll<HTMLElement>(".goldhack-drives-board__character")].find((li) => li.querySelector(".goldhack-drives-board__open")?.textContent === name) ?? null;
const cells = (li: HTMLElement | null, selector: string): string[] => [...(li?.querySelectorAll(selector) ?? [])].map((e) => e.textContent?.replace(/\s+/g, " ").trim() ?? "");

async function setUp(lang: "en" | "es"): Promise<void> {
  // The board module keeps its window across tests: the GM closes it, then the page starts empty.
  await board?.openDrivesBoard()?.close();
  resetDom();
  env = await installGoldHack({ lang });
  installApplications();
  const { hbs } = createHandlebars(lang);
  setTemplateRenderer((path, context) => compileTemplate(hbs, path.replace(/^systems\/goldhack\/templates\//, ""))(context));
  await installVariantShape();
  board = await import("../../src/board/board-api");
  board.registerDrivesBoard();
  mira = await createActor({
    name: "Mira",
    type: "character",
    system: { age: "young", drives: { belief: "The workhouse must burn.", goal: "Get the gate key tonight.", instinct: "" } },
    ownership: { default: 0, [env.player.id]: 3 },
  });
  await addItems(mira, [
    { name: "Wiseass", type: "trait" },
    { name: "Quick", type: "trait" },
    { name: "Wanted", type: "fallout", system: { rating: 1 } },
  ]);
  const tomas = await createActor({ name: "Tomás", type: "character", system: { drives: { belief: "Family first." } }, ownership: { default: 0, [env.otherPlayer.id]: 3 } });
  await addItems(tomas, [{ name: "Broken arm", type: "fallout", system: { rating: 2, permanent: true } }]);
  await createActor({ name: "Spare", type: "character", system: { drives: { belief: "Nobody plays me." } } });
}

describe("the Drives board", () => {
  beforeEach(async () => setUp("en"));

  it("lists every player character side by side, with Drives, Traits and Fallout", async () => {
    await board.drivesBoard();
    const root = shown();
    expect(cells(root, ".goldhack-drives-board__open")).toEqual(["Mira", "Tomás"]);
    const miraColumn = column(root, "Mira");
    expect(cells(miraColumn, ".goldhack-drives-board__drive")).toEqual([
      "Belief The workhouse must burn.",
      "Goal Get the gate key tonight.",
      "Instinct Not written yet",
    ]);
    expect(cells(miraColumn, ".goldhack-drives-board__traits li")).toEqual(["Quick", "Wiseass"]);
    expect(cells(miraColumn, ".goldhack-drives-board__fallout li")).toEqual(["Wanted 1"]);
    expect(cells(column(root, "Tomás"), ".goldhack-drives-board__traits")).toEqual(["Traits No Traits"]);
    expect(cells(column(root, "Tomás"), ".goldhack-drives-board__fallout li")).toEqual(["Broken arm 2 (permanent)"]);
    expect(root.textContent).not.toContain("Nobody plays me.");
  });

  it("leaves a retired character off the board (issue 27; SRD: Aging Your Character, retire at any point)", async () => {
    await createActor({ name: "Old Brannoc", type: "character", system: { retired: true, drives: { belief: "Rest, at last." } }, ownership: { default: 0, [env.player.id]: 3 } });
    await board.drivesBoard();
    expect(cells(shown(), ".goldhack-drives-board__open")).toEqual(["Mira", "Tomás"]);
  });

  it("updates shortly after a player edits a Drive or takes Fallout, once for a burst of edits", async () => {
    await board.drivesBoard();
    const app = board.openDrivesBoard() as unknown as { renderCount: number };
    const before = app.renderCount;
    env.setUser(env.player);
    await mira.update({ system: { drives: { instinct: "Always" } } });
    await mira.update({ system: { drives: { instinct: "Always check the exits." } } });
    await mira.takeFallout({ name: "Tired (muscles)", rating: 2 });
    expect(app.renderCount, "not yet: the board waits for the edits to stop").toBe(before);
    await wait(300);
    expect(app.renderCount).toBe(before + 1);
    const miraColumn = column(shown(), "Mira");
    expect(cells(miraColumn, ".goldhack-drives-board__drive[data-drive=instinct] dd")).toEqual(["Always check the exits."]);
    expect(cells(miraColumn, ".goldhack-drives-board__fallout li")).toEqual(["Tired (muscles) 2", "Wanted 1"]);
  });

  it("refuses a player, with a warning", async () => {
    env.setUser(env.player);
    expect(await board.drivesBoard()).toBeNull();
    expect(env.notifications.warnings).toEqual(["Only the GM can open the Drives board."]);
  });
});

describe("the Drives board in Spanish", () => {
  it("labels the Drives with the sheet's field labels", async () => {
    await setUp("es");
    await board.drivesBoard();
    const root = shown();
    expect(cells(root.querySelector(".goldhack-drives-board__character"), ".goldhack-drives-board__drive dt")).toEqual(["Creencia", "Meta", "Instinto"]);
    expect(cells(column(root, "Mira"), ".goldhack-drives-board__drive[data-drive=instinct] dd")).toEqual(["Sin escribir"]);
  });
});

describe("the Drives board's Token control", () => {
  it("is offered to the GM only, and opens the board", async () => {
    await setUp("en");
    const { goldhackTools } = await import("../../src/requests/scene-controls");
    const tool = (isGM: boolean) => goldhackTools(isGM, 10).find((t) => t.name === "goldhackDrivesBoard");
    expect(tool(true)).toMatchObject({ title: "GOLDHACK.Board.Open", visible: true, button: true, order: 15 });
    expect(tool(false)?.visible).toBe(false);
    const app = board.openDrivesBoard() as unknown as { renderCount: number } | null;
    const before = app?.renderCount ?? 0;
    tool(true)?.onChange();
    await wait(20);
    expect((board.openDrivesBoard() as unknown as { renderCount: number }).renderCount).toBe(before + 1);
  });
});
