/**
 * Fallout shows on a character's tokens as one status, "goldhack-fallout", whose ActiveEffect names every
 * Fallout and its rating. One status rather than one per Fallout: CONFIG.statusEffects is fixed at init
 * and listed on every token's HUD, while Fallout is named freely per character, so it cannot be known
 * ahead. The status's `reference` opens the rules journal's Changes page (its Fallout section). The
 * effect is rewritten whenever a Fallout is created, changed or deleted, by the client that made the
 * change (it owns the actor), and at ready by the GM for characters whose status is out of date.
 */
import { findStatusEffect, registerStatusEffect } from "../compat/status-effects";
import { escapeHtml } from "../documents/notify";
import { RULES_JOURNAL_ID } from "../rulings";
import { falloutStatus, type FalloutLine, type FalloutStatusSummary } from "./fallout-status";
import { settle } from "../safe-hook";

export const FALLOUT_STATUS_ID = "goldhack-fallout";
/** The effect's static id (16 letters or digits), the same on every actor. */
export const FALLOUT_EFFECT_ID = "goldhackfallout0";
/** The rules journal page that explains Fallout (Changes › Fallout), the same id in every language. */
export const FALLOUT_PAGE_ID = "jpchanges0000000";
export const FALLOUT_STATUS_IMG = "icons/svg/blood.svg";

/** The Fallout page's UUID in the rules journal of this language (English for any other). */
export function falloutPageUuid(lang: string): string {
  const pack = lang.toLowerCase().startsWith("es") ? "rules-es" : "rules-en";
  return `Compendium.goldhack.${pack}.JournalEntry.${RULES_JOURNAL_ID}.JournalEntryPage.${FALLOUT_PAGE_ID}`;
}

const format = (key: string, data: Record<string, string | number>): string =>
  game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key;

/** The actor's Fallouts as the status lists them. */
export function falloutLines(actor: Actor.Implementation): FalloutLine[] {
  return actor.items
    .filter((item) => item.type === "fallout")
    .map((item) => {
      const system = item.system as { rating?: unknown; permanent?: unknown };
      return { name: item.name, rating: typeof system.rating === "number" ? system.rating : 1, permanent: system.permanent === true };
    });
}

const lineText = (line: FalloutLine): string =>
  format(line.permanent ? "GOLDHACK.Status.FalloutPermanent" : "GOLDHACK.Status.FalloutEntry", { name: line.name, rating: line.rating });

/** The effect's data for a summary, in the writing user's language. */
export function falloutEffectData(summary: FalloutStatusSummary): { name: string; img: string; statuses: string[]; description: string } {
  const list = summary.lines.map(lineText);
  return {
    name: format("GOLDHACK.Status.FalloutName", { list: list.join(", "), count: summary.count }),
    img: FALLOUT_STATUS_IMG,
    statuses: [FALLOUT_STATUS_ID],
    description: `<ul>${list.map((text) => `<li>${escapeHtml(text)}</li>`).join("")}</ul>`,
  };
}

/** Brings the actor's Fallout status in line with its Fallout items: creates, updates or deletes the effect. */
export async function syncFalloutStatus(actor: Actor.Implementation): Promise<void> {
  if (actor.type !== "character" && actor.type !== "npc") return;
  const summary = falloutStatus(falloutLines(actor), game.i18n?.lang);
  const existing = actor.effects.get(FALLOUT_EFFECT_ID);
  if (!summary) {
    if (existing) await actor.deleteEmbeddedDocuments("ActiveEffect", [FALLOUT_EFFECT_ID]);
    return;
  }
  const data = falloutEffectData(summary);
  if (!existing) {
    await actor.createEmbeddedDocuments("ActiveEffect", [{ _id: FALLOUT_EFFECT_ID, ...data }], { keepId: true });
    return;
  }
  if (existing.name !== data.name || existing.description !== data.description || !existing.statuses.has(FALLOUT_STATUS_ID)) {
    await existing.update({ name: data.name, description: data.description, statuses: data.statuses });
  }
}

/** A Fallout item's change, seen by every client: the one that made it writes the status. */
function onFalloutChanged(item: Item.Implementation, userId: string): void {
  const actor = item.parent;
  if (item.type !== "fallout" || !(actor instanceof Actor) || userId !== game.user?.id) return;
  settle(syncFalloutStatus(actor as Actor.Implementation), "syncing the Fallout status");
}

/** Registers the status (either CONFIG shape) and the hooks that keep it in sync. */
export function registerFalloutStatus(): void {
  if (!findStatusEffect(CONFIG, FALLOUT_STATUS_ID)) {
    registerStatusEffect(CONFIG, {
      id: FALLOUT_STATUS_ID,
      _id: FALLOUT_EFFECT_ID,
      name: "GOLDHACK.Status.Fallout",
      img: FALLOUT_STATUS_IMG,
      reference: falloutPageUuid(game.i18n?.lang ?? "en"),
    });
  }
  Hooks.on("createItem", (item, _options, userId) => onFalloutChanged(item, userId));
  Hooks.on("updateItem", (item, _changes, _options, userId) => onFalloutChanged(item, userId));
  Hooks.on("deleteItem", (item, _options, userId) => onFalloutChanged(item, userId));
  Hooks.once("ready", () => {
    if (!game.user?.isGM) return;
    for (const actor of (game.actors?.contents ?? []) as Actor.Implementation[]) settle(syncFalloutStatus(actor), "syncing the Fallout status");
  });
}
