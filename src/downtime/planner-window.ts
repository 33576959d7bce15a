/**
 * A player's planner for one character: Fallouts to rest or treat first, time for each Skill (its cycles
 * shown as she types), the Pass or Fail of each cycle (suggested), then Submit to the GM. A treated
 * Fallout's early recovery Test opens from here once the plan is in. SRD: Changes › Downtime & Practice
 */
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import type { CharacterFacts, DowntimeState, Participant } from "./downtime-state";
import { participantOf } from "./downtime-state";
import { DOWNTIME_ACTIONS } from "./downtime-names";
import { i18n, labels } from "./downtime-i18n";
import { actorByUuid, characterFacts, currentDowntime } from "./downtime-store";
import { plannerContext } from "./downtime-context";
import { type Configuration, type DowntimeRenderContext, GoldHackDowntimeWindow } from "./downtime-window";
import { draftFromForm, draftFromPlan, planFromDraft, type PlannerDraft, suggestAll } from "./planner-state";

export const PLANNER_TEMPLATE = systemPath("templates/downtime/planner.hbs");

/** Rolls a recovery Test for a Fallout: the actor opens the test dialog (Potential against its rating). */
export type RecoveryRoller = (actor: Actor.Implementation, falloutId: string) => Promise<ChatMessage.Implementation | null>;

export class GoldHackDowntimePlanner extends GoldHackDowntimeWindow {
  static override DEFAULT_OPTIONS: DeepPartial<Configuration> = {
    classes: ["goldhack-downtime-planner"],
    window: { title: "GOLDHACK.Downtime.Planner.Title" },
    actions: {
      submitPlan: GoldHackDowntimePlanner.#onSubmitPlan,
      suggest: GoldHackDowntimePlanner.#onSuggest,
      testRecovery: GoldHackDowntimePlanner.#onTestRecovery,
    },
  };

  static override PARTS = { planner: { template: PLANNER_TEMPLATE } };

  /** How a recovery Test is rolled; the test dialog in play. */
  static rollRecovery: RecoveryRoller = (actor, falloutId) => (actor as Actor.Implementation & { recoverFromFallout(id: string): Promise<ChatMessage.Implementation | null> }).recoverFromFallout(falloutId);

  readonly actorUuid: string;
  /** Who opened it: whether she may edit is asked of her, whenever it redraws. */
  readonly viewer: User | null;
  #draft: PlannerDraft | null = null;

  constructor(actorUuid: string) {
    super({ id: `goldhack-downtime-planner-${actorUuid.replace(/\W/g, "-")}` });
    this.actorUuid = actorUuid;
    this.viewer = game.user ?? null;
  }

  #read(): { state: DowntimeState; participant: Participant; facts: CharacterFacts } | null {
    const state = currentDowntime();
    const participant = state ? participantOf(state, this.actorUuid) : null;
    const facts = characterFacts(actorByUuid(this.actorUuid));
    return state && participant && facts ? { state, participant, facts } : null;
  }

  #firstType(state: DowntimeState): string {
    return Object.keys(state.cycleUnits)[0] ?? "expertise";
  }

  protected override async _prepareContext(): Promise<DowntimeRenderContext> {
    const read = this.#read();
    if (!read) return { missing: true } as DowntimeRenderContext;
    const { state, participant, facts } = read;
    // A plan sent back, or one the GM holds, shows as submitted until the player edits it here.
    this.#draft ??= draftFromPlan(participant.plan, facts, this.#firstType(state));
    const actor = actorByUuid(this.actorUuid);
    const canEdit = !!actor && !!this.viewer && actor.testUserPermission(this.viewer, "OWNER");
    return plannerContext(state, participant, facts, this.#draft, canEdit, i18n(), labels()) as unknown as DowntimeRenderContext;
  }

  protected override async _onFormChange(): Promise<void> {
    const read = this.#read();
    if (!read) return;
    this.#draft = draftFromForm(this._formEntries(), read.facts, read.state, this.#firstType(read.state));
    await this.render();
  }

  static async #onSuggest(this: GoldHackDowntimePlanner): Promise<void> {
    const read = this.#read();
    if (!read || !this.#draft) return;
    this.#draft = suggestAll(draftFromForm(this._formEntries(), read.facts, read.state, this.#firstType(read.state)), read.facts);
    await this.render();
  }

  static async #onSubmitPlan(this: GoldHackDowntimePlanner): Promise<void> {
    const read = this.#read();
    if (!read) return;
    this.#draft = draftFromForm(this._formEntries(), read.facts, read.state, this.#firstType(read.state));
    await this._ask(DOWNTIME_ACTIONS.submit, { downtimeId: read.state.id, actorUuid: this.actorUuid, plan: planFromDraft(this.#draft) });
    await this.render();
  }

  /** Starts the recovery (the GM freezes her warning), rolls it, and reports the card to the GM. */
  static async #onTestRecovery(this: GoldHackDowntimePlanner, _event: Event, target: HTMLElement): Promise<void> {
    const read = this.#read();
    const falloutId = target.dataset.falloutId ?? "";
    const actor = actorByUuid(this.actorUuid);
    if (!read || !actor || !falloutId) return;
    const payload = { downtimeId: read.state.id, actorUuid: this.actorUuid, falloutId };
    if (!(await this._ask(DOWNTIME_ACTIONS.startRecovery, payload))) return;
    const message = await GoldHackDowntimePlanner.rollRecovery(actor, falloutId);
    if (message) await this._ask(DOWNTIME_ACTIONS.recoveryRolled, { ...payload, messageId: message.id ?? "" });
  }
}
