/**
 * The builder's entry points: `game.goldhack.buildCharacter`, `viewCharacterDraft` and `checkCharacter`,
 * the offer after *Create Actor › Character*, and the Check character dialog. The window itself is a
 * separate chunk, imported on first use.
 */
import { gameI18n } from "../i18n/i18n";
import { builderRules, problemText } from "./builder-context";
import { checkCharacter, type CheckedActor, type CheckedProblem } from "./check-character";
import { DRAFT_FLAG, draftHolder } from "./builder-paths";
import { formatCount } from "../i18n/plural";

const warn = (key: string, data: Record<string, string | number> = {}): void => void ui.notifications?.warn(gameI18n().format(key, data));

const rules = () => builderRules(CONFIG.GOLDHACK.ages, CONFIG.GOLDHACK.skillTypes);

/** An open builder for this actor (or the user's new character), so a second click brings it forward. */
const open = new Map<string, { bringToFront(): unknown; render(options: object): unknown }>();

async function openWindow(actor: Actor.Implementation | null, options: { user?: User.Implementation | null; readOnly?: boolean; seed?: number }): Promise<unknown> {
  const key = `${actor?.uuid ?? `User.${options.user?.id ?? game.user?.id ?? ""}`}:${options.readOnly ? "view" : "edit"}`;
  const existing = open.get(key);
  if (existing) {
    existing.bringToFront();
    return existing;
  }
  const { GoldHackBuilderWindow } = await import("./builder-window");
  const app = new GoldHackBuilderWindow({ actor, ...options });
  open.set(key, app);
  app.addEventListener?.("close", () => open.delete(key));
  await app.render({ force: true });
  return app;
}

/** Opens the builder. Only the actor's owners (and the GM) may build; a built character is refused. */
export async function buildCharacter(actor: Actor.Implementation | null = null, options: { seed?: number } = {}): Promise<unknown> {
  if (actor && actor.type !== "character") return warn("GOLDHACK.Builder.Error.NotCharacter", { name: actor.name });
  if (actor ? !actor.isOwner : !(game.user?.isGM || game.user?.can("ACTOR_CREATE"))) {
    return warn(actor ? "GOLDHACK.Builder.Error.NotOwner" : "GOLDHACK.Builder.Error.CannotCreate");
  }
  if (actor && actor.items.size > 0) return warn("GOLDHACK.Builder.Error.NotEmpty", { name: actor.name });
  return openWindow(actor, options);
}

/** GM: a player's draft, read-only (on the actor when given, else on the user). */
export async function viewCharacterDraft(user: User.Implementation, actor: Actor.Implementation | null = null): Promise<unknown> {
  if (!game.user?.isGM) return warn("GOLDHACK.Builder.Error.GMOnly");
  const holder = draftHolder(actor ?? user);
  if (holder.getFlag("goldhack", DRAFT_FLAG) === undefined) return warn("GOLDHACK.Builder.Error.NoDraft", { name: holder.name ?? "" });
  return openWindow(actor, { user, readOnly: true });
}

/** The creation rules on an existing character. */
export function checkActor(actor: Actor.Implementation): CheckedProblem[] {
  return checkCharacter({ system: actor.system as unknown as CheckedActor["system"], items: actor.items.contents as unknown as CheckedActor["items"] }, rules());
}

/** Check character: a dialog listing each problem, localised, with the step that fixes it. */
export async function showCharacterCheck(actor: Actor.Implementation): Promise<CheckedProblem[]> {
  const i18n = gameI18n();
  const problems = checkActor(actor);
  const escape = foundry.utils.escapeHTML ?? ((s: string) => s);
  const items = problems
    .map((p) => `<li><span class="goldhack-check__step">${escape(i18n.localize(`GOLDHACK.Builder.Step.${p.step}.Title`))}</span> ${escape(problemText(i18n, CONFIG.GOLDHACK.skillTypes, p))}</li>`)
    .join("");
  const content = problems.length
    ? `<p>${escape(formatCount(i18n, "GOLDHACK.Builder.Check.Problems", problems.length))}</p><ul class="goldhack-check">${items}</ul>`
    : `<p>${escape(i18n.localize("GOLDHACK.Builder.Check.Legal"))}</p>`;
  await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n.format("GOLDHACK.Builder.Check.Title", { name: actor.name }), icon: "fa-solid fa-clipboard-check" },
    classes: ["goldhack", "goldhack-check-dialog"],
    content,
    rejectClose: false,
  });
  return problems;
}

/**
 * After a user creates an empty character through Create Actor, offers the builder (never forced): a
 * notice-style prompt with Open the builder / Not now.
 */
export async function offerBuilder(actor: Actor.Implementation, userId: string): Promise<void> {
  if (userId !== game.user?.id || actor.type !== "character" || actor.items.size > 0 || !actor.isOwner) return;
  const i18n = gameI18n();
  const yes = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n.localize("GOLDHACK.Builder.Offer.Title"), icon: "fa-solid fa-hat-wizard" },
    content: `<p>${foundry.utils.escapeHTML(i18n.format("GOLDHACK.Builder.Offer.Text", { name: actor.name }))}</p>`,
    yes: { label: i18n.localize("GOLDHACK.Builder.Offer.Open") },
    no: { label: i18n.localize("GOLDHACK.Builder.Offer.NotNow") },
    rejectClose: false,
  });
  if (yes === true) await buildCharacter(actor);
}

/** The builder's part of `game.goldhack`. */
export const BUILDER_API = {
  buildCharacter,
  viewCharacterDraft,
  checkCharacter: checkActor,
  showCharacterCheck,
};
