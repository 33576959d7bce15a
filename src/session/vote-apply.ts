/**
 * The GM writes what a closed vote decided, once: rewards to each character's Fate and Persona (and
 * reward history), or the Trait items; then the result card. A character that already holds this
 * vote's history entry is skipped, so a close resumed after a reload never pays twice.
 */
import { SYSTEM_ID, systemPath } from "../constants";
import { officialFlag } from "../documents/official";
import { addRewardHistory, characterRewards, parseRewardHistory, rewardHistoryEntry, type CharacterReward } from "./reward-results";
import { summaryCardContext, traitCardContext, type SummaryI18n } from "./summary-context";
import { setLastSessionEnd, writeVote } from "./vote-store";
import { markApplied, rewardOutcome, traitOutcome, type RewardVoteState, type TraitVoteState, type VoteState } from "./vote-state";

export const SUMMARY_CARD_TEMPLATE = systemPath("templates/session/summary-card.hbs");
export const TRAIT_CARD_TEMPLATE = systemPath("templates/session/trait-card.hbs");

const gameI18n = (): SummaryI18n => ({
  localize: (key) => game.i18n?.localize(key) ?? key,
  format: (key, data) => game.i18n?.format(key, data) ?? key,
});

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

async function applyRewards(state: RewardVoteState): Promise<void> {
  const outcome = rewardOutcome(state);
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

async function applyTraits(state: TraitVoteState): Promise<void> {
  const outcomes = traitOutcome(state);
  const actor = actorOf(state.characters[0]?.uuid ?? "");
  if (actor) {
    for (const { nomination, granted } of outcomes) {
      if (!granted) continue;
      const change = nomination.change;
      if (change.kind === "add") await actor.createEmbeddedDocuments("Item", [{ name: change.name, type: "trait", system: { description: change.description } } as never]);
      else if (!actor.items.get(change.itemId)) continue;
      else if (change.kind === "change") await actor.updateEmbeddedDocuments("Item", [{ _id: change.itemId, name: change.name, system: { description: change.description } } as never]);
      else await actor.deleteEmbeddedDocuments("Item", [change.itemId]);
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
