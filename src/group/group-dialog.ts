import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import type { GroupRequest } from "./group-post";
import { markFieldErrors } from "../applications/api/field-errors";
import { groupFieldErrors, groupFormContext, groupFromForm, type GroupFormActor, type GroupFormContext, type GroupFormRules, type GroupFormValues, type GroupPrefill, initialGroupForm, readGroupForm } from "./group-form";
import { gameI18n } from "../i18n/i18n";
import { type DialogConfiguration, type DialogRenderContext, type DialogRenderOptions, GoldHackDialog } from "../applications/api/dialog-base";
import { isForm } from "../applications/api/dom-kinds";
import { settle } from "../safe-hook";

type RenderContext = GroupFormContext & { uid: string; problemText: string; fieldErrors: Record<string, string> } & DialogRenderContext;
type BaseApp = foundry.applications.api.ApplicationV2<RenderContext, DialogConfiguration, DialogRenderOptions>;

export const GROUP_DIALOG_TEMPLATES = Object.freeze({
  form: systemPath("templates/group/group-dialog.hbs"),
  summary: systemPath("templates/group/group-dialog-summary.hbs"),
  footer: systemPath("templates/group/group-dialog-footer.hbs"),
});

/**
 * The start dialog of a group Test: how the Tasks combine, whose Intent, the Intent and consequence, and
 * for each participant whether she takes part, her Skill (or Potential), Ob and Task; the exact odds of the
 * group kept live as the form changes. Resolves with the request to send to the GM.
 * SRD: Alterations › Assisting & Hindering Other's Intents
 */
export class GoldHackGroupDialog extends GoldHackDialog<GroupRequest, RenderContext> {
  static override DEFAULT_OPTIONS: (typeof GoldHackDialog)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack-group-dialog"],
    window: { icon: "fa-solid fa-users", contentClasses: ["standard-form"] },
    position: { width: 640, height: "auto" as const },
  };

  static override PARTS = {
    form: { template: GROUP_DIALOG_TEMPLATES.form },
    summary: { template: GROUP_DIALOG_TEMPLATES.summary },
    footer: { template: GROUP_DIALOG_TEMPLATES.footer },
  };

  /** Opens the dialog; resolves with the request, or null when closed. */
  static async prompt(actors: GroupFormActor[], rules: GroupFormRules, prefill: GroupPrefill = {}): Promise<GroupRequest | null> {
    const dialog = new this(actors, rules, prefill);
    await dialog.render({ force: true });
    return dialog.result;
  }

  readonly actors: GroupFormActor[];
  readonly rules: GroupFormRules;
  #values: GroupFormValues;
  /** The controls the user has changed; "all" after a submit. A field's problem shows once she has been there. */
  #touched: Set<string> | "all" = new Set();

  constructor(actors: GroupFormActor[], rules: GroupFormRules, prefill: GroupPrefill = {}, options?: DeepPartial<DialogConfiguration>) {
    super(options);
    this.actors = actors;
    this.rules = rules;
    this.#values = initialGroupForm(actors, "needed", prefill);
  }

  override get title(): string {
    return game.i18n?.localize("GOLDHACK.Group.Dialog.Title") ?? "";
  }

  protected override async _prepareContext(options: Parameters<BaseApp["_prepareContext"]>[0]): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const view = groupFormContext(this.actors, this.#values, this.rules);
    const i18n = gameI18n();
    const problemText = view.problem ? i18n.format(view.problem.key, view.problem.data ?? {}) : "";
    const touched = this.#touched;
    const fieldErrors = Object.fromEntries(
      Object.entries(groupFieldErrors(this.actors, this.#values))
        .filter(([name]) => touched === "all" || touched.has(name) || (name.endsWith(".include") && touched.has("owner")))
        .map(([name, problem]) => [name, i18n.format(problem.key, problem.data ?? {})]),
    );
    return { ...base, ...view, uid: this.id, problemText, fieldErrors };
  }

  protected override async _onRender(context: RenderContext, options: Parameters<BaseApp["_onRender"]>[1]): Promise<void> {
    await super._onRender(context, options);
    // After every render, the summary-only ones too: each field with a problem marked, its message beside it.
    markFieldErrors(this.element, context.fieldErrors, this.id);
    if (!options.isFirstRender) return;
    this.element.addEventListener("input", (event) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name && this.#touched !== "all") this.#touched.add(name);
      this.#read();
      settle(this.render({ parts: ["summary", "footer"] }), "redrawing the group dialog");
    });
    this.element.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      settle(this.close(), "closing the group dialog");
    });
    this.element.querySelector<HTMLElement>("select, input")?.focus();
  }

  #read(): void {
    if (!isForm(this.element)) return;
    this.#values = readGroupForm(new foundry.applications.ux.FormDataExtended(this.element).object, this.#values);
  }

  protected override _resultFromForm(values: Record<string, unknown>): GroupRequest | null {
    this.#values = readGroupForm(values, this.#values);
    const outcome = groupFromForm(this.actors, this.#values, this.rules);
    return outcome.ok ? outcome.request : null;
  }

  protected override async _onInvalidSubmit(): Promise<void> {
    this.#touched = "all";
    await this.render({ parts: ["summary", "footer"] });
  }
}
