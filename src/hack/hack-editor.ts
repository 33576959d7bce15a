/**
 * The GM's hack editor: Types, chart, Ob grade and term names in a form, a live preview with the
 * problems, export and import of the JSON, and the Skills a removed Type leaves to reassign. It is loaded
 * on first use (dynamic import from register.ts). Saving writes the world setting; the hack applies on reload.
 */
import { systemPath, SYSTEM_ID } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { formatCount } from "../i18n/plural";
import { applyHack, type HackTerm, HACK_TERMS } from "../rules";
import { addRow, draftFromForm, editorView, exportHack, fullDraft, type HackDraft, removeRow } from "./editor-state";
import { activeHack, currentLang, HACK_LAST_GOOD_SETTING, HACK_SETTING, installConfig, problemText, sourceLabel, TERM_KEYS } from "./loader";
import { reassignSkills, type WorldSkill, worldSkills } from "./migration";
import { parseHack } from "./state";
import { settle } from "../safe-hook";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type Section = "types" | "ages" | "obGrades";
const SECTIONS: readonly string[] = ["types", "ages", "obGrades"];
const i18n = () => ({
  localize: (key: string) => game.i18n?.localize(key) ?? key,
  format: (key: string, data: Record<string, string | number>) =>
    game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
});

/** Every named field of a form by name; checkboxes as booleans (FormData leaves unchecked ones out). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    const field = element as HTMLInputElement;
    if (!field.name) continue;
    values[field.name] = field.type === "checkbox" ? field.checked : field.value;
  }
  return values;
}

export class GoldHackHackEditor extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "goldhack-hack-editor",
    tag: "form",
    classes: ["goldhack", "goldhack-hack-editor"],
    window: { title: "GOLDHACK.Hack.Editor.Title", icon: "fa-solid fa-screwdriver-wrench", resizable: true },
    position: { width: 820, height: 720 },
    form: { submitOnChange: false, closeOnSubmit: false },
    actions: {
      addRow: GoldHackHackEditor.#onAddRow,
      removeRow: GoldHackHackEditor.#onRemoveRow,
      importJson: GoldHackHackEditor.#onImport,
      exportJson: GoldHackHackEditor.#onExport,
      resetHack: GoldHackHackEditor.#onReset,
      saveHack: GoldHackHackEditor.#onSave,
    },
  };

  static override PARTS = {
    form: { template: systemPath("templates/hack/hack-editor.hbs"), scrollable: [""] },
    preview: { template: systemPath("templates/hack/hack-preview.hbs") },
    footer: { template: systemPath("templates/hack/hack-footer.hbs") },
  };

  draft: HackDraft = fullDraft(activeHack().hack);
  picks: Record<string, string> = {};
  importText = "";
  notice: { text: string; kind: "info" | "error" } | undefined;
  #skills: WorldSkill[] | null = null;
  /** A Save in progress: a second click waits for nothing and does nothing. */
  #saving = false;

  /** The editor is the GM's: on a player's client it never renders, and she is told why. */
  override _canRender(options: foundry.applications.api.ApplicationV2.RenderOptions): ReturnType<foundry.applications.api.ApplicationV2["_canRender"]> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n?.localize("GOLDHACK.Hack.Editor.GmOnly") ?? "GOLDHACK.Hack.Editor.GmOnly");
      return false;
    }
    return super._canRender(options);
  }

  /** The world's Skills, read once per window. */
  get skills(): WorldSkill[] {
    return (this.#skills ??= worldSkills());
  }

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const termNames = Object.fromEntries(HACK_TERMS.map((t) => [t, game.i18n?.localize(TERM_KEYS[t]) ?? t])) as Record<HackTerm, string>;
    return editorView(this.draft, {
      i18n: i18n(),
      lang: currentLang(),
      sourceLabel: game.i18n?.format("GOLDHACK.Hack.Editor.InForce", { source: sourceLabel(activeHack().source) }) ?? "",
      currentTypes: Object.keys(CONFIG.GOLDHACK.skillTypes),
      skills: this.skills,
      picks: this.picks,
      termNames,
      notice: this.notice,
      importText: this.importText,
    }) as unknown as Record<string, unknown>;
  }

  override async _onRender(context: Record<string, unknown>, options: foundry.applications.api.ApplicationV2.RenderOptions): Promise<void> {
    await super._onRender(context as never, options as never);
    this.element.addEventListener("change", this.#onChange);
  }

  #onChange = (event: Event): void => {
    const form = event.currentTarget as HTMLFormElement | null;
    if (form?.elements) this.applyFormValues(formValues(form));
    settle(this.render({ parts: ["preview", "footer"] }), "redrawing the hack editor");
  };

  /** The form's values into the draft, the picks and the import box (what a change event does). */
  applyFormValues(values: Record<string, unknown>): void {
    this.draft = draftFromForm(values, this.draft);
    for (const [name, value] of Object.entries(values)) if (name.startsWith("reassign.")) this.picks[name.slice(9)] = String(value);
    if (typeof values.importText === "string") this.importText = values.importText;
    this.notice = undefined;
  }

  #readForm(): void {
    // The window's element is its <form> (tag: "form"); absent before the first render.
    const form = this.element as HTMLFormElement | undefined;
    if (form?.elements) this.applyFormValues(formValues(form));
  }

  static async #onAddRow(this: GoldHackHackEditor, _event: Event, target: HTMLElement): Promise<void> {
    const section = target.dataset.section ?? "";
    if (!SECTIONS.includes(section)) return;
    this.#readForm();
    this.draft = addRow(this.draft, section as Section);
    await this.render();
  }

  static async #onRemoveRow(this: GoldHackHackEditor, _event: Event, target: HTMLElement): Promise<void> {
    const section = target.dataset.section ?? "";
    const index = Number(target.dataset.index);
    if (!SECTIONS.includes(section) || !Number.isInteger(index)) return;
    this.#readForm();
    this.draft = removeRow(this.draft, section as Section, index);
    await this.render();
  }

  /** Replaces the draft with the pasted JSON, if it is a valid hack; otherwise keeps both and lists why. */
  static async #onImport(this: GoldHackHackEditor): Promise<void> {
    this.#readForm();
    const parsed = parseHack(this.importText);
    if (parsed.hack) {
      this.draft = fullDraft(parsed.hack);
      this.importText = "";
      this.notice = { text: game.i18n?.localize("GOLDHACK.Hack.Editor.Imported") ?? "", kind: "info" };
    } else {
      const head = game.i18n?.localize("GOLDHACK.Hack.Editor.ImportRefused") ?? "";
      this.notice = { text: `${head} ${parsed.problems.map(problemText).join(" · ")}`, kind: "error" };
    }
    await this.render();
  }

  static async #onExport(this: GoldHackHackEditor): Promise<void> {
    this.#readForm();
    foundry.utils.saveDataToFile(exportHack(this.draft), "application/json", "hack.json");
  }

  /** Clears the world's hack (and the record of the last good one): the module's, else the SRD game, applies on reload. */
  static async #onReset(this: GoldHackHackEditor): Promise<void> {
    try {
      await game.settings?.set(SYSTEM_ID, HACK_SETTING, "");
      await game.settings?.set(SYSTEM_ID, HACK_LAST_GOOD_SETTING, "");
    } catch (error) {
      this.#refused(error);
      return;
    }
    ui.notifications?.info(game.i18n?.localize("GOLDHACK.Hack.Editor.ResetDone") ?? "");
    await this.close();
  }

  /** A refused write, named to the GM and in the window. */
  #refused(error: unknown, key = "GOLDHACK.Hack.Editor.SaveRefused"): void {
    const text = game.i18n?.format(key, { error: error instanceof Error ? error.message : String(error) }) ?? key;
    console.error(`${SYSTEM_ID} | ${text}`, error);
    ui.notifications?.error(text);
    this.notice = { text, kind: "error" };
  }

  /**
   * Saves as one transition: a draft with problems is never saved; the world setting is written first, and only
   * once that write succeeded are the GM's picks of new Types written. A refused write changes no Skill. Running
   * it twice writes the same setting and skips the Skills already reassigned; a second click while a Save runs
   * does nothing.
   */
  static async #onSave(this: GoldHackHackEditor): Promise<void> {
    if (this.#saving) return;
    this.#saving = true;
    try {
      await this.#save();
    } finally {
      this.#saving = false;
    }
  }

  async #save(): Promise<void> {
    this.#readForm();
    const text = exportHack(this.draft);
    const parsed = parseHack(text);
    if (!parsed.hack) {
      ui.notifications?.error(parsed.problems.map(problemText).join(" · "));
      return;
    }
    try {
      await game.settings?.set(SYSTEM_ID, HACK_SETTING, text);
    } catch (error) {
      this.#refused(error);
      await this.render();
      return;
    }
    const types = this.draft.types.map((t) => t.key);
    // The Skill model checks a Type against CONFIG: let it know the new Types while the picks are written.
    const before = CONFIG.GOLDHACK;
    installConfig(applyHack(parsed.hack, currentLang()));
    let written = 0;
    try {
      written = await reassignSkills(this.skills, this.picks, types);
    } catch (error) {
      // The hack is saved; a Skill left unwritten is listed again (Save again, or at ready).
      this.#refused(error, "GOLDHACK.Hack.Editor.ReassignFailed");
    } finally {
      installConfig(before);
    }
    ui.notifications?.info(formatCount(gameI18n(), "GOLDHACK.Hack.Editor.Saved", written));
    this.#skills = null;
    await this.render();
  }
}
