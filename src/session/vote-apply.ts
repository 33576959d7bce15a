/**
 * The GM writes what a closed vote decided, once: rewards to each character's Fate and Persona (and
 * reward history), or the Trait items; then the result card. Every write is safe to repeat: a character
 * that already holds this vote's history entry is skipped, a Trait this vote added carries its mark, a
 * card already posted is not posted again; so a close resumed after a failure or a reload never pays
 * twice. A Trait's text is the plain text the participants typed, written into the Trait's rich
 * description escaped (never as markup).
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { isRetired } from "../data/actor/character";
import { escapeHtml } from "../documents/notify";
import { gameI18n } from "../i18n/i18n";
import { officialFlag } from "../documents/official";
import { addRewardHistory, characterRewards, parseRewardHistory, rewardHistoryEntry, type CharacterReward } from "./reward-results";
import { summaryCardContext, traitCardContext } from "./summary-context";
import { setLastSessionEnd, writeVote } from "./vote-store";
import { markApplied, rewardOutcome, traitOutcome, type RewardVoteState, type TraitVoteState, type VoteState } from "./vote-state";

export const SUMMARY_CARD_TEMPLATE = systemPath("templates/session/summary-card.hbs");
export const TRAIT_CARD_TEMPLATE = systemPath("templates/session/trait-card.hbs");


const actorOf = (uuid: string): Actor.Implementation | null => {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
};

const pointsOf = (actor: Actor.Implementation): { fate: number; persona: number; potential: number } => {
  const system = actor.system as { fate?: { value?: number }; persona?: { value?: number }; potential?: number };
  return { fate: system.fate?.value ?? 0, persona: system.persona?.value ?? 0, potential: system.potential ?? 0 };
};

/** A results card for this vote is in the log: a GM's message only (a player's copy of the flag is no results card). */
const cardPosted = (voteId: string): boolean => (game.messages?.contents ?? []).some((m) => officialFlag(m, "sessionVote") === voteId);

/**
 * The vote as tallied: nominations of a character retired since they were made are dropped, re-read now, so
 * the caps and exclusions are decided among those still in play. SRD: Changes › Aging Your Character
 */
function inPlay(state: RewardVoteState): RewardVoteState {
  const retired = new Set(state.characters.filter((c) => isRetired(actorOf(c.uuid))).map((c) => c.uuid));
  return retired.size === 0 ? state : { ...state, nominations: state.nominations.filter((n) => !retired.has(n.actorUuid)) };
}

async function applyRewards(state: RewardVoteState): Promise<void> {
  const outcome = rewardOutcome(inPlay(state));
  const date = state.closedAt ?? Date.now();
  const rewards: CharacterReward[] = [];
  for (const character of state.characters) {
    const actor = actorOf(character.uuid);
    if (!actor) continue;
    const history = parseRewardHistory(actor.getFlag(SYSTEM_ID, "rewardHistory"));
    const done = history.find((entry) => entry.voteId === state.id);
    const [reward] = characterRewards(outcome, [{ uuid: character.uuid, name: actor.name, points: pointsOf(actor) }]);
    if (!reward) continue;
    if (done) {
      rewards.push({ ...reward, ...done, fate: pointsOf(actor).fate, persona: pointsOf(actor).persona });
      continue;
    }
    rewards.push(reward);
    // One update: the points and the history entry that marks them paid land together.
    await actor.update({
      "system.fate.value": reward.fate,
      "system.persona.value": reward.persona,
      [`flags.${SYSTEM_ID}.rewardHistory`]: addRewardHistory(history, rewardHistoryEntry(state.id, date, reward)),
    } as Actor.UpdateData);
  }
  await setLastSessionEnd(date);
  if (!cardPosted(state.id)) {
    const context = summaryCardContext({ date, rewards, mvp: outcome.mvp, workhorse: outcome.workhorse, problems: outcome.tally.problems }, gameI18n(), game.i18n?.lang);
    const content = await foundry.applications.handlebars.renderTemplate(SUMMARY_CARD_TEMPLATE, context as unknown as Record<string, unknown>);
    await ChatMessage.create({ content, speaker: { alias: game.i18n?.localize("GOLDHACK.Session.Summary.Speaker") ?? "" }, flags: { [SYSTEM_ID]: { sessionVote: state.id } } } as ChatMessage.CreateData);
  }
}

/** Plain text as the HTML a Trait's rich description holds: escaped, one paragraph per line. */
export function plainTextHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}

/** The mark a Trait added by a vote carries, so a resumed apply adds it once. */
const traitMark = (voteId: string, nominationId: string): string => `${voteId}:${nominationId}`;
const markOf = (item: Item.Implementation): unknown => (item.flags as Record<string, Record<string, unknown> | undefined>)[SYSTEM_ID]?.traitVote;

async function applyTraits(state: TraitVoteState): Promise<void> {
  const outcomes = traitOutcome(state);
  const actor = actorOf(state.characters[0]?.uuid ?? "");
  // Retired since the vote opened: her Traits are not changed (SRD: Changes › Aging Your Character).
  if (actor && !isRetired(actor)) {
    const lower = (text: string): string => text.toLocaleLowerCase();
    const traits = (): Item.Implementation[] => actor.items.filter((i) => i.type === "trait");
    // A name another of her Traits has now: a change or addition to it would give her two Traits of one name.
    const taken = (name: string, except: string | null): boolean => traits().some((i) => i.id !== except && lower(i.name) === lower(name));
    for (const { nomination, granted } of outcomes) {
      if (!granted) continue;
      const change = nomination.change;
      // Each write is safe to repeat: a Trait this nomination added is marked, a change or removal of a Trait gone is skipped.
      if (change.kind === "add") {
        const mark = traitMark(state.id, nomination.id);
        if (traits().some((i) => markOf(i) === mark) || taken(change.name, null)) continue;
        await actor.createEmbeddedDocuments("Item", [{ name: change.name, type: "trait", system: { description: plainTextHtml(change.description) }, flags: { [SYSTEM_ID]: { traitVote: mark } } } as never]);
      } else if (!actor.items.get(change.itemId)) continue;
      else if (change.kind === "change") {
        if (taken(change.name, change.itemId)) continue;
        await actor.updateEmbeddedDocuments("Item", [{ _id: change.itemId, name: change.name, system: { description: plainTextHtml(change.description) } } as never]);
      } else await actor.deleteEmbeddedDocuments("Item", [change.itemId]);
    }
  }
  if (!cardPosted(state.id)) {
    const content = await foundry.applications.handlebars.renderTemplate(TRAIT_CARD_TEMPLATE, traitCardContext(state, outcomes, gameI18n()) as unknown as Record<string, unknown>);
    await ChatMessage.create({ content, speaker: { alias: game.i18n?.localize("GOLDHACK.Session.Trait.Speaker") ?? "" }, flags: { [SYSTEM_ID]: { sessionVote: state.id } } } as ChatMessage.CreateData);
  }
}

/** GM: applies a closed vote's results and marks it applied. Does nothing for an open or applied vote. */
export async function applyVoteResults(state: VoteState): Promise<void> {
  if (state.status !== "closed" || state.applied || !game.user?.isGM) return;
  if (state.kind === "rewards") await applyRewards(state);
  else await applyTraits(state);
  await writeVote(markApplied(state));
}
