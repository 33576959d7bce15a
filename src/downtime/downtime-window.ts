/**
 * What the downtime's windows share: a form, drawn for the user who opened it, that re-renders whenever
 * the downtime or a character in it changes, and sends every change to the GM through the channel,
 * showing a refusal as a localised warning.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { askGM } from "../channel";
import { warnProblem } from "./downtime-i18n";
import { DOWNTIME_CHANGED } from "./downtime-store";
import { isForm } from "../applications/api/dom-kinds";
import { settle } from "../safe-hook";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export type DowntimeRenderContext = Record<string, unknown> & foundry.applications.api.ApplicationV2.RenderContext;
export type Configuration = foundry.applications.api.ApplicationV2.Configuration;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.ApplicationV2RenderOptions;
type BaseApp = foundry.applications.api.ApplicationV2<DowntimeRenderContext, Configuration, RenderOptions>;

const REDRAW_HOOKS = ["updateActor", "createItem", "updateItem", "deleteItem"] as const;

export abstract class GoldHackDowntimeWindow extends HandlebarsApplicationMixin(ApplicationV2)<DowntimeRenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: DeepPartial<Configuration> = {
    tag: "form",
    classes: ["goldhack", "goldhack-downtime"],
    window: { icon: "fa-solid fa-hourglass-half", resizable: true },
    position: { width: 640, height: "auto" },
    form: { submitOnChange: false, closeOnSubmit: false },
  };

  #hooks: [string, () => void][] = [];

  protected constructor(options: Partial<Configuration> = {}) {
    super(options);
    const redraw = () => settle(this.rendered ? this.render() : undefined, "redrawing the downtime window");
    const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: () => void) => number;
    this.#hooks = [DOWNTIME_CHANGED, ...REDRAW_HOOKS].map((hook) => {
      on(hook, redraw);
      return [hook, redraw];
    });
  }

  protected override async _onRender(context: DowntimeRenderContext, options: Parameters<BaseApp["_onRender"]>[1]): Promise<void> {
    await super._onRender(context, options);
    if (options.isFirstRender) this.element.addEventListener("change", (event) => settle(this._onFormChange(event), "redrawing the downtime window"));
  }

  protected override _onClose(options: Parameters<BaseApp["_onClose"]>[0]): void {
    // Hooks.off takes the id Hooks.on returned or the function itself; the function works in every version.
    const off = Hooks.off.bind(Hooks) as unknown as (hook: string, fn: () => void) => void;
    for (const [hook, fn] of this.#hooks) off(hook, fn);
    this.#hooks = [];
    super._onClose(options);
  }

  /** A control changed: subclasses read the form. */
  protected async _onFormChange(_event: Event): Promise<void> {}

  /** The form's fields as name → value (checkboxes: present when ticked, as FormData has them). */
  protected _formEntries(): [string, string][] {
    const form = isForm(this.element) ? this.element : this.element.querySelector("form");
    if (!form) return [];
    return [...new FormData(form).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]);
  }

  /** Asks the GM; true when done, false (with the reason shown) when refused. */
  protected async _ask(name: string, payload: Record<string, unknown>): Promise<boolean> {
    const reply = await askGM(name, payload);
    if (!reply.ok) warnProblem(reply.problem);
    return reply.ok;
  }
}
