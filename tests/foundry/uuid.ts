/**
 * UUIDs beyond the world collections: compendium documents and the actors of unlinked tokens, resolved
 * by `fromUuid` / `fromUuidSync` as Foundry v13 documents them. Install after installFoundry().
 *
 * - `Compendium.<package>.<pack>.<Type>.<id>`: fromUuid loads the document; fromUuidSync gives only the
 *   pack's index entry (`_id`, `uuid`, `name`, `type`, `img`), as for a pack that is not loaded yet.
 * - `Scene.<scene>.Token.<token>.Actor.<id>` (and `.Item.<id>` under it): the synthetic actor of an
 *   unlinked token. It is not in `game.actors`; its changes stay on it and never reach the world actor it
 *   was made from (in Foundry they are stored in the token's ActorDelta; here on the synthetic actor).
 */
import type { GoldHackActor } from "../../src/documents/actor";
import type { GoldHackItem } from "../../src/documents/item";
import { type StandInActor, StandInCollection, type StandInDocument, type StandInItem, state } from "./documents-core";
import type { PlainObject } from "./fields";

const packDocs = new Map<string, StandInDocument>();
const tokenActors = new Map<string, StandInActor>();

/** Makes `doc` answer to `uuid` (its own getter would give a world uuid). */
function pinUuid(doc: StandInDocument, uuid: string): void {
  Object.defineProperty(doc, "uuid", { value: uuid, configurable: true });
}

/** A document in a compendium pack, not in any world collection; returns it with its uuid. */
export function addPackItem(pack: string, data: PlainObject): GoldHackItem {
  const ItemClass = state.config.Item.documentClass as unknown as new (data: PlainObject) => StandInItem;
  const item = new ItemClass(data);
  const uuid = `Compendium.goldhack.${pack}.Item.${item.id}`;
  pinUuid(item, uuid);
  packDocs.set(uuid, item);
  return item as unknown as GoldHackItem;
}

/** The synthetic actor of an unlinked token placed from `base`, with copies of its items. */
export async function unlinkedTokenActor(base: GoldHackActor, sceneId = "scene1", tokenId = "token1"): Promise<GoldHackActor> {
  const ActorClass = state.config.Actor.documentClass as unknown as new (data: PlainObject) => StandInActor;
  const source = (base as unknown as StandInActor).toObject();
  const items = (base as unknown as StandInActor).items.contents.map((i) => i.toObject());
  const actor = new ActorClass({ ...source, items: undefined });
  const collection = new StandInCollection<StandInDocument>();
  pinUuid(actor, `Scene.${sceneId}.Token.${tokenId}.Actor.${actor.id}`);
  // Its own collection: updates and deletions never touch game.actors.
  Object.defineProperty(actor, "_collection", { value: () => collection });
  Object.defineProperty(actor, "isToken", { value: true });
  collection.set(actor.id, actor);
  tokenActors.set(actor.uuid, actor);
  await actor.createEmbeddedDocuments("Item", items);
  actor.prepareData();
  return actor as unknown as GoldHackActor;
}

/** Installs fromUuid / fromUuidSync that know packs and token actors, then the world's own lookup. */
export function installUuids(): void {
  packDocs.clear();
  tokenActors.clear();
  const g = globalThis as unknown as { fromUuidSync(uuid: string): unknown; fromUuid(uuid: string): Promise<unknown> };
  const world = g.fromUuidSync;
  const resolve = (uuid: string, loaded: boolean): unknown => {
    const pack = packDocs.get(uuid);
    if (pack) return loaded ? pack : { _id: pack.id, uuid, name: pack.name, type: pack.type, img: pack.img };
    const [head, rest] = splitToken(uuid);
    const token = head ? tokenActors.get(head) : undefined;
    if (token) return rest ? (token.items.get(rest) ?? null) : token;
    return world(uuid);
  };
  g.fromUuidSync = (uuid) => resolve(uuid, false);
  g.fromUuid = async (uuid) => resolve(uuid, true);
}

/** "Scene.s.Token.t.Actor.a.Item.i" → ["Scene.s.Token.t.Actor.a", "i"]. */
function splitToken(uuid: string): [string | null, string | null] {
  const match = /^(Scene\.[^.]+\.Token\.[^.]+\.Actor\.[^.]+)(?:\.Item\.([^.]+))?$/.exec(uuid);
  return match ? [match[1] ?? null, match[2] ?? null] : [null, null];
}
