/**
 * Each actor's recent Tests, kept in `flags.goldhack.testHistory` and written by the rolling client
 * (who owns the actor: only an owner can roll its Tests). Read through {@link testHistory}.
 */
import { SYSTEM_ID } from "../constants";
import type { TestChoice } from "../data/test-choice";
import type { TestResult } from "../rules";
import { currentSceneId, memoryGenerationOf } from "./memory-store";
import { addHistoryEntry, parseHistory, withOutcome, type HistoryOutcome, type TestHistoryEntry } from "../data/test-history";

const FLAG = "testHistory";

/** The part of an actor the history reads and writes. */
type HistoryActor = Actor.Implementation;

/** An actor's recent Tests, newest first (damaged entries dropped). */
export function testHistory(actor: HistoryActor): TestHistoryEntry[] {
  return parseHistory(actor.getFlag(SYSTEM_ID, FLAG));
}

const outcomeOf = (passed: boolean): HistoryOutcome => (passed ? "passed" : "failed");

/** The history entry for a Test just rolled: its declaration, Ob, outcome, card and scene. */
export function historyEntryFor(message: ChatMessage.Implementation, choice: TestChoice, result: Pick<TestResult, "passed">): TestHistoryEntry {
  const sceneId = message.speaker?.scene ?? currentSceneId();
  const messageId = message.id ?? "";
  return {
    messageId,
    messageUuid: message.uuid ?? `ChatMessage.${messageId}`,
    kind: choice.kind,
    skillId: choice.skillId,
    skillName: choice.skillName,
    ob: choice.ob,
    intent: choice.intent ?? "",
    task: choice.task ?? "",
    outcome: outcomeOf(result.passed),
    timestamp: typeof message.timestamp === "number" ? message.timestamp : Date.now(),
    sceneId,
    memory: memoryGenerationOf(sceneId),
    requestId: choice.requestId ?? null,
  };
}

/** Adds an entry to the actor's history. False, with nothing written, when this user does not own the actor. */
export async function recordTest(actor: HistoryActor, entry: TestHistoryEntry): Promise<boolean> {
  if (!actor.isOwner || !entry.messageId) return false;
  await actor.setFlag(SYSTEM_ID, FLAG, addHistoryEntry(testHistory(actor), entry));
  return true;
}

/** Corrects a recorded outcome (Fate flipped the Test). False when there was nothing to change or no right to. */
export async function reviseRecordedOutcome(actor: HistoryActor, messageId: string, passed: boolean): Promise<boolean> {
  if (!actor.isOwner) return false;
  const revised = withOutcome(testHistory(actor), messageId, outcomeOf(passed));
  if (!revised) return false;
  await actor.setFlag(SYSTEM_ID, FLAG, revised);
  return true;
}
