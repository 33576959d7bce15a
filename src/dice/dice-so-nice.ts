/**
 * Dice So Nice, when a world has it. A new card's roll is shown by Dice So Nice
 * itself; Fate's new dice join an existing card, so we ask for them by hand.
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

function dice3d(): Dice3D | null {
  if (!("dice3d" in game)) return null;
  const candidate: unknown = game.dice3d;
  return typeof candidate === "object" && candidate !== null && "showForRoll" in candidate && typeof candidate.showForRoll === "function"
    ? (candidate as Dice3D)
    : null;
}

/** Animates Fate's new dice for everyone who may see the card; does nothing without Dice So Nice. */
export async function showFateDice(roll: foundry.dice.Roll, message: ChatMessage.Implementation): Promise<void> {
  const dsn = dice3d();
  if (!dsn) return;
  const ids = message.whisper.map((w: unknown) => (typeof w === "string" ? w : String((w as { id?: unknown }).id)));
  const whisper = ids.length > 0 ? ids : null;
  await dsn.showForRoll(roll, game.user ?? null, true, whisper, message.blind, message.id, message.speaker);
}
