/**
 * Opening the Drives board and keeping it live. The window class is loaded on first use, so what imports
 * this (the scene controls, init) does not need Foundry's application classes at import time.
 */
import { warn } from "../documents/notify";
import type { GoldHackDrivesBoard } from "./drives-board";

let board: GoldHackDrivesBoard | null = null;

/** GM: opens the Drives board (or brings the open one forward). Null, with a warning, for a player. */
export async function drivesBoard(): Promise<GoldHackDrivesBoard | null> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Board.Error.NotGM");
    return null;
  }
  if (!board) {
    const { GoldHackDrivesBoard } = await import("./drives-board");
    board = new GoldHackDrivesBoard();
  }
  await board.render({ force: true });
  return board;
}

/** The board, once opened (for tests and macros). */
export const openDrivesBoard = (): GoldHackDrivesBoard | null => board;

/** A change to an actor or its Item: re-render an open board when it concerns a character. */
function onChange(actor: unknown): void {
  if (!board?.rendered || !(actor instanceof Actor) || actor.type !== "character") return;
  board.scheduleRender();
}

/** Registers the hooks that keep an open board live. */
export function registerDrivesBoard(): void {
  Hooks.on("createActor", (actor) => onChange(actor));
  Hooks.on("updateActor", (actor) => onChange(actor));
  Hooks.on("deleteActor", (actor) => onChange(actor));
  for (const hook of ["createItem", "updateItem", "deleteItem"] as const) Hooks.on(hook, (item: Item.Implementation) => onChange(item.parent));
}
