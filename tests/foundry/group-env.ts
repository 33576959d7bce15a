/**
 * The group-test world: the session world (a GM, three players each owning one character, the socket
 * relay, settings, DOM windows) with a Skill for each character, the Test card and the group card
 * registered as init does it, and helpers to draw a card for a user and to click through Roll my part.
 */
import { installSessionWorld, type SessionWorld } from "./session-env";
import { addItems, chatMessages, runAsClient, type StandInUser } from "./documents";
import { change, click } from "./user-input";
import { idleAll } from "./applications";
import { instances } from "./applications";
import { scriptedFaces, setRandom } from "./dice";
import type { GoldHackActor } from "../../src/documents/actor";
import type { GroupRequest } from "../../src/group/group-create";
import type { GroupState } from "../../src/group/group-state";

export interface GroupWorld extends SessionWorld {
  skills: [string, string, string];
  post(request: Omit<GroupRequest, "parts"> & { parts?: GroupRequest["parts"] }, as?: StandInUser): Promise<ChatMessage.Implementation>;
  draw(message: ChatMessage.Implementation, user: StandInUser): Promise<HTMLElement>;
  stateOf(message: ChatMessage.Implementation): GroupState;
  /**
   * The user clicks Roll my part on her drawn card; the dialog opens; she submits it with these faces to come,
   * having picked `messageMode` in its footer when given.
   */
  rollPart(message: ChatMessage.Implementation, user: StandInUser, partId: string, faces: number[], messageMode?: string, traits?: Record<string, string>): Promise<void>;
  skillOf(actor: GoldHackActor, skillId: string): { rating: number; passed: number; failed: number };
}

export async function installGroupWorld(lang: "en" | "es" = "en"): Promise<GroupWorld> {
  const world = await installSessionWorld(lang);
  (await import("../../src/dice/register")).registerDice();
  (await import("../../src/group/register")).registerGroup();
  (await import("../../src/history/memory-store")).registerMemorySetting();
  const skills: string[] = [];
  for (const [i, actor] of world.characters.entries()) {
    const [skill] = await addItems(actor, [{ type: "skill", name: ["Stealth", "Scouting", "Tracking"][i], system: { skillType: "survive", rating: 3 } }]);
    skills.push(skill?.id ?? "");
  }
  const { postGroupTest } = await import("../../src/group/group-create");
  const { groupStateOf } = await import("../../src/group/group-actions");
  const defaults = (): GroupRequest["parts"] =>
    world.characters.map((actor, i) => ({ id: `p${i}`, actorUuid: actor.uuid ?? "", skillId: skills[i] ?? null, ob: 2, task: `${actor.name}'s Task` }));
  const get = (message: ChatMessage.Implementation) => game.messages?.get(message.id ?? "") as ChatMessage.Implementation;
  const draw = async (message: ChatMessage.Implementation, user: StandInUser): Promise<HTMLElement> =>
    runAsClient(user, async () => {
      const html = await (get(message) as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
      html.dataset.user = user.id;
      for (const old of document.querySelectorAll(`.goldhack-drawn[data-user="${user.id}"]`)) old.remove();
      html.classList.add("goldhack-drawn");
      document.body.append(html);
      return html;
    });
  return {
    ...world,
    skills: skills as [string, string, string],
    async post(request, as = world.gm) {
      const reply = await runAsClient(as, () => postGroupTest({ parts: defaults(), ...request }));
      if (!reply.ok) throw new Error(reply.problem.key);
      await world.settle();
      return game.messages?.get((reply.data as { messageId: string }).messageId) as ChatMessage.Implementation;
    },
    draw,
    stateOf(message) {
      const state = groupStateOf(get(message));
      if (!state) throw new Error("not a group card");
      return state;
    },
    async rollPart(message, user, partId, faces, messageMode, traits = {}) {
      const html = await draw(message, user);
      const before = new Set(instances.values());
      click(html.querySelector(`[data-action="rollPart"][data-part="${partId}"]`));
      // The dialog's module loads on first use: wait for the window to appear.
      let dialog: (typeof before extends Set<infer T> ? T : never) | undefined;
      for (let i = 0; i < 200 && !dialog; i++) {
        await idleAll();
        dialog = [...instances.values()].find((app) => !before.has(app) && app.rendered);
      }
      if (!dialog) throw new Error("no test dialog opened");
      setRandom(scriptedFaces(faces));
      if (messageMode !== undefined) {
        const select = dialog.element.querySelector<HTMLSelectElement>('select[name="messageMode"]');
        if (!select) throw new Error("the dialog offers no message mode");
        change(select, messageMode);
        await idleAll();
      }
      for (const [id, use] of Object.entries(traits)) {
        // A Trait is a three-state chip (not used → helps → hinders): click it until it shows the use asked for.
        const chipOf = () => dialog.element.querySelector<HTMLButtonElement>(`button[data-trait="${id}"]`);
        if (!chipOf()) throw new Error(`the dialog offers no Trait ${id}`);
        for (let clicks = 0; ; clicks += 1) {
          const chip = chipOf();
          if (chip?.dataset.state === use) break;
          if (!chip || clicks === 3) throw new Error(`the Trait ${id} never shows "${use}"`);
          click(chip);
          await idleAll();
        }
      }
      const roll = dialog.element.querySelector<HTMLButtonElement>('button[name="roll"]');
      if (!roll) throw new Error("no Roll button");
      click(roll);
      await world.settle();
    },
    skillOf(actor, skillId) {
      const system = actor.items.get(skillId)?.system as unknown as { rating: number; passed: number; failed: number };
      return { rating: system.rating, passed: system.passed, failed: system.failed };
    },
  };
}

export { chatMessages };
