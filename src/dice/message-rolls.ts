/**
 * Reading and rewriting the one GoldHackRoll a Test message holds. A card is
 * changed by replacing its roll (`message.update({rolls})`), never by editing
 * the cached roll in place, so a failed write leaves the card as it was.
 */
import type { GoldHackRoll } from "./goldhack-roll";
import type { TestRollData } from "./roll-record";

/** A deep, evaluated copy of a roll (its terms and results too), safe to change. */
export function copyRoll(roll: GoldHackRoll): GoldHackRoll {
  const RollClass = roll.constructor as typeof GoldHackRoll;
  const data: Parameters<typeof GoldHackRoll.fromData>[0] = JSON.parse(JSON.stringify(roll));
  return RollClass.fromData(data);
}

/** A copy of the roll whose Test data has the given changes. */
export function withTest(roll: GoldHackRoll, changes: Partial<TestRollData>): GoldHackRoll {
  const copy = copyRoll(roll);
  const test = copy.test;
  if (!test) throw new Error("withTest: the roll carries no Test");
  copy.options.goldhack = { ...test, ...changes };
  return copy;
}

/** Writes the roll back as the message's only roll. */
export async function saveTestRoll(message: ChatMessage.Implementation, roll: GoldHackRoll): Promise<void> {
  await message.update({ rolls: [JSON.stringify(roll)] });
}
