/**
 * The GM's client collecting a session's records as play happens: each card created or changed, each
 * character's Drives rewritten, each Trait a GM gave, each retirement, each user who joins. Loaded on first
 * use (register.ts calls in only on the GM's client that keeps the session, while one is collecting).
 * After a reload or a reconnect it catches up from the chat log: every card since the start still there.
 * A cleared chat deletes cards, never records: records are only added or brought up to date here.
 */
import { recordsOfMessage, actorChangeRecords, traitRecordOf } from "./session-sources";
import { logOn } from "./campaign-settings";
import { appendToLogPage } from "./log-write";
import { changeSession, readSession } from "./session-store";
import { withParticipant, withRecords, type SessionRecord, type SessionState } from "./session-state";

/** The session with these records, and their authors as participants (a player who rolled took part). */
function withAll(state: SessionState | null, records: readonly SessionRecord[], authors: readonly { id: string; name: string }[] = []): SessionState | null {
  if (!state) return null;
  let next = withRecords(state, records);
  for (const author of authors) next = withParticipant(next ?? state, author) ?? next;
  return next;
}

const authorOf = (message: ChatMessage.Implementation): { id: string; name: string }[] => {
  const author = message.author;
  return author?.id ? [{ id: author.id, name: author.name }] : [];
};

/** createChatMessage / updateChatMessage: the card's record, as the card now stands. */
export async function collectMessage(message: ChatMessage.Implementation): Promise<void> {
  const records = recordsOfMessage(message);
  if (records.length === 0) return;
  await changeSession((state) => withAll(state, records, authorOf(message)));
}

/**
 * updateActor: Drives rewritten, a retirement. After the session's page was written (the vote applied) and
 * before the next session starts, a Drive rewritten in the dialog the vote's end offers is added to the page.
 */
export async function collectActor(actor: Actor.Implementation, changes: unknown, userId: string): Promise<void> {
  const records = actorChangeRecords(actor, changes, userId, Date.now());
  if (records.length === 0) return;
  const current = readSession();
  if (current?.status === "ended") {
    const drives = records.filter((r) => r.kind === "drive");
    if (current.logPage && drives.length > 0 && logOn()) await appendToLogPage(current.logPage, drives);
    return;
  }
  await changeSession((state) => withAll(state, records));
}

/** createItem: a Trait a GM gave. */
export async function collectItem(item: Item.Implementation, userId: string): Promise<void> {
  const record = traitRecordOf(item, userId, Date.now());
  if (!record) return;
  await changeSession((state) => withAll(state, [record]));
}

/** userConnected: a user who joins the session takes part. */
export async function collectUser(user: User): Promise<void> {
  if (!user.id) return;
  const id = user.id;
  await changeSession((state) => (state ? withParticipant(state, { id, name: user.name }) : null));
}

/** On the GM's load: every card since the session started that is still in the chat log, brought up to date. */
export async function catchUp(): Promise<void> {
  const messages = (game.messages?.contents ?? []) as ChatMessage.Implementation[];
  const records = messages.flatMap(recordsOfMessage);
  const authors = messages.filter((m) => recordsOfMessage(m).length > 0).flatMap(authorOf);
  if (records.length === 0) return;
  await changeSession((state) => withAll(state, records, authors));
}
