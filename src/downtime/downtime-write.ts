/**
 * The downtime's writes on the GM's client: each character's Skills, Fallouts and age, the summary card,
 * and aging a character on its own from the sheet. The pure state decided what; this only writes it.
 * SRD: Changes › Downtime & Practice, Aging Your Character, The Trait Vote
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { reportFailure, warn } from "../documents/notify";
import { officialFlag } from "../documents/official";
import { agingSummary, AGES, type AgingSummary } from "../rules";
import type { CharacterChanges } from "./downtime-apply";
import { type DowntimeState, parseDowntime } from "./downtime-state";
import { SUMMARY_FLAG } from "./downtime-names";
import { actorByUuid, characterFacts } from "./downtime-store";
import { i18n as gameI18n, labels } from "./downtime-i18n";
import { agingLines, summaryContext } from "./downtime-context";

export const SUMMARY_TEMPLATE = systemPath("templates/downtime/summary-card.hbs");
export const AGING_TEMPLATE = systemPath("templates/downtime/aging-card.hbs");
const AGING_FLAG = "aging";

const render = (path: string, context: Record<string, unknown>): Promise<string> => foundry.applications.handlebars.renderTemplate(path, context);

/** Whether the Trait Vote is there to call (another part of the system provides `game.goldhack.traitVote`). */
const traitVoteMode = (): "called" | "note" => (typeof game.goldhack?.traitVote === "function" ? "called" : "note");

/**
 * Calls the Trait Vote for an aged character when it exists (opened, or queued behind the one under
 * way); otherwise the card carries a note. Awaited, and never rejects: a failure is reported.
 */
async function callTraitVote(actor: Actor.Implementation, aging: AgingSummary): Promise<void> {
  if (!aging.traitVote) return;
  const vote = game.goldhack?.traitVote;
  if (typeof vote !== "function") return;
  try {
    await vote(actor);
  } catch (error) {
    reportFailure("GOLDHACK.Downtime.Error.TraitVoteFailed", { name: actor.name }, error);
  }
}

/** Writes one character's changes from applying the downtime. */
export async function applyCharacterChanges(changes: CharacterChanges): Promise<void> {
  const actor = actorByUuid(changes.actorUuid);
  if (!actor) return;
  for (const u of changes.skillUpdates) await actor.items.get(u.skillId)?.update({ system: { ...u.learning } });
  if (changes.newSkills.length) {
    await actor.createEmbeddedDocuments(
      "Item",
      changes.newSkills.map((s) => ({ type: "skill" as const, name: s.name, system: { skillType: s.type, ...s.learning } })),
    );
  }
  const gone = changes.deleteFallouts.filter((id) => actor.items.has(id));
  if (gone.length) await actor.deleteEmbeddedDocuments("Item", gone);
  if (changes.aging) {
    await actor.update({ system: { age: changes.aging.age, fate: { value: changes.aging.fate }, persona: { value: changes.aging.persona } } });
  }
}

/** Calls the Trait Vote for everyone the downtime aged, one after another: each opens or joins the queue, none is dropped. */
export async function callTraitVotes(state: DowntimeState): Promise<void> {
  for (const [i, p] of state.participants.entries()) {
    const aging = state.result?.participants[i]?.aging;
    const actor = actorByUuid(p.actorUuid);
    if (aging && actor) await callTraitVote(actor, aging);
  }
}

/** The summary card's HTML for this client. */
export async function renderSummary(state: DowntimeState): Promise<string> {
  return render(SUMMARY_TEMPLATE, summaryContext(state, gameI18n(), labels(), traitVoteMode()));
}

/** Posts the one summary card of an applied downtime. */
export async function postSummaryCard(state: DowntimeState): Promise<ChatMessage.Implementation | null> {
  await callTraitVotes(state);
  const content = await renderSummary(state);
  return (await ChatMessage.create({ content, flags: { [SYSTEM_ID]: { [SUMMARY_FLAG]: state as unknown as Record<string, unknown> } } })) ?? null;
}

/**
 * GM: ages a character one step now (the sheet's button), capping Fate and Persona, and posts a card
 * with the new age, Potential and caps and the Trait Vote. Null, with a warning, when refused.
 */
export async function ageCharacterNow(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Downtime.Error.NotGM");
    return null;
  }
  const facts = characterFacts(actor);
  if (!facts) return null;
  const ages = Object.keys(CONFIG.GOLDHACK.ages);
  const aging = agingSummary({ age: facts.age, fate: facts.fate, persona: facts.persona }, CONFIG.GOLDHACK.ages, ages.length ? ages : AGES);
  if (aging.to !== null) await actor.update({ system: { age: aging.to, fate: { value: aging.fate }, persona: { value: aging.persona } } });
  await callTraitVote(actor, aging);
  const context = { name: facts.name, ...agingLines(aging, gameI18n(), labels(), aging.traitVote ? traitVoteMode() : null) };
  const content = await render(AGING_TEMPLATE, context);
  return (await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }), flags: { [SYSTEM_ID]: { [AGING_FLAG]: { name: facts.name, aging } as unknown as Record<string, unknown> } } })) ?? null;
}

/** Draws a GM's summary card for this client (its language) into its message's fresh content; throws when it cannot be read. */
export async function drawSummaryCard(message: ChatMessage.Implementation, content: HTMLElement): Promise<void> {
  const state = parseDowntime(officialFlag(message, SUMMARY_FLAG));
  if (!state) throw new Error("not a readable downtime summary");
  content.innerHTML = await renderSummary(state);
}
