/**
 * What the GM's client reads from the world when a vote opens: the users connected now, the player
 * characters in play, and each one's evidence (Drives, Traits, this session's Tests). A Trait Vote
 * opens on one character, now or later from the queue (vote-actions.ts).
 */
import { isRetired } from "../data/actor/character";
import { testHistory } from "../history/actor-history";
import { openTraitVote, type TraitVoteState, type Transition, type VoteEvidence } from "./vote-state";

/** Characters some player owns and still in play: who the table rewards (a retired one is not). */
export const playerCharacters = (): Actor.Implementation[] =>
  ((game.actors?.contents ?? []) as Actor.Implementation[]).filter((a) => a.type === "character" && a.hasPlayerOwner && !isRetired(a));

/** The users connected now: a new vote's participants. */
export const connected = (): string[] => (game.users?.contents ?? []).filter((u) => u.active).map((u) => u.id ?? "");

export function evidenceOf(actor: Actor.Implementation, since: number): VoteEvidence {
  const drives = (actor.system as { drives?: { belief?: string; goal?: string; instinct?: string } }).drives ?? {};
  return {
    uuid: actor.uuid,
    drives: { belief: drives.belief ?? "", goal: drives.goal ?? "", instinct: drives.instinct ?? "" },
    traits: actor.items.filter((i) => i.type === "trait").map((i) => i.name),
    tests: testHistory(actor).filter((t) => t.timestamp > since),
  };
}

/** Whether a Trait Vote may be held on this actor: a player's character still in play. */
export const traitVotable = (actor: unknown): actor is Actor.Implementation =>
  actor instanceof Actor && actor.type === "character" && actor.hasPlayerOwner && !isRetired(actor as Actor.Implementation);

/** A new Trait Vote on `actor`, with the users connected now and the Traits she has now. */
export function traitVoteOn(actor: Actor.Implementation): Transition<TraitVoteState> {
  return openTraitVote({
    id: foundry.utils.randomID(),
    now: Date.now(),
    participants: connected(),
    character: { uuid: actor.uuid, name: actor.name },
    traits: actor.items.filter((i) => i.type === "trait").map((i) => ({ id: i.id ?? "", name: i.name })),
    evidence: [evidenceOf(actor, 0)],
  });
}
