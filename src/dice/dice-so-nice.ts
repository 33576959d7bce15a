/**
 * Dice So Nice, when a world has it. A new card's roll is shown by Dice So Nice itself; Fate's new dice
 * join an existing card, so we ask for them by hand, after the card is written. An animation that fails
 * or never ends is logged and forgotten: it never blocks a card action or undoes one.
 */

/** The one Dice So Nice call we make. */
interface Dice3D {
  showForRoll(
    roll: foundry.dice.Roll,
    user?: User.Implementation | null,
    synchronize?: boolean,
    whisper?: string[] | null,
    blind?: boolean,
    messageId?: string | null,
    speaker?: unknown,
  ): Promise<boolean>;
}

/** How long an animation may take before we stop waiting for it. */
export const ANIMATION_TIMEOUT = 15_000;

function dice3d(): Dice3D | null {
  if (!("dice3d" in game)) return null;
  const candidate: unknown = game.dice3d;
  return typeof candidate === "object" && candidate !== null && "showForRoll" in candidate && typeof candidate.showForRoll === "function"
    ? (candidate as Dice3D)
    : null;
}

/** Animates Fate's new dice (as rolled by `user`, who spent the Fate) for everyone who may see the card; resolves (never rejects) when done, failed or timed out. */
export async function showFateDice(roll: foundry.dice.Roll, message: ChatMessage.Implementation, user: User.Implementation | null, timeout = ANIMATION_TIMEOUT): Promise<void> {
  const dsn = dice3d();
  if (!dsn) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const ids = message.whisper.map((w: unknown) => (typeof w === "string" ? w : String((w as { id?: unknown }).id)));
    const whisper = ids.length > 0 ? ids : null;
    const shown = dsn.showForRoll(roll, user, true, whisper, message.blind, message.id, message.speaker);
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeout)));
    if ((await Promise.race([shown, late])) === "late") console.warn("goldhack | Dice So Nice did not finish the Fate dice in time; the card is already saved");
  } catch (error) {
    console.warn("goldhack | Dice So Nice failed to show the Fate dice; the card is already saved", error);
  } finally {
    clearTimeout(timer);
  }
}
