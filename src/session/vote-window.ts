/**
 * The voting window every participant gets: the characters with their evidence, the nominations with
 * live tallies, yes/no buttons, the nomination form, and for the GM the participants and Close. It
 * draws the stored vote and redraws when the GM writes it (the setting's onChange); every button asks
 * the GM through the channel and shows the GM's refusal, localised, when there is one.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { BusyGuard } from "../applications/api/busy";
import { askGM } from "../channel";
import { systemPath } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { showChatMessage } from "../requests/message-links";
import { problemText, type SummaryI18n } from "./summary-context";
import { SESSION_ACTIONS } from "./vote-settings";
import { voteWindowContext, type VoteWindowContext } from "./vote-context";
import { readVote } from "./vote-store";
import type { VoteKind } from "./vote-state";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const VOTE_WINDOW_TEMPLATE = systemPath("templates/session/vote-window.hbs");

type RenderContext = VoteWindowContext & foundry.applications.api.ApplicationV2.RenderContext;
type Configuration = foundry.applications.api.ApplicationV2.Configuration;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.ApplicationV2RenderOptions;

export const sessionI18n = (): SummaryI18n => gameI18n();

/** Asks the GM; shows the refusal, if any. True when done. */
export async function ask(name: string, payload: Record<string, unknown>): Promise<boolean> {
  const reply = await askGM(name, payload);
  if (!reply.ok) ui.notifications?.warn(problemText(sessionI18n(), reply.problem));
  return reply.ok;
}

/** This client's open windows, by user and kind (one client has one user; the test world has several). */
const open = new Map<string, GoldHackVoteWindow>();
const keyOf = (kind: VoteKind): string => `${game.user?.id ?? ""}:${kind}`;

export class GoldHackVoteWindow extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["goldhack", "goldhack-vote-window"],
    window: { icon: "fa-solid fa-check-to-slot", resizable: true },
    position: { width: 720, height: 760 },
    actions: {
      nominate: GoldHackVoteWindow.#onNominate,
      vote: GoldHackVoteWindow.#onVote,
      closeVote: GoldHackVoteWindow.#onCloseVote,
      addParticipant: GoldHackVoteWindow.#onAddParticipant,
      removeParticipant: GoldHackVoteWindow.#onRemoveParticipant,
      showMessage: GoldHackVoteWindow.#onShowMessage,
    },
  };

  static override PARTS = { body: { template: VOTE_WINDOW_TEMPLATE, scrollable: [""] } };

  /** Opens (or brings up to date) this client's window for the stored vote of `kind`. */
  static async show(kind: VoteKind): Promise<GoldHackVoteWindow> {
    const known = open.get(keyOf(kind));
    const window = known ?? new GoldHackVoteWindow(kind);
    open.set(keyOf(kind), window);
    await window.render({ force: true });
    return window;
  }

  /** This client's window of `kind`, if open. */
  static find(kind: VoteKind): GoldHackVoteWindow | undefined {
    return open.get(keyOf(kind));
  }

  readonly kind: VoteKind;
  /** One request at a time from this window: a double click on Close (or any button) asks once. */
  readonly #busy = new BusyGuard();

  constructor(kind: VoteKind, options: DeepPartial<Configuration> = {}) {
    super(options);
    this.kind = kind;
  }

  override get title(): string {
    return game.i18n?.localize(this.kind === "rewards" ? "GOLDHACK.Session.Window.TitleRewards" : "GOLDHACK.Session.Window.TitleTraits") ?? "";
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const state = readVote(this.kind);
    const user = game.user;
    if (!state || !user) return { ...base, missing: true } as unknown as RenderContext;
    const users = (game.users?.contents ?? []).map((u) => ({ id: u.id ?? "", name: u.name, active: u.active }));
    const view = voteWindowContext(state, { id: user.id ?? "", isGM: user.isGM }, users, sessionI18n(), `${this.id}-${this.kind}`);
    return { ...base, ...view };
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    this.#busy.mark(this.element);
  }

  /** Asks the GM, unless this window's last request is still running (then nothing is sent). */
  async #ask(name: string, payload: Record<string, unknown>): Promise<void> {
    await this.#busy.run(() => this.element, () => ask(name, payload));
  }

  protected override _onClose(options: DeepPartial<RenderOptions>): void {
    super._onClose(options);
    if (open.get(keyOf(this.kind)) === this) open.delete(keyOf(this.kind));
  }

  /** The vote this window shows, for requests (the GM refuses a request for another vote). */
  #voteRef(): Record<string, unknown> {
    return { kind: this.kind, voteId: readVote(this.kind)?.id ?? "" };
  }

  /** A Test of this session, as evidence: scrolls the chat to its card. */
  static #onShowMessage(this: GoldHackVoteWindow, _event: PointerEvent, target: HTMLElement): void {
    const id = target.dataset.messageId;
    if (id) showChatMessage(id);
  }

  static async #onNominate(this: GoldHackVoteWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const form = target.closest("[data-nominate-form]") ?? this.element;
    const value = (name: string): string => form.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value ?? "";
    const payload: Record<string, unknown> = { ...this.#voteRef(), actorUuid: value("actorUuid"), reason: value("reason") };
    if (this.kind === "rewards") payload.award = value("award");
    else {
      // Flat, as the GM's schema declares it: what kind of change, which Trait (only for a change or removal), the new name and text.
      const kind = value("changeKind");
      Object.assign(payload, { changeKind: kind, traitName: value("traitName"), traitDescription: value("traitDescription") });
      if (kind !== "add" && value("itemId")) payload.itemId = value("itemId");
    }
    await this.#ask(SESSION_ACTIONS.nominate, payload);
  }

  static async #onVote(this: GoldHackVoteWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#ask(SESSION_ACTIONS.vote, { ...this.#voteRef(), nominationId: target.dataset.nomination ?? "", approve: target.dataset.approve === "yes" });
  }

  static async #onCloseVote(this: GoldHackVoteWindow): Promise<void> {
    await this.#ask(SESSION_ACTIONS.close, this.#voteRef());
  }

  static async #onAddParticipant(this: GoldHackVoteWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const select = (target.closest("[data-participants]") ?? this.element).querySelector<HTMLSelectElement>('[name="addUser"]');
    await this.#ask(SESSION_ACTIONS.participant, { ...this.#voteRef(), userId: select?.value ?? "", present: true });
  }

  static async #onRemoveParticipant(this: GoldHackVoteWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#ask(SESSION_ACTIONS.participant, { ...this.#voteRef(), userId: target.dataset.userId ?? "", present: false });
  }
}
