import type { DeepPartial } from "fvtt-types/utils";
import { SheetChrome } from "../api/sheet-chrome";
import type { SheetModeState, SheetModeView } from "../api/sheet-mode";
import { partsForItemUpdate } from "../api/item-render-parts";
import { bindEmbeddedFields, itemIdFrom } from "../api/sheet-dom";
import { gameI18n } from "../../i18n/i18n";
import type { EnrichedText } from "./actor-context";
import { isQuickRoll, quickRollSkill } from "./quick-roll";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

/** What Foundry's ActorSheetV2 puts in every render context (the document, its source and fields). */
export type ActorSheetBaseContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
export type ActorSheetConfiguration = foundry.applications.sheets.ActorSheetV2.Configuration;
export type ActorSheetRenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions & foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;
/** ActorSheetV2 with its default generics, for option types that do not depend on ours. */
type DefaultSheet = InstanceType<typeof ActorSheetV2>;
type DefaultOptions = (typeof ActorSheetV2)["DEFAULT_OPTIONS"];

/** The rich text one part shows: actor fields by context key, and item descriptions. */
export interface PartText {
  fields?: readonly string[];
  items?: boolean;
}

/** The item types a sheet's "create" buttons make, with their default names. */
const NEW_ITEM_NAMES: Readonly<Record<string, string>> = Object.freeze({
  trait: "GOLDHACK.Sheet.NewItem.Trait",
  fallout: "GOLDHACK.Sheet.NewItem.Fallout",
  lifepath: "GOLDHACK.Sheet.NewItem.Lifepath",
});

/**
 * What both goldhack actor sheets share: play/edit mode, item rows (open, create, delete, rename in
 * place), rolling a Skill or Potential, recovering from Fallout. Subclasses build their context with a
 * pure builder and add their own actions. Generic over its render types, as fvtt-types needs to keep
 * the document's deep types from being expanded (TS2589). SRD: Tests; Changes
 */
export abstract class GoldHackActorSheet<
  RenderContext extends ActorSheetBaseContext & SheetModeView = ActorSheetBaseContext & SheetModeView,
  Configuration extends ActorSheetConfiguration = ActorSheetConfiguration,
  RenderOptions extends ActorSheetRenderOptions = ActorSheetRenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["goldhack", "goldhack-sheet", "goldhack-actor-sheet"],
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: GoldHackActorSheet.#onToggleMode,
      editItem: GoldHackActorSheet.#onEditItem,
      createItem: GoldHackActorSheet.#onCreateItem,
      deleteItem: GoldHackActorSheet.#onDeleteItem,
      rollSkill: GoldHackActorSheet.#onRollSkill,
      testPotential: GoldHackActorSheet.#onTestPotential,
      recoverFallout: GoldHackActorSheet.#onRecoverFallout,
    },
  };

  /** Modes, the mode switch, part wiring, tabs and enrichment, shared with the item sheet. */
  readonly #chrome = new SheetChrome();

  /** Play or edit, as the user last chose (play by default, edit right after creation). */
  get mode(): SheetModeState {
    return this.#chrome.mode;
  }

  /** The actor's rich-text fields to enrich, by context key (e.g. { biography: system.biography }). */
  protected abstract _richText(): Record<string, string>;

  /** The parts a user with Limited permission sees: no mechanics, only who the character is. */
  protected abstract _limitedParts(): readonly string[];

  /**
   * The parts that show an embedded Item of each type, for types whose change redraws only those parts (none by
   * default: every part redraws).
   */
  protected _itemParts(): Readonly<Record<string, readonly string[]>> {
    return {};
  }

  /**
   * Limited viewers see their parts only. A render that an embedded Item's update started (Foundry's
   * "updateItem") redraws only the parts showing Items of that type, when the sheet lists them (`_itemParts`);
   * every other render redraws everything.
   */
  protected override _configureRenderOptions(options: DeepPartial<RenderOptions>): void {
    super._configureRenderOptions(options);
    this.#chrome.configure(options, this.isEditable);
    if (this.actor.limited) {
      options.parts = [...this._limitedParts()];
      return;
    }
    if (options.isFirstRender) return;
    const { renderContext, renderData } = options as { renderContext?: unknown; renderData?: unknown };
    const only = partsForItemUpdate(renderContext, renderData, (id) => this.actor.items.get(id)?.type, this._itemParts());
    // Foundry's HandlebarsApplicationMixin has filled `parts` with every part by now (unsure: when not, all are meant).
    if (only) options.parts = options.parts ? options.parts.filter((part) => part !== undefined && only.includes(part)) : only;
  }

  /** Each render replaces the part's element, so listeners bound to it never pile up. */
  protected override _attachPartListeners(partId: string, htmlElement: HTMLElement, options: DeepPartial<RenderOptions>): void {
    super._attachPartListeners(partId, htmlElement, options);
    this.#chrome.attachPart(htmlElement, this.element);
    bindEmbeddedFields(htmlElement, (id) => this.actor.items.get(id));
  }

  /** Keeps each tab button's aria-selected in step with the tab Foundry shows. */
  override changeTab(tab: string, group: string, options?: Parameters<DefaultSheet["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    this.#chrome.syncTabs(this.element, tab, group);
  }

  /**
   * Which parts show rich text: the actor's fields (keys of `_richText()`) and whether their item rows
   * show descriptions. Only those parts enrich, and only when they render.
   */
  protected abstract _partText(): Readonly<Record<string, PartText>>;

  /** A part's context with its enriched text put in place (the builders leave it empty). */
  protected abstract _withEnriched(partId: string, context: RenderContext, enriched: EnrichedText): RenderContext;

  protected override async _preparePartContext(partId: string, context: RenderContext, options: DeepPartial<RenderOptions>): Promise<RenderContext> {
    const base = await super._preparePartContext(partId, context, options);
    const needs = this._partText()[partId];
    return needs ? this._withEnriched(partId, base, await this._enrichedText(needs)) : base;
  }

  /** Enriched HTML of the rich text a part needs, keyed as the builders read it (item descriptions by item id). */
  protected async _enrichedText(needs: PartText): Promise<EnrichedText> {
    const out: Record<string, string> = {};
    const rich = this._richText();
    for (const key of needs.fields ?? []) out[key] = await this.#chrome.enrich(rich[key] ?? "", this.actor);
    if (!needs.items) return out;
    for (const item of this.actor.items) {
      const description: unknown = (item.system as { description?: unknown }).description;
      if (item.id && typeof description === "string" && description) out[item.id] = await this.#chrome.enrich(description, this.actor);
    }
    return out;
  }

  /** The embedded item of the row an action came from. */
  protected _itemFrom(target: HTMLElement): Item.Implementation | undefined {
    const id = itemIdFrom(target);
    return id ? this.actor.items.get(id) : undefined;
  }

  /** The name of a new item: localised per type; a Skill's names its Type ("New Craft Skill"). */
  protected _newItemName(type: string, skillType?: string): string {
    const i18n = gameI18n();
    if (type === "skill") {
      const label = skillType ? CONFIG.GOLDHACK.skillTypes[skillType]?.label : undefined;
      return label ? i18n.format("GOLDHACK.Sheet.NewItem.Skill", { type: i18n.localize(label) }) : i18n.localize("GOLDHACK.Sheet.NewItem.AnySkill");
    }
    return i18n.localize(NEW_ITEM_NAMES[type] ?? "GOLDHACK.Sheet.NewItem.Trait");
  }

  static async #onToggleMode(this: GoldHackActorSheet): Promise<void> {
    this.#chrome.toggle(this.isEditable);
    await this.render();
  }

  static async #onEditItem(this: GoldHackActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this._itemFrom(target)?.sheet?.render(true);
  }

  /** Creates an item of `data-type` (a Skill of `data-skill-type`); in play mode its sheet opens, as the row has no inputs. */
  static async #onCreateItem(this: GoldHackActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (!type || !this.isEditable) return;
    const skillType = type === "skill" ? (target.dataset.skillType ?? Object.keys(CONFIG.GOLDHACK.skillTypes)[0]) : undefined;
    const data = { type, name: this._newItemName(type, skillType), ...(skillType ? { system: { skillType } } : {}) };
    const [created] = (await this.actor.createEmbeddedDocuments("Item", [data as Item.CreateData])) ?? [];
    if (created && this.mode.mode === "play") await created.sheet?.render(true);
  }

  static async #onDeleteItem(this: GoldHackActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this._itemFrom(target)?.deleteDialog();
  }

  static async #onRollSkill(this: GoldHackActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = itemIdFrom(target);
    if (id && isQuickRoll(event)) await quickRollSkill(this.actor, id);
    else if (id) await this.actor.rollSkill(id);
  }

  /** Tests Potential: untrained, double Ob. SRD: Tests › I Don't Have The Skill! */
  static async #onTestPotential(this: GoldHackActorSheet): Promise<void> {
    await this.actor.rollPotential();
  }

  /** Potential against the Fallout's rating. SRD: Changes › Recovering From Fallout */
  static async #onRecoverFallout(this: GoldHackActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = itemIdFrom(target);
    if (id) await this.actor.recoverFromFallout(id);
  }
}
