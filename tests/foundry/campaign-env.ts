/**
 * The campaign world: the group-test world (a GM, three players each owning a character with a Skill, the
 * socket relay, settings, windows, the Test and group cards) with the campaign registered as init does it.
 * Foundry sends every document change to every connected client, whose hooks fire with the id of the user
 * who made the change (docs/foundry-facts.md › Server-checked writes); the stand-in's hooks fire once, as
 * the writer, so here the document hooks the campaign listens to run once per connected client, each as
 * that client. `rollTest` plays a Test through the Test dialog as a player would.
 */
import { installGroupWorld, type GroupWorld } from "./group-env";
import { chatMessages, runAsClient, state, type StandInUser } from "./documents";
import { change, click } from "./user-input";
import { idleAll, instances } from "./applications";
import { scriptedFaces, setRandom } from "./dice";
import type { GoldHackActor } from "../../src/documents/actor";

export interface CampaignWorld extends GroupWorld {
  /** The GM clicks Start a session in the scene controls. */
  startSession(): Promise<void>;
  /** `user` tests `actor`'s first Skill through the Test dialog, declaring this Intent and Ob, with these faces. */
  rollTest(user: StandInUser, actor: GoldHackActor, declared: { intent: string; task?: string; ob: number; persona?: number }, faces: number[]): Promise<ChatMessage.Implementation>;
  /** `user` clicks an action on her drawn copy of a card (Fate, Fallout). */
  clickCard(message: ChatMessage.Implementation, user: StandInUser, action: string): Promise<void>;
  /** The GM clears the chat log: every message deleted. */
  clearChat(): Promise<void>;
  session(): Record<string, unknown>;
}

const BROADCAST = new Set(["createChatMessage", "updateChatMessage", "deleteChatMessage", "updateActor", "createItem", "updateItem"]);

function broadcastDocumentHooks(): void {
  const hooks = state.hooks;
  const original = hooks.callAll.bind(hooks);
  hooks.callAll = (name: string, ...args: unknown[]): true => {
    if (!BROADCAST.has(name)) return original(name, ...args);
    for (const user of state.users.contents.filter((u) => u.active)) runAsClient(user, () => original(name, ...args));
    return true;
  };
}

export async function installCampaignWorld(lang: "en" | "es" = "en"): Promise<CampaignWorld> {
  const world = await installGroupWorld(lang);
  broadcastDocumentHooks();
  const { registerCampaign } = await import("../../src/campaign/register");
  registerCampaign();
  // The campaign's code loads on first use; loaded here once, so a test's first Test does not race the import.
  await import("../../src/campaign/campaign-api");
  await import("../../src/campaign/session-collect");
  const { goldhackTools } = await import("../../src/requests/scene-controls");
  const reload = world.reload;
  return {
    ...world,
    async reload(user) {
      await reload(user);
      const { campaignReady } = await import("../../src/campaign/register");
      await runAsClient(user, () => campaignReady());
      await world.settle();
    },
    async startSession() {
      const tool = runAsClient(world.gm, () => goldhackTools(true, 0).find((t) => t.name === "goldhackStartSession"));
      if (!tool) throw new Error("no Start a session tool");
      runAsClient(world.gm, () => tool.onChange());
      for (let i = 0; i < 200 && (game.settings?.get("goldhack", "campaignSession") as { status?: string }).status !== "running"; i++) await world.settle();
      if ((game.settings?.get("goldhack", "campaignSession") as { status?: string }).status !== "running") throw new Error("the session did not start");
    },
    async rollTest(user, actor, declared, faces) {
      const skill = actor.items.find((i) => i.type === "skill");
      if (!skill) throw new Error(`${actor.name} has no Skill`);
      const before = new Set(instances.values());
      const rolled = runAsClient(user, () => actor.rollSkill(skill.id ?? ""));
      let dialog: (typeof before extends Set<infer T> ? T : never) | undefined;
      for (let i = 0; i < 200 && !dialog; i++) {
        await idleAll();
        dialog = [...instances.values()].find((app) => !before.has(app) && app.rendered);
      }
      if (!dialog) throw new Error("no Test dialog opened");
      const field = (name: string) => dialog.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
      await change(field("intent"), declared.intent);
      await change(field("task"), declared.task ?? "");
      await change(field("ob"), String(declared.ob));
      if (declared.persona) await change(field("persona"), String(declared.persona));
      await idleAll();
      setRandom(scriptedFaces(faces));
      await click(dialog.element.querySelector('button[name="roll"]'));
      const message = await rolled;
      await world.settle();
      for (let i = 0; i < 10; i++) await idleAll(() => world.relay.idle());
      if (!message) throw new Error("no Test card");
      return message;
    },
    async clickCard(message, user, action) {
      const html = await world.draw(message, user);
      const button = html.querySelector(`[data-action="${action}"]`);
      if (!button) throw new Error(`no ${action} on the card for ${user.name}`);
      await click(button);
      for (let i = 0; i < 10; i++) await world.settle();
    },
    async clearChat() {
      for (const message of chatMessages()) await runAsClient(world.gm, () => message.delete());
      await world.settle();
    },
    session() {
      return runAsClient(world.gm, () => game.settings?.get("goldhack", "campaignSession") as Record<string, unknown>);
    },
  };
}
