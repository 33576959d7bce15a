/**
 * The alternative hindering's logs, written by the group, not by each part's card: "Only the roll with the most
 * hits succeeds", so a part's own Ob decides nothing. Its Test card is rolled with `groupLog` (it shows "decided on
 * the group card" and writes no log of its own); once the group's verdict is final, the GM's client logs the
 * winner's pass and everyone else's fail (rules: settleHinderingAlternative, via alternativeLogs), and writes each
 * log onto the part's Test card too, so the part card, the group card and the Skill's logs say one thing. If Fate
 * then changes who wins, the logs are revised the same way. Runs on the GM's client only, inside the card's queue.
 * SRD: Alterations › Alternative: Helping & Hindering; Changes › Skill Learning
 */
import type { TestLog } from "../dice/roll-record";
import { findTestActor } from "../dice/test-actor";
import { testCardOf, writeTestCard } from "../dice/test-card-state";
import { reviseTestLog, writeTestLog } from "../dice/test-log";
import { alternativeLogs, type GroupPart, type GroupState } from "./group-state";

/** Writes (or revises) the logs the group's final verdict calls for; the parts whose log changed, by id. */
export async function writeAlternativeLogs(message: ChatMessage.Implementation, state: GroupState, gone: ReadonlySet<string>): Promise<GroupPart[] | null> {
  const wanted = alternativeLogs(state, gone);
  if (!wanted) return null;
  const parts = structuredClone(state.parts);
  let changed = false;
  for (const { partId, outcome } of wanted) {
    const part = parts.find((p) => p.id === partId);
    if (!part?.roll || part.groupLog?.outcome === outcome) continue;
    const test = game.messages?.get(part.roll.messageId);
    const card = test ? testCardOf(test) : null;
    const actor = findTestActor(part.actorUuid);
    if (!test || !card || !actor) continue;
    const result = { ...card.outcome, passed: outcome === "passed" };
    const prior = (part.groupLog?.log ?? null) as TestLog | null;
    let log: TestLog | null;
    if (prior?.kind === "learn" && prior.learned && outcome === "failed") {
      // The group took the pass away (another roll now has the most hits): the Skill it taught goes with it.
      log = (await actor.unlearnSkill(prior.itemId ?? "")) ? { kind: "learn", skillName: prior.skillName, learned: false } : prior;
    } else {
      log = prior ? await reviseTestLog(actor, prior, card.test.choice, result) : await writeTestLog(actor, card.test.choice, result);
    }
    if (log) await writeTestCard(test, { log });
    part.groupLog = { outcome, log };
    changed = true;
  }
  return changed ? parts : null;
}
