/**
 * The Drives board: a GM window with every player character's Drives, Traits and Fallout side by side.
 * It re-renders (debounced) when a player character or one of its Items changes, so it stays live while
 * players edit. Opened through board-api.ts (Token controls, `game.goldhack.drivesBoard()`). SRD: Gameplay › Framing Scenes
 */
import { systemPath } from "../constants";
import { isRetired } from "../data/actor/character";
import { falloutLines } from "../status/fallout-status-sync";
import { drivesBoardContext, type BoardActorSource, type DrivesBoardContext } from "./drives-board-context";
import { settle } from "../safe-hook";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderContext = DrivesBoardContext & foundry.applications.api.ApplicationV2.RenderContext;
type Configuration = foundry.applications.api.ApplicationV2.Configuration;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.ApplicationV2RenderOptions;
type BaseApp = foundry.applications.api.ApplicationV2<RenderContext, Configuration, RenderOptions>;

export const DRIVES_BOARD_TEMPLATE = systemPath("templates/board/drives-board.hbs");
/** How long the board waits after the last change before it re-renders (a typing player sends many). */
export const BOARD_RENDER_DELAY_MS = 200;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Characters a player owns and still in play: whom the GM frames scenes for (a retired one is not). */
export function boardCharacters(): Actor.Implementation[] {
  return ((game.actors?.contents ?? []) as Actor.Implementation[]).filter((actor) => actor.type === "character" && actor.hasPlayerOwner && !isRetired(actor));
}

/** One character as the board reads it. */
export function boardSource(actor: Actor.Implementation): BoardActorSource {
  const drives = (actor.system as { drives?: Record<string, unknown> }).drives ?? {};
  return {
    uuid: actor.uuid,
    name: actor.name,
    img: actor.img ?? null,
    belief: text(drives.belief),
    goal: text(drives.goal),
    instinct: text(drives.instinct),
    traits: actor.items.filter((item) => item.type === "trait").map((item) => item.name),
    fallout: falloutLines(actor),
  };
}

export class GoldHackDrivesBoard extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    id: "goldhack-drives-board",
    classes: ["goldhack", "goldhack-drives-board"],
    window: { title: "GOLDHACK.Board.Title", icon: "fa-solid fa-masks-theater", resizable: true },
    position: { width: 960, height: 560 },
    actions: { openSheet: GoldHackDrivesBoard.#onOpenSheet },
  };

  static override PARTS = {
    board: { template: DRIVES_BOARD_TEMPLATE, scrollable: [""] },
  };

  #timer: ReturnType<typeof setTimeout> | null = null;

  protected override async _prepareContext(options: Parameters<BaseApp["_prepareContext"]>[0]): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...drivesBoardContext(boardCharacters().map(boardSource), game.i18n?.lang) };
  }

  /** Re-renders once the changes stop coming for a moment; nothing when the board is closed. */
  scheduleRender(): void {
    if (!this.rendered) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.rendered) settle(this.render(), "redrawing the Drives board");
    }, BOARD_RENDER_DELAY_MS);
  }

  static async #onOpenSheet(this: GoldHackDrivesBoard, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const uuid = target.dataset.uuid;
    const actor = uuid ? fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) : null;
    if (actor instanceof Actor) await actor.sheet?.render(true);
  }
}
