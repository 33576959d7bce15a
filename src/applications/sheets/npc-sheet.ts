import type { DeepPartial } from "fvtt-types/utils";
import { inheritedDropItem } from "../../compat/sheet-drop";
import { systemPath } from "../../constants";
import { gameI18n } from "../../i18n/i18n";
import { type EnrichedText, falloutRows, traitRows } from "./actor-context";
import { type ActorSheetBaseContext, type ActorSheetConfiguration, type ActorSheetRenderOptions, GoldHackActorSheet, type PartText } from "./actor-sheet";
import { buildNpcSheetContext, type NpcSheetContext } from "./npc-context";

const template = (name: string): string => systemPath(`templates/sheets/actor/npc/${name}.hbs`);
const partial = (path: string): string => systemPath(`templates/sheets/${path}.hbs`);

const PARTIALS = [
  "partials/mode-toggle",
  "partials/prose",
  "actor/partials/item-controls",
  "actor/partials/skill-roll",
  "actor/partials/trait-list",
  "actor/partials/fallout-list",
].map(partial);

/** Part templates, by part id. */
export const NPC_SHEET_TEMPLATES = Object.freeze({ header: template("header"), body: template("body"), description: template("description") });

type NpcRenderContext = NpcSheetContext & ActorSheetBaseContext;

/**
 * A GM character's sheet, compact: the Ob it sets (graded 1–5), Potential, Skills, Traits, Fallout and
 * description on one page. SRD: Tests › 2) Choosing The Skill & The Obstacle
 */
export class GoldHackNpcSheet<
  RenderContext extends NpcRenderContext = NpcRenderContext,
  Configuration extends ActorSheetConfiguration = ActorSheetConfiguration,
  RenderOptions extends ActorSheetRenderOptions = ActorSheetRenderOptions,
> extends GoldHackActorSheet<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: (typeof GoldHackActorSheet)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack-npc-sheet"],
    position: { width: 560, height: 640 },
    window: { icon: "fa-solid fa-user-secret" },
  };

  static override PARTS = {
    header: { template: NPC_SHEET_TEMPLATES.header, templates: PARTIALS },
    // One page that scrolls as a whole (the window content, styles/applications/sheets/actor-sheet.css), not a
    // scroll area of its own inside the window: at the default size the body shows its Traits and Fallout.
    body: { template: NPC_SHEET_TEMPLATES.body, templates: PARTIALS },
    description: { template: NPC_SHEET_TEMPLATES.description, templates: PARTIALS },
  };

  /**
   * A dropped Item, as ActorSheetV2's drop handling hands it over (src/compat/sheet-drop.ts): a Lifepath is refused here, with a warning, before
   * anything is created (NPCs have no Lifepaths: SRD, Characters › Lifepaths); anything else as Foundry
   * does it. Not in the dropActorSheetData hook: docs/foundry-facts.md › Drops on actor sheets.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    if (item.type === "lifepath") {
      ui.notifications?.warn(gameI18n().localize("GOLDHACK.Sheet.Npc.NoLifepaths"));
      return null;
    }
    return inheritedDropItem(this, GoldHackNpcSheet.prototype, event, item);
  }

  protected override _richText(): Record<string, string> {
    const system = this.actor.system as { description?: unknown };
    return { description: typeof system.description === "string" ? system.description : "" };
  }

  protected override _limitedParts(): readonly string[] {
    return ["header", "description"];
  }

  protected override _partText(): Readonly<Record<string, PartText>> {
    return { description: { fields: ["description"] }, body: { items: true } };
  }

  protected override _withEnriched(partId: string, context: RenderContext, enriched: EnrichedText): RenderContext {
    const i18n = gameI18n();
    const items = this.actor.items.contents;
    if (partId === "description") return { ...context, description: { ...context.description, enriched: enriched.description ?? "" } };
    if (partId === "body") return { ...context, traits: traitRows(items, enriched, i18n, game.i18n?.lang), fallout: falloutRows(items, enriched, i18n, game.i18n?.lang) };
    return context;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const view = buildNpcSheetContext(
      { uuid: this.actor.uuid, name: this.actor.name, img: this.actor.img, system: this.actor.system, items: this.actor.items.contents },
      { i18n: gameI18n(), lang: game.i18n?.lang, config: CONFIG.GOLDHACK, mode: this.mode.mode, editable: this.isEditable, enriched: {} },
    );
    // The permanent-Fallout checkbox is the GM's ruling (ruling-permanent-fallout): drawn for GMs only.
    return { ...base, ...view, isGM: game.user?.isGM ?? false };
  }
}
