import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants";
import { GoldHackSkillData } from "../../data/item/skill";
import { settleLearning } from "../../rules";
import { clampCount } from "../api/pips";
import { SheetChrome } from "../api/sheet-chrome";
import { dataNumber } from "../api/sheet-dom";
import { sheetModeView } from "../api/sheet-mode";
import { gameI18n } from "../../i18n/i18n";
import { buildItemSheetContext, ITEM_SHEET_TYPES, type ItemSheetView, normaliseItemSubmit } from "./item-context";
import { settle } from "../../safe-hook";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

/** Foundry's document-sheet context with our view spread in. */
export type ItemSheetRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation> & ItemSheetView;
type Configuration = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;
/** ItemSheetV2 with its default generics: the option types of the hooks we override. */
type DefaultSheet = InstanceType<typeof ItemSheetV2>;

const partial = (name: string): string => systemPath(`templates/sheets/item/partials/${name}.hbs`);
const shared = (name: string): string => systemPath(`templates/sheets/partials/${name}.hbs`);

/** The partials every item part draws; listed on each part so Foundry loads them before the first render. */
export const ITEM_SHEET_PARTIALS: readonly string[] = Object.freeze([
  partial("item-header"),
  partial("item-description"),
  partial("item-credit"),
  partial("learning-log"),
  shared("mode-toggle"),
  shared("pips"),
  shared("prose"),
]);

/** One template per item type; the sheet renders only the one of its item. */
export const ITEM_SHEET_TEMPLATES = Object.freeze(
  Object.fromEntries(ITEM_SHEET_TYPES.map((type) => [type, systemPath(`templates/sheets/item/${type}.hbs`)])) as Record<
    (typeof ITEM_SHEET_TYPES)[number],
    string
  >,
);

/** A learning log the pips may set. */
const LOGS = new Set(["passed", "failed"]);

/**
 * The sheet of every goldhack Item: Skill, Trait, Fallout and Lifepath. One class, one part per type
 * (`_configureRenderParts` keeps the item's own), so header, description, credit and the play/edit
 * switch are written once. Play mode reads like a card and lets an owner set logs with pips; edit mode
 * turns the same places into inputs. SRD: Characters; Changes
 *
 * Generic over its context and options (defaults below) because fvtt-types needs it: a concrete
 * instantiation of HandlebarsApplicationMixin(ItemSheetV2) is too deep for tsc (TS2589).
 */
export class GoldHackItemSheet<
  Context extends ItemSheetRenderContext = ItemSheetRenderContext,
  Config extends Configuration = Configuration,
  Options extends RenderOptions = RenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<Context, Config, Options> {
  static override DEFAULT_OPTIONS = {
    classes: ["goldhack", "goldhack-sheet", "goldhack-item-sheet"],
    position: { width: 520, height: 480 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: GoldHackItemSheet.#onToggleMode,
      changeImage: GoldHackItemSheet.#onChangeImage,
      setLearningLog: GoldHackItemSheet.#onSetLearningLog,
      advanceSkill: GoldHackItemSheet.#onAdvanceSkill,
    },
  };

  static override PARTS = Object.fromEntries(
    ITEM_SHEET_TYPES.map((type) => [type, { template: ITEM_SHEET_TEMPLATES[type], templates: [...ITEM_SHEET_PARTIALS], scrollable: [""] }]),
  );

  /** Modes, the mode switch, part wiring and enrichment, shared with the actor sheets. */
  readonly #chrome = new SheetChrome();

  protected override _configureRenderOptions(options: Parameters<DefaultSheet["_configureRenderOptions"]>[0]): void {
    super._configureRenderOptions(options);
    this.#chrome.configure(options, this.isEditable);
  }

  /** Only the part of this item's type. */
  protected override _configureRenderParts(options: RenderOptions): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    return Object.fromEntries(Object.entries(parts).filter(([id]) => id === this.document.type));
  }

  protected override async _prepareContext(options: DeepPartial<Options> & { isFirstRender: boolean }): Promise<Context> {
    const base = await super._prepareContext(options);
    const item = this.document;
    const i18n = gameI18n();
    const description: unknown = (item.system as { description?: unknown }).description;
    const enrichedDescription = await this.#chrome.enrich(typeof description === "string" ? description : "", item);
    const view = buildItemSheetContext(
      {
        item: { name: item.name, type: item.type, img: item.img, uuid: item.uuid, system: item.system, flags: item.flags },
        enrichedDescription,
        mode: sheetModeView(this.#chrome.mode.mode, this.isEditable, i18n),
        uid: this.id,
      },
      { i18n, skillTypes: CONFIG.GOLDHACK.skillTypes },
    );
    // The generic Context is only ever ItemSheetRenderContext here: Foundry's context plus our view.
    // The permanent-Fallout checkbox is the GM's ruling (ruling-permanent-fallout): drawn for GMs only.
    return { ...base, ...view, isGM: game.user?.isGM ?? false } as Context;
  }

  /** Each render replaces the part's element, so listeners bound to it never pile up. */
  protected override _attachPartListeners(partId: string, htmlElement: HTMLElement, options: Parameters<DefaultSheet["_onRender"]>[1]): void {
    super._attachPartListeners(partId, htmlElement, options);
    this.#chrome.attachPart(htmlElement, this.element);
  }

  /** Lifepath Types arrive as one field per slot; the model wants a list. */
  protected override _processFormData(
    event: Parameters<DefaultSheet["_processFormData"]>[0],
    form: Parameters<DefaultSheet["_processFormData"]>[1],
    formData: Parameters<DefaultSheet["_processFormData"]>[2],
  ): ReturnType<DefaultSheet["_processFormData"]> {
    return normaliseItemSubmit(super._processFormData(event, form, formData) as Record<string, unknown>) as ReturnType<DefaultSheet["_processFormData"]>;
  }

  /** Play ⇄ edit. */
  static async #onToggleMode(this: GoldHackItemSheet): Promise<void> {
    this.#chrome.toggle(this.isEditable);
    await this.render();
  }

  /** Opens the file picker on the item's image (a real button, so it works from the keyboard). */
  static async #onChangeImage(this: GoldHackItemSheet): Promise<void> {
    if (!this.isEditable) return;
    const item = this.document;
    const picker = new foundry.applications.apps.FilePicker.implementation({
      type: "image",
      current: item.img ?? "",
      callback: (path: string) => settle(item.update({ img: path }), "changing the image"),
    });
    await picker.browse();
  }

  /** A pip sets the passed or failed log to its value. SRD: Changes › Skill Learning */
  static async #onSetLearningLog(this: GoldHackItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const log = target.dataset.log ?? "";
    const value = dataNumber(target, "value");
    if (!this.isEditable || this.document.type !== "skill" || !LOGS.has(log) || value === null) return;
    await this.document.update({ [`system.${log}`]: clampCount(value, 0, Number.MAX_SAFE_INTEGER) });
  }

  /** Learns the next rating when the logs allow it, clearing them. SRD: Changes › Skill Learning */
  static async #onAdvanceSkill(this: GoldHackItemSheet): Promise<void> {
    const item = this.document;
    if (!this.isEditable || !(item.system instanceof GoldHackSkillData)) return;
    const { rating, passed, failed } = item.system;
    const settled = settleLearning({ rating, passed, failed });
    if (!settled.advanced) return;
    await item.update({ system: { rating: settled.state.rating, passed: settled.state.passed, failed: settled.state.failed } });
  }
}
