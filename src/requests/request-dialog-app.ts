/**
 * The small form behind "Request a Test" (GM), "Set Skill & Ob" on a proposal (GM) and "Propose a Test"
 * (player): the window. A goldhack dialog (see api/dialog-base.ts): one form part, a footer with one
 * button. Imported on first use (request-dialog.ts), as it extends Foundry's classes.
 * SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The Skill & The Obstacle
 */
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import { markFieldErrors } from "../applications/api/field-errors";
import { formValuesFromEntries, placeRequestProblems, requestFormContext, type FormActor, type RequestFormContext, type RequestFormMode, type RequestFormValues } from "./request-form";
import type { Problem } from "../rules";
import { MESSAGE_MODE_PARTIAL, type DialogConfiguration, type DialogRenderContext, type DialogRenderOptions, GoldHackDialog } from "../applications/api/dialog-base";

export const REQUEST_DIALOG_TEMPLATE = systemPath("templates/dialogs/request-dialog.hbs");
export const REQUEST_DIALOG_FOOTER = systemPath("templates/dialogs/request-dialog-footer.hbs");

const TITLES: Record<RequestFormMode, string> = {
  request: "GOLDHACK.Request.Dialog.RequestTitle",
  answer: "GOLDHACK.Request.Dialog.AnswerTitle",
  propose: "GOLDHACK.Request.Dialog.ProposeTitle",
};

const BUTTONS: Record<RequestFormMode, string> = {
  request: "GOLDHACK.Request.Dialog.Post",
  answer: "GOLDHACK.Request.Dialog.Answer",
  propose: "GOLDHACK.Request.Dialog.Propose",
};

const localize = (key: string): string => game.i18n?.localize(key) ?? key;
const problemText = (problem: Problem): string =>
  game.i18n?.format(problem.key, Object.fromEntries(Object.entries(problem.data ?? {}).map(([k, v]) => [k, String(v)]))) ?? problem.key;

type RenderContext = RequestFormContext & { submitLabel: string } & DialogRenderContext;

/** The request form as a window; its result is what was submitted, as typed. */
export class GoldHackRequestDialog extends GoldHackDialog<RequestFormValues, RenderContext> {
  static override DEFAULT_OPTIONS: (typeof GoldHackDialog)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack-request-dialog-window"],
    window: { icon: "fa-solid fa-scale-balanced", contentClasses: ["standard-form"] },
    position: { width: 420, height: "auto" as const },
  };

  static override PARTS = {
    form: { template: REQUEST_DIALOG_TEMPLATE },
    footer: { template: REQUEST_DIALOG_FOOTER, templates: [MESSAGE_MODE_PARTIAL] },
  };

  constructor(
    readonly mode: RequestFormMode,
    readonly actors: readonly FormActor[],
    readonly values: RequestFormValues,
    readonly problems: readonly Problem[],
    options?: DeepPartial<DialogConfiguration>,
  ) {
    super(options);
  }

  override get title(): string {
    return localize(TITLES[this.mode]);
  }

  protected override async _prepareContext(options: DeepPartial<DialogRenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const placed = placeRequestProblems(this.mode, this.actors.length, this.problems.map((problem) => ({ problem, text: problemText(problem) })));
    const form = requestFormContext(this.mode, this.actors, this.values, {
      uid: this.id,
      obGrades: Object.keys(CONFIG.GOLDHACK.obGrades).map(Number),
      ...placed,
      locale: game.i18n?.lang,
    });
    return { ...base, ...form, submitLabel: localize(BUTTONS[this.mode]) };
  }

  /** Each field with a problem: aria-invalid, and its message beside it. */
  protected override async _onRender(context: RenderContext, options: DeepPartial<DialogRenderOptions>): Promise<void> {
    await super._onRender(context, options);
    markFieldErrors(this.element, context.fieldErrors, this.id);
  }

  /** The values as typed; whether they make a request is for src/requests to say. */
  protected override _resultFromForm(_values: Record<string, unknown>, form: HTMLFormElement): RequestFormValues {
    return formValuesFromEntries(new FormData(form).entries());
  }
}

