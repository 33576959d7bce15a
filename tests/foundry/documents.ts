/**
 * Stand-ins for Foundry's documents and client globals, for adapter tests.
 *
 * `installFoundry()` puts on globalThis: `foundry` (abstract.TypeDataModel, data.fields, utils), `CONFIG`
 * (Actor/Item/ChatMessage/Macro with empty dataModels), `CONST`, `game` (user, users, i18n, actors, messages,
 * macros), `ui.notifications` (captures warn/error/info), `Hooks`, `Actor`, `Item`, `ChatMessage`, `Macro`,
 * `fromUuid`, `fromUuidSync`; it resets all state and returns handles (a GM, two players, the notices).
 * Install BEFORE importing code that extends Foundry classes (`await import(...)` afterwards); the classes
 * themselves are created once per test file, so re-installing in `beforeEach` keeps subclasses valid.
 * `installGoldHack()` also builds CONFIG.GOLDHACK and registers our data models and document classes.
 *
 * Behaviour kept faithful to Foundry, because tests rely on it:
 * - `update(changes)`: dot paths expanded; `system` changes cleaned (NumberField clamps to min/max, rounds
 *   integers) and validated as a partial; only the differences kept (nothing left → no update, `undefined`);
 *   then `_preUpdate(changes, options, user)` (false cancels); then the "server" refuses a user without
 *   permission (throws); then the new source is validated whole (joint checks too), committed, data
 *   re-prepared, `_onUpdate` and the `update<Doc>` hook run.
 * - `create`: `_preCreate` then permission (world Actors need a GM or ACTOR_CREATE; embedded Items need the
 *   parent's owner; any user may create chat messages and macros), then validation, then commit.
 * - `isOwner`: a GM, or the user's level in `ownership` (or `ownership.default`) is OWNER; embedded
 *   documents take their parent's. Chat messages may be changed by their author or a GM only.
 */
import { createConfig } from "../../src/config";
import type { GoldHackActor } from "../../src/documents/actor";
import type { GoldHackItem } from "../../src/documents/item";
import {
  type DocumentConfig,
  OWNERSHIP,
  setCurrentUser,
  setState,
  StandInActiveEffect,
  StandInActor,
  StandInCollection,
  type StandInConfig,
  type State,
  type StandInDocument,
  StandInItem,
  StandInNotifications,
  StandInUser,
  StandInUsers,
  state,
} from "./documents-core";
import { fromUuidSync, StandInChatMessage, StandInMacro } from "./documents-chat";
import { StandInJournalEntry, StandInJournalEntryPage } from "./documents-journal";
import { DataModel, fields, type PlainObject, TypeDataModel } from "./fields";
import { utils } from "./foundry-utils";
import { StandInHooks } from "./hooks";
import { StandInI18n } from "./i18n";

export * from "./documents-core";
export * from "./documents-chat";
export * from "./documents-journal";

/** What installFoundry() hands back to a test. */
export interface FoundryEnv {
  gm: StandInUser;
  player: StandInUser;
  otherPlayer: StandInUser;
  notifications: StandInNotifications;
  hooks: StandInHooks;
  i18n: StandInI18n;
  config: StandInConfig;
  /** Makes `game.user` this user (who is clicking). */
  setUser(user: StandInUser): void;
}

const documentConfig = (documentClass: typeof StandInDocument): DocumentConfig => ({ documentClass, dataModels: {}, trackableAttributes: {} });

/** Installs the Foundry stand-ins on globalThis with fresh state; the GM is the current user. */
export function installFoundry(options: { lang?: "en" | "es" } = {}): FoundryEnv {
  const gm = new StandInUser("Gamemaster", true);
  const player = new StandInUser("Player", false);
  const otherPlayer = new StandInUser("Other Player", false);
  const users = new StandInUsers([gm, player, otherPlayer].map((u) => [u.id, u]));
  const config: StandInConfig = {
    Actor: documentConfig(StandInActor),
    ActiveEffect: documentConfig(StandInActiveEffect),
    Item: documentConfig(StandInItem),
    ChatMessage: documentConfig(StandInChatMessage),
    Macro: documentConfig(StandInMacro),
    JournalEntry: documentConfig(StandInJournalEntry),
    JournalEntryPage: documentConfig(StandInJournalEntryPage),
    // Always present in Foundry's CONFIG (v13 keeps statusEffects as an array; src/compat reads either shape).
    TextEditor: { enrichers: [] },
    statusEffects: [],
  };
  const hooks = new StandInHooks();
  const notifications = new StandInNotifications();
  const i18n = new StandInI18n(options.lang ?? "en");
  const installed: State = {
    user: gm,
    users,
    config,
    actors: new StandInCollection(),
    items: new StandInCollection(),
    messages: new StandInCollection(),
    macros: new StandInCollection(),
    journal: new StandInCollection(),
    hooks,
    notifications,
  };
  setState(installed);
  const game = {
    get user() {
      return state.user;
    },
    users,
    i18n,
    actors: installed.actors,
    items: installed.items,
    messages: installed.messages,
    macros: installed.macros,
    journal: installed.journal,
    system: { id: "goldhack" },
  };
  Object.assign(globalThis, {
    foundry: { abstract: { DataModel, TypeDataModel }, data: { fields }, utils },
    CONFIG: config,
    // JOURNAL_ENTRY_PAGE_FORMATS: HTML 1, MARKDOWN 2 (Foundry API documentation, CONST).
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, JOURNAL_ENTRY_PAGE_FORMATS: { HTML: 1, MARKDOWN: 2 } },
    game,
    ui: { notifications },
    Hooks: hooks,
    Actor: StandInActor,
    Item: StandInItem,
    ChatMessage: StandInChatMessage,
    Macro: StandInMacro,
    JournalEntry: StandInJournalEntry,
    JournalEntryPage: StandInJournalEntryPage,
    fromUuidSync,
    fromUuid: async (uuid: string) => fromUuidSync(uuid),
  });
  return {
    gm,
    player,
    otherPlayer,
    notifications,
    hooks,
    i18n,
    config,
    setUser: setCurrentUser,
  };
}

/**
 * installFoundry(), then what our init does for documents: CONFIG.GOLDHACK from the SRD with our windows, our data models
 * and document classes registered. Imports our code lazily, after the globals exist.
 */
export async function installGoldHack(options: { lang?: "en" | "es" } = {}): Promise<FoundryEnv> {
  const env = installFoundry(options);
  env.config.GOLDHACK = { ...createConfig(), applications: {} };
  const { registerApplications } = await import("../../src/applications/dialogs/register");
  const { registerDataModels } = await import("../../src/data/register");
  const { registerDocuments } = await import("../../src/documents/register");
  registerApplications();
  registerDataModels();
  registerDocuments();
  return env;
}

/** Creates a world Actor through the registered document class (GoldHackActor after installGoldHack). */
export async function createActor(data: PlainObject): Promise<GoldHackActor> {
  const ActorClass = state.config.Actor.documentClass as unknown as typeof StandInActor;
  const actor = await ActorClass.create(data);
  if (!actor) throw new Error("actor creation was cancelled");
  // The registered class is GoldHackActor at runtime; the stand-in's static typing cannot know it.
  return actor as unknown as GoldHackActor;
}

/** Creates Items embedded in an actor, returned in order. */
export async function addItems(actor: GoldHackActor, data: PlainObject[]): Promise<GoldHackItem[]> {
  const created = await (actor as unknown as StandInActor).createEmbeddedDocuments("Item", data);
  return created as unknown as GoldHackItem[];
}

/** The chat messages created so far, oldest first. */
export function chatMessages(): StandInChatMessage[] {
  return state.messages.contents.filter((message): message is StandInChatMessage => message instanceof StandInChatMessage);
}

/**
 * The character the roll and card tests share: Sela, young, owned by the first player, with Swords 4
 * (Fight) and Cast 3 (Magic), and 3 Fate. Call after installGoldHack().
 */
export async function createSela(env: FoundryEnv, persona = 0): Promise<{ actor: GoldHackActor; skillId: string; magicId: string }> {
  const actor = await createActor({
    name: "Sela",
    type: "character",
    system: { age: "young", fate: { value: 3 }, persona: { value: persona } },
    ownership: { default: 0, [env.player.id]: 3 },
  });
  const [skill, magic] = await addItems(actor, [
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 4 } },
    { name: "Cast", type: "skill", system: { skillType: "magic", rating: 3 } },
  ]);
  return { actor, skillId: skill?.id ?? "", magicId: magic?.id ?? "" };
}
