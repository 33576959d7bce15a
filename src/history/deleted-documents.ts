/**
 * Deleting a document takes its memory with it. A deleted Test card leaves every actor's test history,
 * and so the repeated-test guard and the sheet's recent Tests, which read it; a deleted scene leaves the
 * scene memory's setting, and at `ready` the GM drops entries of scenes deleted while no GM was there.
 * Exactly one client writes each change: the deleting user where she owns the actor, else the active GM.
 * SRD: Gameplay: Tests
 */
import { SYSTEM_ID } from "../constants";
import { testRollOf } from "../dice/test-message";
import { testHistory } from "./actor-history";
import { forgetGoneScenes } from "./memory-store";
import { withoutMessages } from "../data/test-history";
import { reported } from "../safe-hook";

const FLAG = "testHistory";

/** Card ids deleted since the last flush, with the actors their rolls named; a cleared chat log deletes many at once. */
const pending = { ids: new Set<string>(), actorUuids: new Set<string>(), deleters: new Map<string, string>(), scheduled: false };

function actorOf(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** Whether this client is the one to write an actor's history after `userId` deleted a card. */
function writesFor(actor: Actor.Implementation, userId: string): boolean {
  const deleter = game.users?.get(userId);
  const ownerDeleted = deleter ? actor.testUserPermission(deleter, "OWNER") : false;
  const writer = ownerDeleted ? deleter : game.users?.activeGM;
  return writer?.isSelf === true;
}

async function flush(): Promise<void> {
  const ids = new Set(pending.ids);
  const deleters = new Map(pending.deleters);
  const named = [...pending.actorUuids].map(actorOf).filter((a): a is Actor.Implementation => a !== null);
  pending.ids.clear();
  pending.actorUuids.clear();
  pending.deleters.clear();
  pending.scheduled = false;
  const actors = new Map<string, Actor.Implementation>();
  // The collection holds the registered class (GoldHackActor); its stored type does not say so.
  const world = (game.actors?.contents ?? []) as Actor.Implementation[];
  for (const actor of [...named, ...world]) actors.set(actor.uuid, actor);
  for (const actor of actors.values()) {
    const history = testHistory(actor);
    const kept = withoutMessages(history, ids);
    if (!kept) continue;
    // The deleter of the first of this actor's cards decides who writes; all of one flush come from one action.
    const userId = history.map((e) => deleters.get(e.messageId)).find((id) => id !== undefined) ?? "";
    if (writesFor(actor, userId)) await actor.setFlag(SYSTEM_ID, FLAG, kept);
  }
}

/** deleteChatMessage: queues the card's removal from the histories, written once per actor. */
export function onChatMessageDeleted(message: ChatMessage.Implementation, _options: unknown, userId: string): void {
  if (!message.id) return;
  pending.ids.add(message.id);
  pending.deleters.set(message.id, userId);
  // A damaged card may not rebuild its roll; the scan of the world's actors still finds its entries.
  try {
    const uuid = testRollOf(message)?.test?.choice.actorUuid;
    if (uuid) pending.actorUuids.add(uuid);
  } catch {
    // nothing named: the scan covers it
  }
  if (pending.scheduled) return;
  pending.scheduled = true;
  setTimeout(() => void flush().catch(reported("could not forget a deleted Test card")), 0);
}

/** deleteScene: the GM drops the deleted scene's memory. */
export function onSceneDeleted(scene: Scene.Implementation): void {
  const goneId = scene.id;
  void forgetGoneScenes((id) => id !== goneId && game.scenes?.get(id) !== undefined).catch(reported("could not forget a deleted scene"));
}

/** ready: the GM drops the memory of scenes deleted while no GM was connected. */
export async function onReadyForgetGoneScenes(): Promise<void> {
  await forgetGoneScenes((id) => game.scenes?.get(id) !== undefined);
}

/** Registers the hooks that forget deleted cards and scenes, and tidies the scene memory at `ready`. Call at init. */
export function registerDeletedDocuments(): void {
  Hooks.on("deleteChatMessage", onChatMessageDeleted);
  Hooks.on("deleteScene", onSceneDeleted);
  Hooks.once("ready", () => void onReadyForgetGoneScenes().catch(reported("could not tidy the scene memory")));
}
