/**
 * "Rewrite your Drives": offered to each player after the reward vote, for each character they own in
 * it. Saving writes the new Belief, Goal and Instinct and keeps the previous ones in the character's
 * Drives history (flags.goldhack.drivesHistory); the owner writes their own character. SRD: Drives
 */
import type { DeepPartial } from "fvtt-types/utils";
import { SYSTEM_ID, systemPath } from "../constants";
import { drivesDialogContext, type DrivesDialogContext } from "./drives-context";
import { parseDrivesHistory, rewriteDrives, type Drives } from "./reward-results";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const DRIVES_DIALOG_TEMPLATE = systemPath("templates/session/drives-dialog.hbs");

type RenderContext = DrivesDialogContext & foundry.applications.api.ApplicationV2.RenderContext;
type Configuration = foundry.applications.api.ApplicationV2.Configuration;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.ApplicationV2RenderOptions;

const drivesOf = (actor: Actor.Implementation): Drives => {
  const drives = (actor.system as { drives?: Partial<Drives> }).drives ?? {};
  return { belief: drives.belief ?? "", goal: drives.goal ?? "", instinct: drives.instinct ?? "" };
};

/** Writes new Drives, keeping the previous ones. False when nothing changed or this user may not. */
export async function saveDrives(actor: Actor.Implementation, next: Drives): Promise<boolean> {
  if (!actor.isOwner) {
    ui.notifications?.warn(game.i18n?.localize("GOLDHACK.Session.Error.NotOwner") ?? "");
    return false;
  }
  const rewritten = rewriteDrives(drivesOf(actor), next, parseDrivesHistory(actor.getFlag(SYSTEM_ID, "drivesHistory")), Date.now());
  if (!rewritten) return false;
  await actor.update({ "system.drives": rewritten.drives, [`flags.${SYSTEM_ID}.drivesHistory`]: rewritten.history } as Actor.UpdateData);
  return true;
}

export class GoldHackDrivesDialog extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["goldhack", "goldhack-drives-dialog"],
    window: { icon: "fa-solid fa-feather" },
    position: { width: 480, height: "auto" as const },
    actions: { saveDrives: GoldHackDrivesDialog.#onSave, keepDrives: GoldHackDrivesDialog.#onKeep },
  };

  static override PARTS = { body: { template: DRIVES_DIALOG_TEMPLATE } };

  readonly actor: Actor.Implementation;

  constructor(actor: Actor.Implementation, options: DeepPartial<Configuration> = {}) {
    super(options);
    this.actor = actor;
  }

  override get title(): string {
    return game.i18n?.format("GOLDHACK.Session.Drives.Title", { name: this.actor.name }) ?? "";
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const i18n = { localize: (key: string) => game.i18n?.localize(key) ?? key };
    const history = parseDrivesHistory(this.actor.getFlag(SYSTEM_ID, "drivesHistory"));
    return { ...base, ...drivesDialogContext(this.actor.name, drivesOf(this.actor), history, i18n, `${this.id}-drives`, game.i18n?.lang) };
  }

  static async #onSave(this: GoldHackDrivesDialog): Promise<void> {
    const value = (key: string): string => this.element.querySelector<HTMLTextAreaElement>(`[name="${key}"]`)?.value ?? "";
    const saved = await saveDrives(this.actor, { belief: value("belief"), goal: value("goal"), instinct: value("instinct") });
    if (saved) ui.notifications?.info(game.i18n?.format("GOLDHACK.Session.Drives.Saved", { name: this.actor.name }) ?? "");
    await this.close();
  }

  static async #onKeep(this: GoldHackDrivesDialog): Promise<void> {
    await this.close();
  }
}
