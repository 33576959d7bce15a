/**
 * The GM's overview of a downtime under way: every character's plan, the GM's marks (which Fallouts
 * interfere, which the time heals, which she warns may become permanent, who ages), the recoveries with
 * their rulings, a plan sent back with a note, and Apply for all at once. Then the applied result.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import { DOWNTIME_ACTIONS } from "./downtime-names";
import { i18n, labels } from "./downtime-i18n";
import type { CharacterFacts } from "./downtime-state";
import { actorByUuid, characterFacts, currentDowntime } from "./downtime-store";
import { overviewContext } from "./downtime-view";
import { type Configuration, type DowntimeRenderContext, GoldHackDowntimeWindow } from "./downtime-window";
import { isHTMLElement } from "../applications/api/dom-kinds";

export const OVERVIEW_TEMPLATE = systemPath("templates/downtime/overview.hbs");

export class GoldHackDowntimeOverview extends GoldHackDowntimeWindow {
  static override DEFAULT_OPTIONS: DeepPartial<Configuration> = {
    id: "goldhack-downtime-overview",
    classes: ["goldhack-downtime-overview"],
    window: { title: "GOLDHACK.Downtime.Overview.Title" },
    position: { width: 720 },
    actions: {
      returnPlan: GoldHackDowntimeOverview.#onReturnPlan,
      rule: GoldHackDowntimeOverview.#onRule,
      apply: GoldHackDowntimeOverview.#onApply,
      openPlanner: GoldHackDowntimeOverview.#onOpenPlanner,
    },
  };

  static override PARTS = { overview: { template: OVERVIEW_TEMPLATE } };

  constructor() {
    super({});
  }

  protected override async _prepareContext(): Promise<DowntimeRenderContext> {
    const state = currentDowntime();
    if (!state) return { missing: true } as DowntimeRenderContext;
    const facts = new Map<string, CharacterFacts>();
    for (const p of state.participants) {
      const f = characterFacts(actorByUuid(p.actorUuid));
      if (f) facts.set(p.actorUuid, f);
    }
    return overviewContext(state, facts, i18n(), labels()) as unknown as DowntimeRenderContext;
  }

  /** A mark ticked: sends that character's marks, read from the form as they now stand. */
  protected override async _onFormChange(event: Event): Promise<void> {
    const target = isHTMLElement(event.target) ? event.target : null;
    const actorUuid = target?.closest<HTMLElement>("[data-actor-uuid]")?.dataset.actorUuid;
    const state = currentDowntime();
    if (!actorUuid || !state || !target?.matches("[data-mark]")) return;
    const entries = this._formEntries();
    const ticked = (mark: string) => entries.filter(([k]) => k === `${mark}.${actorUuid}`).map(([, v]) => v);
    const marks = { interfering: ticked("interfering"), healed: ticked("healed"), warned: ticked("warned"), ages: ticked("ages").length > 0 };
    if (!(await this._ask(DOWNTIME_ACTIONS.marks, { downtimeId: state.id, actorUuid, marks }))) await this.render();
  }

  static async #onReturnPlan(this: GoldHackDowntimeOverview, _event: Event, target: HTMLElement): Promise<void> {
    const state = currentDowntime();
    const actorUuid = target.dataset.actorUuid ?? "";
    if (!state) return;
    const note = this._formEntries().find(([k]) => k === `note.${actorUuid}`)?.[1] ?? "";
    await this._ask(DOWNTIME_ACTIONS.return, { downtimeId: state.id, actorUuid, note });
  }

  static async #onRule(this: GoldHackDowntimeOverview, _event: Event, target: HTMLElement): Promise<void> {
    const state = currentDowntime();
    if (!state) return;
    const { actorUuid = "", falloutId = "", ruling = "" } = target.dataset;
    await this._ask(DOWNTIME_ACTIONS.rule, { downtimeId: state.id, actorUuid, falloutId, ruling });
  }

  static async #onApply(this: GoldHackDowntimeOverview): Promise<void> {
    const state = currentDowntime();
    if (!state) return;
    await this._ask(DOWNTIME_ACTIONS.apply, { downtimeId: state.id });
  }

  /** The GM may look at (and fill in) any character's planner. */
  static async #onOpenPlanner(this: GoldHackDowntimeOverview, _event: Event, target: HTMLElement): Promise<void> {
    const actor = actorByUuid(target.dataset.actorUuid ?? "");
    if (actor) await game.goldhack?.planDowntime?.(actor);
  }
}
