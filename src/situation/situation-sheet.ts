/**
 * The `situation` page's sheet: a clean read view (the four answers, the powers linked) and an edit form
 * that asks the SRD's four questions with their help text. Small on purpose: it is registered at init,
 * and what it computes (situation-context.ts) loads with its first render. SRD: Gameplay: Situation
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { MAX_POWERS } from "../data/journal-entry-page/situation";
import { linkedName } from "./linked-name";
import { CURRENT_SITUATION_SETTING } from "./situation-settings";

const { JournalEntryPageHandlebarsSheet } = foundry.applications.sheets.journal;
type PartConfig = { template: string; classes?: string[]; root?: boolean };
const BASE_PARTS = JournalEntryPageHandlebarsSheet as unknown as { EDIT_PARTS?: Record<string, PartConfig> };

export const SITUATION_VIEW_TEMPLATE = systemPath("templates/situation/situation-view.hbs");
export const SITUATION_EDIT_TEMPLATE = systemPath("templates/situation/situation-edit.hbs");

type ContextModule = typeof import("./situation-context");
let contextModule: ContextModule | undefined;
const loadContext = async (): Promise<ContextModule> => (contextModule ??= await import("./situation-context"));

const i18n = { localize: (key: string): string => game.i18n?.localize(key) ?? key };

interface SituationSystem {
  place: string;
  powers: { name: string; link: string }[];
  ties: string;
  conflict: string;
  conflictKind: string;
  people: string;
  notes: string;
}

export class GoldHackSituationSheet extends JournalEntryPageHandlebarsSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["goldhack", "goldhack-situation"],
    window: { icon: "fa-solid fa-map-location-dot" },
    actions: {
      addPower: GoldHackSituationSheet.#onAddPower,
      removePower: GoldHackSituationSheet.#onRemovePower,
      openPower: GoldHackSituationSheet.#onOpenPower,
      makeCurrent: GoldHackSituationSheet.#onMakeCurrent,
    },
  };

  // Foundry's v13 API names EDIT_PARTS and VIEW_PARTS on JournalEntryPageHandlebarsSheet (foundryvtt.com/api, v13);
  // fvtt-types 13 does not declare them yet, so the base's header and footer are read through a narrow cast.
  static EDIT_PARTS = {
    header: BASE_PARTS.EDIT_PARTS?.header,
    content: { template: SITUATION_EDIT_TEMPLATE, classes: ["goldhack-situation__edit"] },
    footer: BASE_PARTS.EDIT_PARTS?.footer,
  };

  static VIEW_PARTS = {
    content: { template: SITUATION_VIEW_TEMPLATE, root: true },
  };

  /** Rows added but not yet named (a save keeps only named rows). */
  #blankRows = 0;

  get #system(): SituationSystem {
    return this.document.system as unknown as SituationSystem;
  }

  override async _prepareContext(options: Parameters<InstanceType<typeof JournalEntryPageHandlebarsSheet>["_prepareContext"]>[0]) {
    const base = await super._prepareContext(options);
    const { situationView, situationFields } = await loadContext();
    const system = this.#system;
    const notes = await foundry.applications.ux.TextEditor.implementation.enrichHTML(system.notes, { relativeTo: this.document, secrets: this.document.isOwner });
    const uuid = this.document.uuid;
    const view = situationView(system, linkedName, i18n);
    const blank = Math.max(0, Math.min(this.#blankRows, MAX_POWERS - view.powers.length));
    for (let i = 0; i < blank; i++) view.powers.push({ index: view.powers.length, name: "", link: "", linkName: null, broken: false });
    return Object.assign(base, {
      situation: view,
      fields: situationFields(i18n),
      notesHTML: notes,
      notesSource: system.notes,
      maxPowers: MAX_POWERS,
      isGM: game.user?.isGM ?? false,
      isCurrent: uuid !== "" && game.settings?.get(SYSTEM_ID, CURRENT_SITUATION_SETTING) === uuid,
    });
  }

  /** The powers come back from the form by index: as a list, blank rows dropped. */
  override _processFormData(event: SubmitEvent | null, form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended): object {
    const data = super._processFormData(event, form, formData) as { system?: { powers?: unknown } };
    if (data.system && "powers" in data.system && contextModule) {
      const submitted = data.system.powers;
      const rows = Array.isArray(submitted) ? submitted.length : typeof submitted === "object" && submitted !== null ? Object.keys(submitted).length : 0;
      const powers = contextModule.powersFromForm(submitted, MAX_POWERS);
      data.system.powers = powers;
      this.#blankRows = rows - powers.length;
    } else if (data.system) this.#blankRows = 0;
    return data;
  }

  protected override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context as never, options as never);
    // Dropping an Actor or a journal page on a power's link field fills it with that document's uuid.
    for (const input of this.element.querySelectorAll<HTMLInputElement>("[data-power-link]")) {
      input.addEventListener("drop", (event) => {
        const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as { uuid?: unknown; type?: unknown };
        if (typeof data.uuid !== "string" || (data.type !== "Actor" && data.type !== "JournalEntryPage" && data.type !== "JournalEntry")) return;
        event.preventDefault();
        input.value = data.uuid;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }
  }

  /** The form as it now stands, processed as a save would (unsaved edits kept), with its powers as a list. */
  #formData(): { system: Partial<SituationSystem> & { powers: { name: string; link: string }[] } } & Record<string, unknown> {
    const form = this.form;
    const data = (form ? this._processFormData(null, form, new foundry.applications.ux.FormDataExtended(form)) : {}) as { system?: Partial<SituationSystem> };
    const system = data.system ?? {};
    return { ...data, system: { ...system, powers: system.powers ?? [...this.#system.powers] } };
  }

  static async #onAddPower(this: GoldHackSituationSheet): Promise<void> {
    const data = this.#formData();
    if (data.system.powers.length >= MAX_POWERS) {
      ui.notifications?.warn(game.i18n?.format("GOLDHACK.Situation.Error.TooManyPowers", { max: String(MAX_POWERS) }) ?? "");
      return;
    }
    // A new row is blank, and a save drops blank rows: it lives in the sheet until named.
    this.#blankRows += 1;
    await this.document.update(data as JournalEntryPage.UpdateData);
    await this.render();
  }

  static async #onRemovePower(this: GoldHackSituationSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.closest<HTMLElement>("[data-power-row]")?.dataset.index);
    const data = this.#formData();
    const named = data.system.powers.length;
    if (!Number.isInteger(index) || index < 0) return;
    if (index >= named) this.#blankRows = Math.max(0, this.#blankRows - 1);
    else data.system.powers.splice(index, 1);
    await this.document.update(data as JournalEntryPage.UpdateData);
    await this.render();
  }

  static async #onOpenPower(this: GoldHackSituationSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const uuid = target.dataset.uuid ?? "";
    const doc = uuid ? await fromUuid(uuid as Parameters<typeof fromUuid>[0]) : null;
    const sheet = doc && typeof doc === "object" && "sheet" in doc ? (doc.sheet as { render(options: { force: boolean }): unknown } | null) : null;
    if (!sheet) {
      ui.notifications?.warn(game.i18n?.localize("GOLDHACK.Situation.Error.LinkGone") ?? "");
      return;
    }
    await sheet.render({ force: true });
  }

  /** GM: names this page the world's current Situation (the builder shows it). */
  static async #onMakeCurrent(this: GoldHackSituationSheet): Promise<void> {
    if (!game.user?.isGM) return;
    await game.settings?.set(SYSTEM_ID, CURRENT_SITUATION_SETTING, this.document.uuid);
    ui.notifications?.info(game.i18n?.format("GOLDHACK.Situation.MadeCurrent", { name: this.document.name ?? "" }) ?? "");
    await this.render();
  }
}
