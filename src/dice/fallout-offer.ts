/**
 * Fallout on a failed Test: the GM offers the Intent at a cost, the player
 * accepts (a Fallout Item of rating = Ob left) or refuses. Checked again on the
 * client that applies it. SRD: Changes › Fallout: The Cost Of Unlucky Success
 */
import { falloutRating } from "../rules";
import { type ActionResult, DONE, refused } from "./action-result";
import { findTestActor } from "./test-actor";
import { testCardOf, writeTestCard } from "./test-card-state";

/** The GM offers the Intent at the cost of a Fallout rated at the Ob left over. */
export async function offerFallout(message: ChatMessage.Implementation, user: User.Implementation): Promise<ActionResult> {
  if (!user.isGM) return refused("GOLDHACK.Chat.Error.NotGM");
  const card = testCardOf(message);
  if (!card) return refused("GOLDHACK.Chat.Error.NotATest");
  const { test, outcome: result } = card;
  if (test.choice.groupId !== undefined) return refused("GOLDHACK.Group.Error.FalloutOnGroup");
  const rating = falloutRating(result);
  if (rating === null) return refused("GOLDHACK.Chat.Error.NotFailed");
  if (test.fallout !== null) return refused("GOLDHACK.Chat.Error.FalloutState");
  await writeTestCard(message, { fallout: { status: "offered", rating } });
  return DONE;
}

/** The owner answers an offered Fallout: accepting takes it (rating = the offer's) and grants the Intent. */
export async function answerFallout(
  message: ChatMessage.Implementation,
  user: User.Implementation,
  answer: { accept: true; name: string } | { accept: false },
): Promise<ActionResult> {
  const card = testCardOf(message);
  if (!card) return refused("GOLDHACK.Chat.Error.NotATest");
  const { test } = card;
  const actor = findTestActor(test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  if (!actor.testUserPermission(user, "OWNER")) return refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
  const offer = test.fallout;
  if (offer?.status !== "offered") return refused("GOLDHACK.Chat.Error.FalloutState");
  if (!answer.accept) {
    await writeTestCard(message, { fallout: { ...offer, status: "refused" } });
    return DONE;
  }
  const item = await actor.takeFallout({ name: answer.name, rating: offer.rating });
  if (!item) return refused("GOLDHACK.Chat.Error.Unknown");
  await writeTestCard(message, { fallout: { status: "accepted", rating: offer.rating, itemId: item.id ?? "" } });
  return DONE;
}
