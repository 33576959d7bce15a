/**
 * Our cards as other modules meet them (issue 28 item 3, issue 26 item 6). Foundry's chat log renders each
 * message through `renderHTML`, and other modules extend it in `renderChatMessageHTML` (docs/foundry-facts.md
 * › "A message's data model renders it"). Here a stand-in third-party module adds a badge to every message in
 * that hook, two clients keep a chat log each (chat-log.ts), and every card is clicked through its actions:
 * the badge must be on every card after every action and re-render, on both clients. Also: a Test card is
 * drawn exactly once per render, and a card that fails to draw, for any reason, shows the damaged-card
 * notice in the reader's language and never makes the render throw.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import { installChatLog, type StandInChatLog } from "./chat-log";
import { chatMessages, runAsClient, type StandInUser } from "./documents";
import { scriptedFaces, setRandom } from "./dice";
import { idleAll, instances } from "./applications";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { click } from "./user-input";

type Message = ChatMessage.Implementation;
const BADGE = "third-party-badge";

let w: GroupWorld;
let logs: { gm: StandInChatLog; player: StandInChatLog };
let RollClass: typeof GoldHackRoll;

/** A module that marks every message it is shown, as many do (a button, an icon, a tag). */
function installThirdPartyModule(): void {
  Hooks.on("renderChatMessageHTML", (_message: unknown, html: HTMLElement) => {
    const badge = html.ownerDocument.createElement("span");
    badge.className = BADGE;
    html.querySelector(".message-content")?.append(badge);
  });
}

async function setUp(lang: "en" | "es" = "en"): Promise<void> {
  w = await installGroupWorld(lang);
  (await import("../../src/requests/register")).registerRequests();
  (await import("../../src/downtime/register")).registerDowntime();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  installThirdPartyModule();
  logs = { gm: installChatLog(w.gm), player: installChatLog(w.players[0]) };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) {
    await w.settle();
    await logs.gm.idle();
    await logs.player.idle();
  }
};

/** Every message in both logs carries the module's badge, inside its content, once. */
function expectBadgesEverywhere(): void {
  const ids = chatMessages().map((m) => m.id ?? "");
  expect(ids.length).toBeGreaterThan(0);
  for (const log of [logs.gm, logs.player]) {
    for (const id of ids) {
      const card = log.card(id);
      expect(card, `message ${id} in ${log.element.dataset.user}'s log`).not.toBeNull();
      expect(card?.querySelectorAll(`.message-content > .${BADGE}`)).toHaveLength(1);
    }
  }
}

const cardIn = (log: StandInChatLog, message: Message): HTMLElement => {
  const card = log.card(message.id ?? "");
  if (!card) throw new Error(`message ${message.id} is not in the log`);
  return card;
};

const choice = (overrides: Partial<TestChoice> = {}): TestChoice => ({
  kind: "skill", actorUuid: w.characters[0].uuid ?? "", skillId: w.skills[0], skillName: "Stealth", rating: 3, potential: 4, ob: 3, magic: false, persona: 0, modifiers: [], ...overrides,
});

async function rollAs(user: StandInUser, faces: number[], overrides: Partial<TestChoice> = {}): Promise<Message> {
  setRandom(scriptedFaces(faces));
  const message = await runAsClient(user, () => RollClass.rollTest(choice(overrides)));
  if (!message) throw new Error("no card");
  await settle();
  return message;
}

/** Clicks a button that opens the Test dialog, and rolls it with these faces. */
async function clickAndRoll(button: Element | null, faces: number[]): Promise<void> {
  if (!button) throw new Error("no such button on the card");
  const before = new Set(instances.values());
  void click(button);
  let dialog: (typeof before extends Set<infer T> ? T : never) | undefined;
  // The dialog's module loads on first use: wait for its window (generously, for a loaded machine).
  for (let i = 0; i < 2000 && !dialog; i++) {
    await idleAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    dialog = [...instances.values()].find((app) => !before.has(app) && app.rendered);
  }
  if (!dialog) throw new Error("no test dialog opened");
  setRandom(scriptedFaces(faces));
  await click(dialog.element.querySelector('button[name="roll"]'));
  await settle();
}

describe("a third-party module's additions to our cards", () => {
  beforeEach(async () => setUp());

  it("stay on a Test card through Fate, the view toggle, the Fallout offer and its answer, on every client", async () => {
    await runAsClient(w.gm, () => w.characters[0].update({ system: { fate: { value: 3 } } } as never));
    const fate = await rollAs(w.players[0], [6, 1, 1]);
    expectBadgesEverywhere();
    await click(cardIn(logs.player, fate).querySelector('[data-action="spendFate"]'));
    await settle();
    // The card changed (Fate is spent) and was drawn again, with the badge.
    expect(cardIn(logs.player, fate).querySelector('[data-action="spendFate"]')).toBeNull();
    expectBadgesEverywhere();

    const magic = await rollAs(w.players[0], [5, 1, 4], { magic: true });
    await click(cardIn(logs.player, magic).querySelector('[data-action="showAllDice"]'));
    await settle();
    expect(cardIn(logs.player, magic).querySelector('[data-action="showAllDice"]')?.getAttribute("aria-pressed")).toBe("true");
    expectBadgesEverywhere();

    const failed = await rollAs(w.players[0], [1, 1, 1]);
    await click(cardIn(logs.gm, failed).querySelector('[data-action="offerFallout"]'));
    await settle();
    await click(cardIn(logs.player, failed).querySelector('[data-action="acceptFallout"]'));
    await settle();
    expect(w.characters[0].items.contents.some((i) => i.type === "fallout")).toBe(true);
    expectBadgesEverywhere();
  });

  it("stay on a group card and its parts' cards through Roll my part and Close", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past the watch", consequence: "Spotted" });
    await settle();
    expectBadgesEverywhere();
    await clickAndRoll(cardIn(logs.player, card).querySelector('[data-action="rollPart"][data-part="p0"]'), [4, 5, 6]);
    expect(w.stateOf(card).parts[0]?.roll).toBeTruthy();
    expectBadgesEverywhere();
    await click(cardIn(logs.gm, card).querySelector('[data-action="closeGroup"]'));
    await settle();
    expect(w.stateOf(card).status).toBe("closed");
    expectBadgesEverywhere();
  });

  it("stay on a request card through its roll and answer", async () => {
    const { createRequest } = await import("../../src/requests/request-state");
    const { postRequestCard, requestCardOf } = await import("../../src/requests/request-messages");
    const made = createRequest({ uuid: w.characters[0].uuid ?? "", name: w.characters[0].name }, {
      skill: { kind: "skill", id: w.skills[0], name: "Stealth" }, ob: 2, intent: "Slip past", task: "Creep", consequence: "Seen", allowSkillChange: false, allowObChange: false,
    });
    if (!made.ok) throw new Error("invalid request");
    const card = await runAsClient(w.gm, () => postRequestCard(made.value));
    if (!card) throw new Error("no request card");
    await settle();
    expectBadgesEverywhere();
    await clickAndRoll(cardIn(logs.player, card).querySelector('[data-action="rollRequest"]'), [4, 4, 1]);
    expect(requestCardOf(game.messages?.get(card.id ?? "") as Message)?.status).toBe("answered");
    expectBadgesEverywhere();
  });

  it("stay on a GM's downtime summary when it is drawn again", async () => {
    const summary = { id: "d1", status: "applied", participants: [], span: { unit: "month", count: 6 }, cycleUnits: {}, result: { participants: [] } };
    const message = await runAsClient(w.gm, () => ChatMessage.create({ content: "<p>as posted</p>", flags: { goldhack: { downtimeSummary: summary } } } as ChatMessage.CreateData));
    await settle();
    // Drawn from its data, not its stored content.
    expect(cardIn(logs.player, message as Message).querySelector(".message-content")?.innerHTML).not.toContain("as posted");
    expectBadgesEverywhere();
    await runAsClient(w.gm, () => (message as unknown as { update(d: object): Promise<unknown> }).update({ "flags.other-module.seen": true }));
    await settle();
    expectBadgesEverywhere();
  });
});

describe("drawing a Test card", () => {
  beforeEach(async () => setUp());

  it("draws it exactly once per render", async () => {
    const message = await rollAs(w.players[0], [6, 1, 1, 1]);
    const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate(path: string, data: unknown): Promise<string> } } } }).foundry.applications.handlebars;
    const real = handlebars.renderTemplate.bind(handlebars);
    let drawn = 0;
    handlebars.renderTemplate = async (path, data) => {
      if (path.endsWith("templates/chat/test-card.hbs")) drawn += 1;
      return real(path, data);
    };
    try {
      for (const user of [w.players[0], w.gm]) {
        drawn = 0;
        const html = await runAsClient(user, () => (game.messages?.get(message.id ?? "") as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML());
        expect(html.querySelectorAll(".goldhack-test-card")).toHaveLength(1);
        expect(drawn).toBe(1);
      }
    } finally {
      handlebars.renderTemplate = real;
    }
  });
});

describe.each(["en", "es"] as const)("a card that cannot be drawn (%s)", (lang) => {
  beforeEach(async () => setUp(lang));
  const damaged = (): string => (JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as { GOLDHACK: { Chat: { Damaged: string } } }).GOLDHACK.Chat.Damaged;
  const render = (message: Message, user: StandInUser = w.players[0]): Promise<HTMLElement> =>
    runAsClient(user, () => (game.messages?.get(message.id ?? "") as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML());
  const expectDamaged = (html: HTMLElement): void => {
    expect(html.querySelector(".message-content")?.textContent?.trim()).toBe(damaged());
    expect(html.querySelectorAll(".message-content [data-action]")).toHaveLength(0);
  };

  it("shows the damaged notice for a Test card whose stored choice is damaged, and the log still draws it", async () => {
    const message = await rollAs(w.players[0], [6, 1, 1, 1]);
    const roll = JSON.parse(JSON.stringify(message.rolls[0])) as { options: { goldhack: { choice: unknown } } };
    roll.options.goldhack.choice = null;
    await runAsClient(w.gm, () => message.update({ rolls: [JSON.stringify(roll)] } as never));
    await settle();
    expectDamaged(await render(message));
    expectDamaged(cardIn(logs.player, message));
  });

  it("shows the damaged notice when a card's template fails to draw, for every card of ours", async () => {
    const test = await rollAs(w.players[0], [6, 1, 1, 1]);
    const group = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    const { createRequest } = await import("../../src/requests/request-state");
    const { postRequestCard } = await import("../../src/requests/request-messages");
    const made = createRequest({ uuid: w.characters[0].uuid ?? "", name: w.characters[0].name }, {
      skill: { kind: "skill", id: w.skills[0], name: "Stealth" }, ob: 2, intent: "Slip past", task: "Creep", consequence: "", allowSkillChange: false, allowObChange: false,
    });
    if (!made.ok) throw new Error("invalid request");
    const request = await runAsClient(w.gm, () => postRequestCard(made.value));
    const summary = await runAsClient(w.gm, () =>
      ChatMessage.create({ content: "", flags: { goldhack: { downtimeSummary: { id: "d1", status: "applied", participants: [], span: { unit: "month", count: 6 }, cycleUnits: {}, result: { participants: [] } } } } } as ChatMessage.CreateData),
    );
    await settle();
    const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate(path: string, data: unknown): Promise<string> } } } }).foundry.applications.handlebars;
    const real = handlebars.renderTemplate.bind(handlebars);
    // Any card template throwing (a broken helper, a missing partial): only the damaged notice still draws.
    handlebars.renderTemplate = async (path, data) => {
      if (!path.endsWith("templates/chat/damaged-card.hbs")) throw new TypeError(`cannot draw ${path}`);
      return real(path, data);
    };
    try {
      for (const message of [test, group, request, summary] as Message[]) expectDamaged(await render(message));
    } finally {
      handlebars.renderTemplate = real;
    }
  });
});
