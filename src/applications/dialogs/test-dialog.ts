import { defaultSkillType } from "../../data/defaults";
import type { DeepPartial } from "fvtt-types/utils";
import { gameI18n } from "../../i18n/i18n";
import { TEST_DIALOG_TEMPLATES } from "../register";
import type { TestChoice, TestRequest } from "../../data/test-choice";
import { checkRepeatedForActor } from "../../history/repeated-test";
import { showChatMessage } from "../../requests/message-links";
import { repeatedTestView, type RepeatedTestView } from "../../history/repeated-test-context";
import { actorSnapshot, targetSnapshot } from "./test-dialog-actor";
import { openingChoice } from "./test-dialog-choice";
import {
  computeTestDialog,
  initialSelections,
  selectionsFromForm,
  nextTraitUse,
  targetedNpcOb,
  type ActorSnapshot,
  type TestDialogState,
  type TestField,
  type TestSelections,
} from "./test-dialog-state";
import { liveShape, testDialogView, type TestDialogView } from "./test-dialog-context";
import { MESSAGE_MODE_PARTIAL, type DialogConfiguration, type DialogRenderContext, type DialogRenderOptions, GoldHackDialog } from "../api/dialog-base";
import { isForm, isInput, isSelect } from "../api/dom-kinds";
import { patchLiveTexts, patchPart } from "../api/patch-part";
import { settle } from "../../safe-hook";

type RenderContext = TestDialogView & { repeated: RepeatedTestView } & DialogRenderContext;
type BaseApp = foundry.applications.api.ApplicationV2<RenderContext, DialogConfiguration, DialogRenderOptions>;

/** The fields that can show a problem next to them (the whole-form one sits by the Roll button). */
const FIELD_ERRORS: readonly TestField[] = ["skill", "learnSkillType", "ob", "linkedDice", "linkedOb", "persona"];
/** The parts a keystroke redraws: patched in place after the first render (src/applications/api/patch-part.ts). */
const LIVE_PARTS: readonly string[] = ["summary", "footer"];
/** The fields that can show a note that does not stop the roll. */
const FIELD_WARNINGS: readonly TestField[] = ["learnSkillName"];

/**
 * The dialog before a Test: Intent and Task, Skill or Potential, Ob, Traits, Fallout, a linked test and
 * Persona, with the pool, Ob and chances kept live. ApplicationV2 rather than DialogV2 because its parts
 * let the summary re-render alone while the player types; the dialog base gives the submit, the result
 * and Cancel. SRD: Tests; Alterations To Tests
 */
export class GoldHackTestDialog extends GoldHackDialog<TestChoice, RenderContext> {
  static override DEFAULT_OPTIONS: (typeof GoldHackDialog)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack-test-dialog"],
    window: { icon: "fa-solid fa-dice-d6" },
    position: { width: 480, height: "auto" as const },
    actions: { showMessage: GoldHackTestDialog.#onShowMessage, cycleTrait: GoldHackTestDialog.#onCycleTrait },
  };

  static override PARTS = {
    form: { template: TEST_DIALOG_TEMPLATES.form },
    summary: { template: TEST_DIALOG_TEMPLATES.summary },
    footer: { template: TEST_DIALOG_TEMPLATES.footer, templates: [MESSAGE_MODE_PARTIAL] },
  };

  /**
   * Opens the dialog for an actor. Resolves with the player's choice when they roll, with null when the
   * dialog is cancelled or closed.
   */
  static async prompt(actor: Actor.Implementation, request: TestRequest = {}): Promise<TestChoice | null> {
    const dialog = new this(actor, request);
    await dialog.render({ force: true });
    return dialog.result;
  }

  /** What the dialog would roll if Roll were pressed at once, without drawing it (`actor.rollTest(request, { dialog: false })`). */
  static async openingChoice(actor: Actor.Implementation, request: TestRequest = {}): Promise<TestChoice | null> {
    return openingChoice(actor, request);
  }

  readonly actor: Actor.Implementation;
  readonly request: TestRequest;
  #selections: TestSelections;
  /** The GM ticked "Roll anyway" on a repeated Test. SRD: Gameplay: Tests */
  #overrideRepeated = false;
  /** The shape (liveShape) of what the summary and footer show now: while a keystroke keeps it, only texts change. */
  #drawnShape: string | null = null;

  constructor(actor: Actor.Implementation, request: TestRequest = {}, options?: DeepPartial<DialogConfiguration>) {
    super(options);
    this.actor = actor;
    this.request = request;
    const targets = [...(game.user?.targets ?? [])].map((token) => targetSnapshot(token.actor));
    this.#selections = initialSelections(this.#snapshot(), request, targetedNpcOb(targets), defaultSkillType());
  }

  override get title(): string {
    return game.i18n?.format("GOLDHACK.Dialog.Test.Title", { actor: this.actor.name }) ?? this.actor.name;
  }

  /** Read afresh each time, so Persona spent elsewhere while the dialog is open still caps this Test. */
  #snapshot(): ActorSnapshot {
    return actorSnapshot(this.actor, CONFIG.GOLDHACK.skillTypes);
  }

  #state(): TestDialogState {
    const potential = game.i18n?.localize("GOLDHACK.Dialog.Test.PotentialName") ?? "Potential";
    return computeTestDialog(this.#snapshot(), this.request, this.#selections, { potential }, {
      skillTypes: Object.keys(CONFIG.GOLDHACK.skillTypes),
      explodingTypes: Object.entries(CONFIG.GOLDHACK.skillTypes).filter(([, type]) => type.explodes).map(([key]) => key),
    });
  }

  #view(): TestDialogView {
    return testDialogView(this.#state(), this.#snapshot(), {
      i18n: gameI18n(),
      skillTypes: CONFIG.GOLDHACK.skillTypes,
      obGrades: Object.keys(CONFIG.GOLDHACK.obGrades).map(Number),
      obGradeLabels: CONFIG.GOLDHACK.obGrades,
      uid: this.id,
    });
  }

  protected override async _prepareContext(options: Parameters<BaseApp["_prepareContext"]>[0]): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...this.#view(), repeated: this.#repeated() };
  }

  /** Whether this Intent, Task and Ob were already tested in the scene, and whether that holds the Roll back. */
  #repeated(): RepeatedTestView {
    const { selections, ob } = this.#state();
    const check = checkRepeatedForActor(this.actor, { intent: selections.intent, task: selections.task, ob });
    return repeatedTestView(check, { isGM: game.user?.isGM ?? false, override: this.#overrideRepeated }, gameI18n());
  }

  protected override async _onRender(context: RenderContext, options: Parameters<BaseApp["_onRender"]>[1]): Promise<void> {
    await super._onRender(context, options);
    this.#drawnShape = liveShape(context, context.repeated);
    // The form part is drawn once; after a summary-only render its fields still need this state's marks.
    this.#syncFields(context);
    if (options.isFirstRender) {
      // "input" fires for every kind of control (text, number, select, checkbox) on each change.
      this.element.addEventListener("input", () => this.#onFormInput());
      this.element.addEventListener("keydown", (event) => this.#onKeyDown(event));
      this.element.querySelector<HTMLElement>("input:not([disabled]), select:not([disabled])")?.focus();
    }
  }

  /**
   * A redraw of the summary or footer changes only what differs on the live part (a few texts on a keystroke),
   * rather than replacing it: cheaper, and what the player opened there (the breakdown) stays open
   * (docs/foundry-facts.md › Parts put in place by `_replaceHTML`).
   */
  protected override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement, options: Parameters<BaseApp["_replaceHTML"]>[2]): void {
    const rest: Record<string, HTMLElement> = {};
    for (const [id, fresh] of Object.entries(result)) {
      const live = options.isFirstRender || !LIVE_PARTS.includes(id) ? null : content.querySelector(`:scope > [data-application-part="${id}"]`);
      if (live) patchPart(live, fresh);
      else rest[id] = fresh;
    }
    super._replaceHTML(rest, content, options);
  }

  /** Redraws the summary and the Roll button as the player types, leaving the fields (and focus) alone. */
  #onFormInput(): void {
    this.#readForm();
    const view = this.#view();
    if (liveShape(view, this.#repeated()) === this.#drawnShape) {
      // Only the decision's numbers changed (a new Ob, say): write those texts, nothing else.
      const summary = this.element.querySelector(':scope > .window-content > [data-application-part="summary"]') ?? this.element;
      patchLiveTexts(summary, view.summary.live);
      return;
    }
    settle(this.render({ parts: ["summary", "footer"] }), "redrawing the Test dialog");
  }

  #readForm(): void {
    if (!isForm(this.element)) return;
    const values = new foundry.applications.ux.FormDataExtended(this.element).object;
    this.#selections = selectionsFromForm(values, this.#snapshot(), this.#selections);
    this.#overrideRepeated = values.overrideRepeated === true;
    this._keepMessageMode(values);
  }

  /** Marks each field with a problem (aria-invalid and the message beside it) and shows the learn field for Potential. */
  #syncFields(context: TestDialogView): void {
    for (const field of FIELD_ERRORS) {
      const control = this.element.querySelector<HTMLElement>(`[name="${field}"]`);
      const message = this.element.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
      const error = context.errors[field];
      if (control) {
        if (error) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      }
      if (message) {
        message.textContent = error?.message ?? "";
        message.hidden = !error;
      }
    }
    for (const field of FIELD_WARNINGS) {
      const message = this.element.querySelector<HTMLElement>(`[data-warning-for="${field}"]`);
      const warning = context.warnings[field];
      if (message) {
        message.textContent = warning?.message ?? "";
        message.hidden = !warning;
      }
    }
    for (const learn of this.element.querySelectorAll<HTMLElement>("[data-learn-skill]")) learn.hidden = !context.showLearn;
  }

  /** Enter rolls from any field (when the Test is valid); Escape cancels. */
  #onKeyDown(event: KeyboardEvent): void {
    const target = event.target;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      settle(this.close(), "closing the Test dialog");
      return;
    }
    if (event.key !== "Enter" || event.isComposing) return;
    if (!(isInput(target) || isSelect(target))) return;
    event.preventDefault();
    this.#readForm();
    if (this.#state().choice && isForm(this.element)) this.element.requestSubmit();
  }

  /** The choice to roll, or null (the summary says why) while the Test is invalid or a repeat holds it back. */
  protected override _resultFromForm(values: Record<string, unknown>): TestChoice | null {
    this.#selections = selectionsFromForm(values, this.#snapshot(), this.#selections);
    this.#overrideRepeated = values.overrideRepeated === true;
    const choice = this.#state().choice;
    return !choice || this.#repeated().holds ? null : { ...choice, messageMode: this.messageMode };
  }

  /** Each Test may be public, private to the GM, blind or to oneself, as core's chat controls offer. */
  protected override get offersMessageMode(): boolean {
    return true;
  }

  protected override async _onInvalidSubmit(): Promise<void> {
    await this.render({ parts: ["summary", "footer"] });
  }

  /**
   * A Trait chip steps to its next use (does not apply → helps → hinders → does not apply): the chip and its
   * hidden field change in place, then the summary follows as for any input. SRD: Alterations › My Traits Apply!
   */
  static #onCycleTrait(this: GoldHackTestDialog, _event: PointerEvent, target: HTMLElement): void {
    const id = target.dataset.trait;
    const field = id ? this.element.querySelector<HTMLInputElement>(`input[name="traits.${id}"]`) : null;
    if (!field) return;
    const next = nextTraitUse(field.value);
    field.value = next;
    target.dataset.state = next;
    this.#onFormInput();
  }

  /** "Show the earlier card" of a repeated Test. */
  static #onShowMessage(this: GoldHackTestDialog, _event: PointerEvent, target: HTMLElement): void {
    const id = target.dataset.messageId;
    if (id) showChatMessage(id);
  }
}
