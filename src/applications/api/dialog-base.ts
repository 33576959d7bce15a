import type { DeepPartial } from "fvtt-types/utils";
import { currentMessageMode, type MessageMode, messageModeChoices, toMessageMode } from "../../compat";
import { systemPath } from "../../constants";
import { gameI18n } from "../../i18n/i18n";
import { settle } from "../../safe-hook";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** The footer partial that offers who sees the message (see `offersMessageMode`). */
export const MESSAGE_MODE_PARTIAL = systemPath("templates/dialogs/partials/message-mode.hbs");

/** What a goldhack dialog's templates receive besides their own view. */
export interface DialogBaseContext {
  /** The message-mode choice for the footer, or null when the dialog does not offer one. */
  messageModes: { choices: { mode: MessageMode; label: string; selected: boolean }[]; label: string } | null;
}

export type DialogRenderContext = DialogBaseContext & foundry.applications.api.ApplicationV2.RenderContext;
export type DialogConfiguration = foundry.applications.api.ApplicationV2.Configuration;
export type DialogRenderOptions = foundry.applications.api.HandlebarsApplicationMixin.ApplicationV2RenderOptions;

/**
 * What every goldhack dialog does the same way: a `<form>` whose submit becomes the dialog's result,
 * one result promise that settles once (the value on a good submit, null on close), a Cancel action,
 * and, when `offersMessageMode`, a choice in the footer of who sees the message it leads to (public, GM
 * only, blind, self; v13 roll modes or v14 message modes through src/compat), defaulting to the chat
 * controls' mode. Subclasses give PARTS, their context and `_resultFromForm`.
 */
export abstract class GoldHackDialog<
  Result,
  RenderContext extends DialogRenderContext = DialogRenderContext,
  Configuration extends DialogConfiguration = DialogConfiguration,
  RenderOptions extends DialogRenderOptions = DialogRenderOptions,
> extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: (typeof ApplicationV2)["DEFAULT_OPTIONS"] = {
    tag: "form",
    classes: ["goldhack", "goldhack-dialog"],
    form: { handler: GoldHackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: GoldHackDialog.#onCancel },
  };

  /** Settles once: with the result on a good submit, with null when the dialog closes first. */
  readonly result: Promise<Result | null>;
  #settle!: (value: Result | null) => void;
  #settled = false;
  #messageMode: MessageMode | null = null;

  constructor(options?: DeepPartial<Configuration>) {
    super(options);
    this.result = new Promise((resolve) => (this.#settle = resolve));
  }

  /** Whether the footer offers who sees the message (off unless a subclass turns it on). */
  protected get offersMessageMode(): boolean {
    return false;
  }

  /** Keeps the footer's pick from form values, so a redraw of the footer while the user types shows it still. */
  protected _keepMessageMode(values: Record<string, unknown>): void {
    if (this.offersMessageMode) this.#messageMode = toMessageMode(values.messageMode) ?? this.#messageMode;
  }

  /** Who will see the message: the footer's choice, else the chat controls' mode. */
  get messageMode(): MessageMode {
    return this.#messageMode ?? currentMessageMode();
  }

  /** The result the submitted values give, or null to stay open (after showing why). */
  protected abstract _resultFromForm(values: Record<string, unknown>, form: HTMLFormElement): Result | null | Promise<Result | null>;

  /** After a submit that gave no result: redraw (subclasses may redraw fewer parts). */
  protected async _onInvalidSubmit(): Promise<void> {
    await this.render();
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const i18n = gameI18n();
    const selected = this.messageMode;
    const messageModes = this.offersMessageMode
      ? {
          label: i18n.localize("GOLDHACK.Dialog.Base.MessageMode"),
          choices: messageModeChoices().map(({ mode, label }) => ({ mode, label: i18n.localize(label), selected: mode === selected })),
        }
      : null;
    return { ...base, messageModes } as RenderContext;
  }

  /** Settles the result (once). */
  protected _settle(value: Result | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#settle(value);
  }

  protected override _onClose(options: DeepPartial<RenderOptions>): void {
    super._onClose(options);
    this._settle(null);
  }

  static async #onSubmit(this: GoldHackDialog<unknown>, _event: Event | SubmitEvent, form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended): Promise<void> {
    const values = formData.object as Record<string, unknown>;
    this._keepMessageMode(values);
    const result = await this._resultFromForm(values, form);
    if (result === null) {
      await this._onInvalidSubmit();
      return;
    }
    this._settle(result);
    await this.close();
  }

  static #onCancel(this: GoldHackDialog<unknown>): void {
    settle(this.close(), "closing the dialog");
  }
}
