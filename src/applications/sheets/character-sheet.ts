import type { DeepPartial } from "fvtt-types/utils";
import { inheritedDropItem } from "../../compat/sheet-drop";
import { systemPath } from "../../constants";
import { GoldHackLifepathData } from "../../data/item/lifepath";
import { GoldHackSkillData } from "../../data/item/skill";
import { showChatMessage } from "../../requests/message-links";
import { setRetired } from "../../documents/retire";
import { settleLearning } from "../../rules";
import { parseRewardHistory } from "../../session/reward-results";
import { rewardHistoryView } from "../../session/summary-context";
import { afterNextPaint } from "../api/after-paint";
import { clampCount } from "../api/pips";
import { queueFor } from "../api/queue";
import { dataNumber } from "../api/sheet-dom";
import { tabsConfig } from "../api/sheet-tabs";
import { gameI18n } from "../../i18n/i18n";
import { type EnrichedText, falloutRows, traitRows } from "./actor-context";
import { type ActorSheetBaseContext, type ActorSheetConfiguration, type ActorSheetRenderOptions, GoldHackActorSheet, type PartText } from "./actor-sheet";
import { buildCharacterSheetContext, CHARACTER_TABS, type CharacterSheetContext, FIRST_RENDER_SKILL_ROWS, LIMITED_TAB, TAB_LABEL_PREFIX } from "./character-context";
import { decideLifepathFreeSkill } from "./lifepath-free-skill";
import { settle } from "../../safe-hook";

const template = (name: string): string => systemPath(`templates/sheets/actor/character/${name}.hbs`);
const partial = (path: string): string => systemPath(`templates/sheets/${path}.hbs`);

/** Partials the character parts draw; each part lists them so Foundry loads them before the first render. */
const PARTIALS = [
  "partials/mode-toggle",
  "partials/tab-nav",
  "partials/pips",
  "partials/prose",
  "actor/partials/item-controls",
  "actor/partials/skill-roll",
  "actor/partials/trait-list",
  "actor/partials/fallout-list",
  "actor/partials/reward-history",
].map(partial);

/** Part templates, by part id: the header, then one per tab. */
export const CHARACTER_SHEET_TEMPLATES: Readonly<Record<string, string>> = Object.freeze({
  header: template("header"),
  ...Object.fromEntries(CHARACTER_TABS.map((tab) => [tab.id, template(tab.id)])),
});

const LOGS = new Set(["passed", "failed"]);
const POOLS = new Set(["fate", "persona"]);

type CharacterRenderContext = CharacterSheetContext & ActorSheetBaseContext;

/**
 * The player character's sheet: header with age, Potential, Fate and Persona; tabs for Skills (by Type,
 * with learning pips), Drives, Fallout, Biography and Lifepaths. Locked (play mode) by default; the
 * switch unlocks editing. SRD: Characters; Drives; Changes
 */
export class GoldHackCharacterSheet<
  RenderContext extends CharacterRenderContext = CharacterRenderContext,
  Configuration extends ActorSheetConfiguration = ActorSheetConfiguration,
  RenderOptions extends ActorSheetRenderOptions = ActorSheetRenderOptions,
> extends GoldHackActorSheet<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: (typeof GoldHackActorSheet)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack-character-sheet"],
    position: { width: 720, height: 800 },
    window: { icon: "fa-solid fa-user" },
    actions: {
      setPool: GoldHackCharacterSheet.#onSetPool,
      setLearning: GoldHackCharacterSheet.#onSetLearning,
      advanceSkill: GoldHackCharacterSheet.#onAdvanceSkill,
      openTestCard: GoldHackCharacterSheet.#onOpenTestCard,
      requestTest: GoldHackCharacterSheet.#onRequestTest,
      traitVote: GoldHackCharacterSheet.#onTraitVote,
      // A group Test with this character and the selected tokens' (src/group/).
      groupTest: async function (this: GoldHackCharacterSheet) {
        await game.goldhack?.startGroupTest?.([this.actor]);
      },
      // The character builder (src/builder/): Build on an empty sheet, Check character on every one.
      openBuilder: async function (this: GoldHackCharacterSheet) {
        await game.goldhack?.buildCharacter?.(this.actor);
      },
      checkCharacter: async function (this: GoldHackCharacterSheet) {
        await game.goldhack?.showCharacterCheck?.(this.actor);
      },
      ageCharacter: GoldHackCharacterSheet.#onAgeCharacter,
      retire: GoldHackCharacterSheet.#onRetire,
    },
  };

  static override PARTS = Object.fromEntries(
    Object.entries(CHARACTER_SHEET_TEMPLATES).map(([id, path]) => [id, { template: path, templates: PARTIALS, ...(id === "header" ? {} : { scrollable: [""] }) }]),
  );

  static override TABS = { primary: tabsConfig(CHARACTER_TABS, "skills", TAB_LABEL_PREFIX) };

  protected override _richText(): Record<string, string> {
    const system = this.actor.system as { biography?: unknown };
    return { biography: typeof system.biography === "string" ? system.biography : "" };
  }

  protected override _limitedParts(): readonly string[] {
    return ["header", LIMITED_TAB];
  }

  /** A Skill shows only in the Skills tab (the header's Potential and pools come from the actor, the recent Tests from its log). */
  protected override _itemParts(): Readonly<Record<string, readonly string[]>> {
    return { skill: ["skills"] };
  }

  protected override _partText(): Readonly<Record<string, PartText>> {
    return { biography: { fields: ["biography"] }, drives: { items: true }, fallout: { items: true } };
  }

  protected override _withEnriched(partId: string, context: RenderContext, enriched: EnrichedText): RenderContext {
    const i18n = gameI18n();
    const items = this.actor.items.contents;
    if (partId === "biography") return { ...context, biography: { ...context.biography, enriched: enriched.biography ?? "" } };
    if (partId === "drives") return { ...context, drives: { ...context.drives, traits: traitRows(items, enriched, i18n, game.i18n?.lang) } };
    if (partId === "fallout") return { ...context, fallout: { ...context.fallout, rows: falloutRows(items, enriched, i18n, game.i18n?.lang) } };
    return context;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    // Only the Biography part renders for a Limited viewer, so it must be the tab Foundry shows.
    if (this.actor.limited) this.tabGroups.primary = LIMITED_TAB;
    const view = buildCharacterSheetContext(
      { uuid: this.actor.uuid, name: this.actor.name, img: this.actor.img, system: this.actor.system, items: this.actor.items.contents },
      {
        i18n: gameI18n(),
        lang: game.i18n?.lang,
        config: CONFIG.GOLDHACK,
        mode: this.mode.mode,
        editable: this.isEditable,
        activeTab: this.tabGroups.primary ?? undefined,
        // Rich text is enriched per part, when that part renders (_preparePartContext).
        enriched: {},
        limited: this.actor.limited,
        history: this.actor.limited ? [] : this.actor.testHistory,
        isGM: game.user?.isGM ?? false,
        // A big sheet opens with the rows that fill its window; _onRender draws the rest right after.
        ...(options.isFirstRender && !this.actor.limited ? { skillRowBudget: FIRST_RENDER_SKILL_ROWS } : {}),
      },
    );
    // Session rewards (src/session/): the reward history, and the GM's Trait Vote button.
    const rewardHistory = this.actor.limited ? [] : rewardHistoryView(parseRewardHistory(this.actor.getFlag("goldhack", "rewardHistory")), gameI18n(), game.i18n?.lang);
    return { ...base, ...view, rewardHistory, traitVote: (game.user?.isGM ?? false) && !this.actor.limited && !view.retire.retired, isGM: game.user?.isGM ?? false };
  }

  /** The parts this render leaves for right after the first frame (see _preparePartContext). */
  #later = new Set<string>();

  /**
   * A sheet opens with what its window shows first: the header, and the active tab (the Skills tab with only the
   * rows that fill the window, FIRST_RENDER_SKILL_ROWS). The other tabs render empty, marked, their rich text not
   * enriched yet; _onRender draws them, and the rest of the Skills, right after the first frame.
   */
  protected override async _preparePartContext(partId: string, context: RenderContext, options: DeepPartial<RenderOptions>): Promise<RenderContext> {
    const tab = CHARACTER_TABS.some((t) => t.id === partId);
    if (options.isFirstRender && tab && partId !== this.tabGroups.primary && !this.actor.limited) {
      this.#later.add(partId);
      return { ...context, later: true };
    }
    if (partId === "skills" && context.skills.waiting > 0) this.#later.add(partId);
    return super._preparePartContext(partId, context, options);
  }

  /**
   * Draws the parts this render left for later, once the user has seen this frame: those still empty or with Skill
   * rows waiting then (a render in between may have drawn them).
   */
  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    if (!this.#later.size) return;
    const later = [...this.#later];
    this.#later.clear();
    afterNextPaint(() => {
      if (!this.rendered) return;
      const parts = later.filter((id) => {
        const part = this.element.querySelector(`[data-application-part="${id}"]`);
        return part !== null && (part.hasAttribute("data-goldhack-later") || part.querySelector(".goldhack-skill-waiting") !== null);
      });
      if (parts.length) settle(this.render({ parts } as DeepPartial<RenderOptions>), "redrawing the sheet");
    }, this.element.ownerDocument.defaultView ?? window);
  }

  /**
   * A dropped Item, as ActorSheetV2's drop handling hands it over (src/compat/sheet-drop.ts): created as
   * Foundry does it; a Lifepath from outside this character then also brings its free Skill. Not in the
   * dropActorSheetData hook: docs/foundry-facts.md › Drops on actor sheets.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    const fromElsewhere = item.parent?.uuid !== this.actor.uuid;
    const created = await inheritedDropItem(this, GoldHackCharacterSheet.prototype, event, item);
    if (created && fromElsewhere && item.system instanceof GoldHackLifepathData) await this.grantFreeSkill({ name: item.name, skillTypes: item.system.skillTypes });
    return created;
  }

  /**
   * After a Lifepath is dropped here: adds its free Skill of the first Type at 2 when the character has
   * none of that Type, or tells the player their choice. Drops on one actor are applied one at a time,
   * so a second quick drop sees the first one's free Skill. SRD: Characters › Lifepaths
   */
  async grantFreeSkill(lifepath: { name: string; skillTypes: readonly string[] }): Promise<void> {
    if (!this.isEditable) return;
    await queueFor(`free-skill:${this.actor.uuid}`, () => this.#grantFreeSkill(lifepath));
  }

  async #grantFreeSkill(lifepath: { name: string; skillTypes: readonly string[] }): Promise<void> {
    const held = this.actor.items.contents.flatMap((i) => (i.system instanceof GoldHackSkillData ? [i.system.skillType] : []));
    const i18n = gameI18n();
    const decision = decideLifepathFreeSkill(lifepath, held, CONFIG.GOLDHACK.skillTypes, i18n);
    if (decision.kind === "choose") ui.notifications?.info(decision.notice);
    if (decision.kind !== "create") return;
    await this.actor.createEmbeddedDocuments("Item", [decision.skill]);
    const type = CONFIG.GOLDHACK.skillTypes[decision.skill.system.skillType]?.label ?? "";
    ui.notifications?.info(i18n.format("GOLDHACK.Sheet.Lifepaths.FreeSkillAdded", { lifepath: lifepath.name, type: i18n.localize(type), skill: decision.skill.name }));
  }

  /** A Fate or Persona pip: sets the pool, never above Potential (the actor clamps too). */
  static async #onSetPool(this: GoldHackCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const pool = target.dataset.pool;
    const value = dataNumber(target, "value");
    if (!pool || !POOLS.has(pool) || value === null || !this.isEditable) return;
    await this.actor.update({ [`system.${pool}.value`]: clampCount(value, 0, this.actor.potential) });
  }

  /** A passed or failed Test pip: sets that log of the Skill. SRD: Changes › Skill Learning */
  static async #onSetLearning(this: GoldHackCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const log = target.dataset.log;
    const value = dataNumber(target, "value");
    const item = this._itemFrom(target);
    if (!log || !LOGS.has(log) || value === null || !item || !this.isEditable) return;
    await item.update({ [`system.${log}`]: Math.max(0, value) });
  }

  /** Learns the next rating of a ready Skill; its logs start again. SRD: Changes › Skill Learning */
  static async #onAdvanceSkill(this: GoldHackCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this._itemFrom(target);
    if (!item || !(item.system instanceof GoldHackSkillData) || !this.isEditable) return;
    const { rating, passed, failed } = item.system;
    const settled = settleLearning({ rating, passed, failed });
    if (settled.advanced) await item.update({ system: { ...settled.state } });
  }

  /** A recent Test: scrolls the chat log to its card (or says why it cannot). */
  static #onOpenTestCard(this: GoldHackCharacterSheet, _event: PointerEvent, target: HTMLElement): void {
    const messageId = target.dataset.messageId;
    if (messageId) showChatMessage(messageId);
  }

  /** GM: opens a Trait Vote on this character. SRD: Changes › The Trait Vote */
  static async #onTraitVote(this: GoldHackCharacterSheet): Promise<void> {
    if (game.user?.isGM) await game.goldhack?.traitVote?.(this.actor);
  }

  /** GM: ages the character one step (the downtime's aging; the sheet then shows the new age, Potential and caps). */
  static async #onAgeCharacter(this: GoldHackCharacterSheet): Promise<void> {
    if (game.user?.isGM) await game.goldhack?.ageCharacter?.(this.actor);
  }

  /** GM: retires the character, or brings a retired one back into play (the button's `data-retired`). SRD: Aging Your Character */
  static async #onRetire(this: GoldHackCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (game.user?.isGM) await setRetired(this.actor, target.dataset.retired !== "false");
  }

  /** GM: opens the request form for this character. The button is drawn for GMs only; checked again here. */
  static async #onRequestTest(this: GoldHackCharacterSheet): Promise<void> {
    if (!game.user?.isGM) return;
    await game.goldhack?.requestTest([this.actor]);
  }
}
