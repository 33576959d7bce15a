/**
 * Where a session's records come from: documents whose writer Foundry's server vouches for, read by the
 * GM's client, never a record a client sends. A record counts only as the GM's client derives it:
 * - a Test card, when its author (the server sets a message's author) owns the character it names (only an
 *   owner can roll that character's Tests; a card naming someone else's character is a claim, ignored), or
 *   is a GM (group parts are rolled on the GM's client);
 * - a group card or a request card, only when a GM wrote it (`isGmAuthored`);
 * - a Drive rewritten, from the character as it now stands, when the server-named user who changed it owns
 *   it; a new Trait or a retirement, only when a GM made the change (Trait Votes and Retire are GM writes).
 * docs/foundry-facts.md › Server-checked writes
 */
import { isRetired } from "../data/actor/character";
import { testCardOf } from "../dice/test-card-state";
import { findTestActor } from "../dice/test-actor";
import { isGmAuthored } from "../documents/official";
import { groupStateOf } from "../group/group-card";
import { groupVerdict } from "../group/group-state";
import { requestCardOf } from "../requests/request-messages";
import { logLearningTest } from "../rules";
import type { ChangeRecord, DriveKey, GroupRecord, RequestRecord, SessionRecord, TestRecord } from "./session-state";

const timeOf = (message: ChatMessage.Implementation): number => (typeof message.timestamp === "number" ? message.timestamp : Date.now());

/** Whether the message's author may have rolled a Test of this actor: a GM, or one of its owners. */
function authorMayRoll(message: ChatMessage.Implementation, actor: Actor.Implementation | null): boolean {
  const author = message.author;
  if (!author) return false;
  if (author.isGM) return true;
  return actor !== null && actor.testUserPermission(author, "OWNER");
}

/** The Test record a message holds, or null (not a Test card, damaged, or not its character's owner's). */
export function testRecordOf(message: ChatMessage.Implementation): TestRecord | null {
  const card = testCardOf(message);
  if (!card || !message.id) return null;
  const { test, outcome } = card;
  const choice = test.choice;
  const actor = findTestActor(choice.actorUuid) as Actor.Implementation | null;
  if (!authorMayRoll(message, actor)) return null;
  const log = test.log;
  let advanced: TestRecord["advanced"] = null;
  if (log?.kind === "skill") {
    try {
      const after = logLearningTest(log.before, log.outcome);
      if (after.advanced) advanced = { skill: choice.skillName, rating: after.state.rating };
    } catch {
      // A log the rules refuse (a damaged card): no advance is claimed.
    }
  }
  const falloutItem = test.fallout?.status === "accepted" && test.fallout.itemId ? actor?.items.get(test.fallout.itemId) : null;
  return {
    kind: "test",
    key: `test:${message.id}`,
    at: timeOf(message),
    messageId: message.id,
    actorUuid: choice.actorUuid,
    actorName: actor?.name ?? test.actorName,
    testKind: choice.kind,
    skill: choice.kind === "potential" ? (choice.learnSkillName ?? "") : choice.skillName,
    intent: choice.intent ?? "",
    task: choice.task ?? "",
    ob: choice.ob,
    passed: outcome.passed,
    fate: test.fateSpent,
    persona: choice.persona,
    fallout: test.fallout?.status === "accepted" ? { name: falloutItem?.name ?? "", rating: test.fallout.rating } : null,
    recovery: choice.kind === "recovery" ? { name: test.falloutName ?? "", passed: outcome.passed } : null,
    learned: log?.kind === "learn" && log.learned ? log.skillName : null,
    advanced,
    groupId: choice.groupId ?? null,
    requestId: choice.requestId ?? null,
  };
}

/** The group Test a GM's group card holds, with its verdict once final. */
export function groupRecordOf(message: ChatMessage.Implementation): GroupRecord | null {
  const state = groupStateOf(message);
  if (!state || !message.id) return null;
  const verdict = groupVerdict(state);
  return {
    kind: "group",
    key: `group:${message.id}`,
    at: timeOf(message),
    messageId: message.id,
    mode: state.mode,
    intent: state.intent,
    parts: state.parts.filter((p) => p.status !== "removed").map((p) => ({ actorUuid: p.actorUuid, actorName: p.actorName, skill: p.skillName })),
    passed: verdict.kind === "result" && verdict.final ? verdict.passed : null,
  };
}

/** A GM's request card (a proposal only once the GM answered it on a card of hers). */
export function requestRecordOf(message: ChatMessage.Implementation): RequestRecord | null {
  const card = requestCardOf(message);
  if (!card || !message.id || !isGmAuthored(message) || card.status === "proposed") return null;
  return {
    kind: "request",
    key: `request:${message.id}`,
    at: timeOf(message),
    messageId: message.id,
    actorUuid: card.actorUuid,
    actorName: card.actorName,
    skill: card.skill?.name ?? "",
    intent: card.intent,
    passed: card.answer ? card.answer.passed : null,
  };
}

/** Every record a chat message holds (at most one). */
export function recordsOfMessage(message: ChatMessage.Implementation): SessionRecord[] {
  const record = testRecordOf(message) ?? groupRecordOf(message) ?? requestRecordOf(message);
  return record ? [record] : [];
}

const DRIVES: readonly DriveKey[] = ["belief", "goal", "instinct"];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A player character (some player owns it). */
const playerCharacter = (actor: Actor.Implementation): boolean => actor.type === "character" && actor.hasPlayerOwner;

/**
 * What an actor's update changed that the session keeps: the Drives rewritten (by an owner), a retirement
 * (by a GM). Read from the actor as it now stands, not from the change sent.
 */
export function actorChangeRecords(actor: Actor.Implementation, changes: unknown, userId: string, now: number): ChangeRecord[] {
  if (!playerCharacter(actor) || !isRecord(changes) || !isRecord(changes.system)) return [];
  const user = game.users?.get(userId);
  if (!user) return [];
  const system = changes.system;
  const records: ChangeRecord[] = [];
  const base = { at: now, actorUuid: actor.uuid, actorName: actor.name };
  if (isRecord(system.drives) && actor.testUserPermission(user, "OWNER")) {
    const drives = (actor.system as { drives?: Partial<Record<DriveKey, string>> }).drives ?? {};
    for (const drive of DRIVES) {
      if (!(drive in system.drives)) continue;
      records.push({ kind: "drive", key: `drive:${actor.uuid}:${drive}`, ...base, drive, text: drives[drive] ?? "" });
    }
  }
  if ("retired" in system && user.isGM && isRetired(actor)) records.push({ kind: "retired", key: `retired:${actor.uuid}`, ...base, text: "" });
  return records;
}

/** A Trait a GM gave a player character (a Trait Vote's result). */
export function traitRecordOf(item: Item.Implementation, userId: string, now: number): ChangeRecord | null {
  const actor = item.parent;
  if (item.type !== "trait" || !(actor instanceof Actor) || !playerCharacter(actor as Actor.Implementation)) return null;
  if (game.users?.get(userId)?.isGM !== true) return null;
  return { kind: "trait", key: `trait:${item.uuid}`, at: now, actorUuid: actor.uuid, actorName: actor.name, text: item.name };
}
