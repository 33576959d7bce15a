/**
 * The GM's form to start a downtime: how long (so many weeks, months, seasons or years), the cycle unit
 * of each Type (slowest first, as the practice order puts them), and the characters taking part.
 * SRD: Changes › Downtime & Practice ("GM: Decide the time unit")
 */
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import { defaultCycleUnits, isTimeUnit, type TimeUnit } from "../rules";
import { DOWNTIME_ACTIONS, orderOfTypes } from "./downtime-actions";
import { MAX_DOWNTIME_COUNT } from "./downtime-schemas";
import { i18n, labels } from "./downtime-i18n";
import { isRetired } from "../data/actor/character";
import { characterFacts } from "./downtime-store";
import { setupContext, type SetupValues, unitsName } from "./downtime-context";
import { type Configuration, type DowntimeRenderContext, GoldHackDowntimeWindow } from "./downtime-window";

export const SETUP_TEMPLATE = systemPath("templates/downtime/setup.hbs");

/** The characters a GM can pick: every character in the world still in play (a retired one is not offered). */
function worldCharacters(): { uuid: string; name: string; owned: boolean }[] {
  return (game.actors?.contents ?? []).flatMap((actor) => {
    const facts = isRetired(actor) ? null : characterFacts(actor as unknown as Actor.Implementation);
    return facts ? [{ uuid: facts.uuid, name: facts.name, owned: actor.hasPlayerOwner }] : [];
  });
}

/** The count typed, as a whole number the request's schema accepts (0 for anything else: the GM's client refuses it with the downtime's own message). */
const wholeCount = (value: unknown): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? Math.min(n, MAX_DOWNTIME_COUNT) : 0;
};

export class GoldHackDowntimeSetup extends GoldHackDowntimeWindow {
  static override DEFAULT_OPTIONS: DeepPartial<Configuration> = {
    id: "goldhack-downtime-setup",
    classes: ["goldhack-downtime-setup"],
    window: { title: "GOLDHACK.Downtime.Setup.Title" },
    position: { width: 480 },
    actions: { start: GoldHackDowntimeSetup.#onStart },
  };

  static override PARTS = { setup: { template: SETUP_TEMPLATE } };

  /** Resolves once a downtime is started from here. */
  onStarted: (() => void) | null = null;
  #values: SetupValues;

  constructor() {
    super({});
    const characters = worldCharacters();
    this.#values = { count: 1, unit: "month", cycleUnits: defaultCycleUnits(orderOfTypes()), actors: characters.filter((c) => c.owned).map((c) => c.uuid) };
  }

  protected override async _prepareContext(): Promise<DowntimeRenderContext> {
    return setupContext(this.#values, worldCharacters(), orderOfTypes(), i18n(), labels(), "") as unknown as DowntimeRenderContext;
  }

  #readForm(): void {
    const entries = this._formEntries();
    const get = (name: string) => entries.find(([k]) => k === name)?.[1];
    const cycleUnits: Record<string, TimeUnit> = { ...this.#values.cycleUnits };
    for (const type of orderOfTypes()) {
      const unit = get(`cycle.${type}`);
      if (isTimeUnit(unit)) cycleUnits[type] = unit;
    }
    const unit = get("unit");
    this.#values = {
      count: wholeCount(get("count") ?? this.#values.count),
      unit: isTimeUnit(unit) ? unit : this.#values.unit,
      cycleUnits,
      actors: entries.filter(([k]) => k === "actors").map(([, v]) => v),
    };
  }

  protected override async _onFormChange(): Promise<void> {
    this.#readForm();
    // The length reads "6 months", not "6 month": the unit's names follow the count typed beside them.
    const select = this.element.querySelector<HTMLSelectElement>('select[name="unit"]');
    for (const option of Array.from(select?.options ?? [])) if (isTimeUnit(option.value)) option.textContent = unitsName(i18n(), option.value, this.#values.count);
  }

  static async #onStart(this: GoldHackDowntimeSetup): Promise<void> {
    this.#readForm();
    const { count, unit, cycleUnits, actors } = this.#values;
    if (await this._ask(DOWNTIME_ACTIONS.start, { span: { count, unit }, cycleUnits, actorUuids: actors })) {
      await this.close();
      this.onStarted?.();
    }
  }
}
