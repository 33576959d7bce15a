/**
 * Spending Fate on a rolled Test, on the client that applies it (the clicking
 * owner, or the GM answering a query). Everything is checked again here from
 * the message as it now stands. SRD: Alterations › Spending Persona & Fate To Modify Rolls
 */
import { applyFateExplosion, applyFateReroll, DIE_FACES, fateEffect, fateRefusal, type FateOutcome, resolveTest } from "../rules";
import { type ActionResult, DONE, refused } from "./action-result";
import { showFateDice } from "./dice-so-nice";
import type { GoldHackRoll } from "./goldhack-roll";
import { copyRoll } from "./message-rolls";
import type { FateRecord, TestRollData } from "./roll-record";
import { actorFate, findTestActor } from "./test-actor";
import { reviseTestLog } from "./test-log";
import { testCardOf, writeTestCard } from "./test-card-state";
import { settle } from "../safe-hook";

/** New dice Fate rolls: `count` exploding d6 counting 4+ (a Fate die's 6 explodes in turn, Magic or not). */
async function rollFateDice(roll: GoldHackRoll, count: number): Promise<foundry.dice.Roll> {
  const RollClass = roll.constructor as typeof GoldHackRoll;
  return new foundry.dice.Roll(RollClass.formulaFor({ dice: count, explode: true })).evaluate();
}

/**
 * The roll after Fate: the Test's dice as they were (sixes marked exploded, or the chosen die struck out
 * as rerolled), then "+" and Fate's own term, so Foundry's total and the faces both include the new dice.
 */
async function rollAfterFate(roll: GoldHackRoll, extra: foundry.dice.Roll, record: FateRecord, test: TestRollData): Promise<GoldHackRoll> {
  const copy = copyRoll(roll);
  const RollClass = roll.constructor as typeof GoldHackRoll;
  const first = copy.dice[0];
  if (!first) throw new Error("goldhack | a Test roll without dice");
  first.results.forEach((r, i) => {
    if (record.kind === "explode" && r.result === DIE_FACES) r.exploded = true;
    if (record.kind === "reroll" && i === record.dieIndex) Object.assign(r, { rerolled: true, active: false });
  });
  // Roll.fromTerms takes terms all evaluated or none: the joining "+" is evaluated like the rest.
  const plus = new foundry.dice.terms.OperatorTerm({ operator: "+" });
  await plus.evaluate();
  const next = RollClass.fromTerms([...copy.terms, plus, ...extra.terms]);
  next.options = { ...copy.options, goldhack: test };
  return next;
}

/**
 * Spends one Fate point of the tested actor on the message's roll, for `user`: on a non-Magic roll every
 * 6 explodes; on a Magic roll the die at `die` (an index of the faces before Fate) is rerolled. The
 * outcome and its log are corrected if Fate flips it. At most one Fate per roll.
 */
export async function applyFate(message: ChatMessage.Implementation, user: User.Implementation, die?: number): Promise<ActionResult> {
  const card = testCardOf(message);
  if (!card) return refused("GOLDHACK.Chat.Error.NotATest");
  const { roll, test } = card;
  const actor = findTestActor(test.choice.actorUuid);
  if (!actor) return refused("GOLDHACK.Roll.Error.NoActor");
  if (!actor.testUserPermission(user, "OWNER")) return refused("GOLDHACK.Chat.Error.NotOwner", { actor: actor.name });
  if (test.fallout?.status === "accepted") return refused("GOLDHACK.Chat.Error.Settled");
  if (test.fate !== null) return refused("GOLDHACK.Chat.Error.FateSpent");

  const { plan } = test;
  const faces = roll.facesBeforeFate;
  const refusal = fateRefusal(plan, faces, test.fateSpent);
  if (refusal === "fate-already-spent") return refused("GOLDHACK.Chat.Error.FateSpent");
  if (refusal === "fate-no-effect") return refused("GOLDHACK.Chat.Error.FateNoEffect");
  const effect = fateEffect(plan, faces);
  if (effect.kind === "reroll" && (die === undefined || !effect.rerollable.includes(die))) return refused("GOLDHACK.Chat.Error.BadDie");
  if (actorFate(actor) < 1) return refused("GOLDHACK.Chat.Error.NoFate", { actor: actor.name });

  const before = resolveTest(plan, faces);
  if (!(await actor.spendFate())) return refused("GOLDHACK.Chat.Error.NoFate", { actor: actor.name });

  const extra = await rollFateDice(roll, effect.kind === "explode" ? effect.newDice : 1);
  const newFaces = (extra.dice[0]?.results ?? []).map((r) => r.result);
  // The rules check the new faces and say how the Test now stands.
  const outcome: FateOutcome =
    effect.kind === "explode"
      ? applyFateExplosion(plan, faces, newFaces, test.fateSpent)
      : applyFateReroll(plan, faces, die ?? -1, newFaces, test.fateSpent);

  const record: FateRecord = { kind: effect.kind, userId: user.id ?? "", passedBefore: before.passed, ...(effect.kind === "reroll" ? { dieIndex: die } : {}) };
  // A part whose log the group writes is revised by the group, when its verdict follows these dice (group-logs.ts).
  const log = test.log && test.choice.groupLog !== true && outcome.result.passed !== before.passed ? await reviseTestLog(actor, test.log, test.choice, outcome.result) : test.log;
  // A Fallout offered on the old outcome no longer fits it: the GM offers again if the Test still fails.
  const fallout = test.fallout?.status === "offered" || test.fallout?.status === "refused" ? null : test.fallout;
  const changes = { fateSpent: outcome.fateSpent, fate: record, log, fallout };
  // A "test" card keeps its state in `system`: its roll keeps the options it was rolled with.
  const next = await rollAfterFate(roll, extra, record, card.modern ? roll.test ?? test : { ...test, ...changes });

  const check = next.outcome;
  if (!check || check.hits !== outcome.result.hits) throw new Error("goldhack | the card's dice disagree with the rules after Fate");
  // The card first: the animation after it, and its failure never undoes or blocks the write.
  await writeTestCard(message, changes, next);
  settle(showFateDice(extra, message, user), "showing the Fate dice");
  return DONE;
}
