/**
 * Draws group cards as their chat message's element (from the message's own render, awaited), for
 * this client's user, and wires their buttons through the one card click dispatcher. Every click asks the
 * active GM's client (the card's writer), which checks it all again.
 */
import { askGM } from "../channel";
import { systemPath } from "../constants";
import { requestCardAction } from "../dice/card-actions";
import { findTestActor } from "../dice/test-actor";
import type { TestChoice } from "../data/test-choice";
import { configuredTestDialog } from "../documents/configured";
import { type CardClickHandler, listenForCardActions } from "../dice/render-test-message";
import { GROUP_ACTION, type GroupAction, groupStateOf, lookOf, partChoicesOf } from "./group-card";
import { groupCardContext, type GroupViewer } from "./group-context";
import { type GroupState, rollRefusal } from "./group-state";
import type { ChannelReply } from "../channel";
import { showChatMessage } from "../requests/message-links";
import type { CardDrawer } from "../data/chat-message/card-message";

export const GROUP_CARD_TEMPLATE = systemPath("templates/group/group-card.hbs");

/** What this client's user sees of each part's actor. */
export function currentGroupViewer(state: GroupState): GroupViewer {
  const user = game.user ?? null;
  return { isGM: user?.isGM ?? false, parts: Object.fromEntries(state.parts.map((p) => [p.id, lookOf(p.actorUuid, user)])) };
}

const ask = (message: ChatMessage.Implementation, action: GroupAction): Promise<ChannelReply> => askGM(GROUP_ACTION, { messageId: message.id ?? "", action });
const partOf = (target: HTMLElement): string => target.dataset.part ?? "";

/**
 * Roll my part: a friendly early check here, then the test dialog for the part's actor (its Skill and Ob
 * locked as the group set them; Persona, Traits and Fallout as in a single Test), then the choice goes to
 * the GM's client, which rolls it (a Test card of its own) and lands it on the group card.
 */
export async function rollMyPart(message: ChatMessage.Implementation, partId: string): Promise<ChannelReply | null> {
  const state = groupStateOf(message);
  const user = game.user;
  if (!state || !user) return { ok: false, problem: { key: "GOLDHACK.Group.Error.NotAGroup" } };
  const part = state.parts.find((p) => p.id === partId);
  const actor = part ? findTestActor(part.actorUuid) : null;
  if (part && !actor) return { ok: false, problem: { key: "GOLDHACK.Group.Error.Gone", data: { actor: part.actorName } } };
  const early = rollRefusal(state, partId, { isGM: user.isGM, ownsActor: actor ? actor.testUserPermission(user, "OWNER") : false });
  if (early) return { ok: false, problem: early };
  if (!part || !actor) return null;
  const choice: TestChoice | null = await configuredTestDialog().prompt(actor, {
    kind: part.skillId ? "skill" : "potential",
    skillId: part.skillId,
    ob: part.ob,
    locked: { skill: true, ob: true },
    intent: state.intent,
    task: part.task,
    consequence: state.consequence,
  });
  if (!choice) return null;
  // Only her choices cross: the GM's client reads every die and Ob they add from the character.
  return ask(message, { action: "roll", partId, ...partChoicesOf(choice) });
}

/** Fate on a part, from the group card: the part's own Test card takes it (its checks, its log), and the group follows. */
async function fateOnPart(message: ChatMessage.Implementation, target: HTMLElement, die?: number): Promise<ChannelReply | null> {
  const part = groupStateOf(message)?.parts.find((p) => p.id === partOf(target));
  const test = part?.roll ? game.messages?.get(part.roll.messageId) : undefined;
  if (!test) return { ok: false, problem: { key: "GOLDHACK.Group.Error.NoPart" } };
  return requestCardAction(test, die === undefined ? { action: "spendFate" } : { action: "rerollDie", die });
}

/** The group card's actions, by `data-action`. */
export const GROUP_CARD_ACTIONS: Record<string, CardClickHandler> = {
  rollPart: (message, target) => rollMyPart(message, partOf(target)),
  // Only scrolls the chat log on this client: nothing on the card changes.
  showPartCard: async (_message, target) => {
    if (target.dataset.messageId) showChatMessage(target.dataset.messageId);
    return null;
  },
  groupFate: (message, target) => fateOnPart(message, target),
  groupReroll: (message, target) => fateOnPart(message, target, Number(target.dataset.die)),
  removePart: (message, target) => ask(message, { action: "remove", partId: partOf(target) }),
  closeGroup: (message) => ask(message, { action: "close" }),
  breakTie: (message, target) => ask(message, { action: "breakTie", partId: partOf(target) }),
  offerGroupFallout: (message) => ask(message, { action: "offerFallout" }),
  acceptGroupFallout: (message) => ask(message, { action: "answerFallout", accept: true }),
  refuseGroupFallout: (message) => ask(message, { action: "answerFallout", accept: false }),
};

/**
 * Draws a group card, as this user sees it, into its message's fresh content (once per render, before
 * renderChatMessageHTML). A card that cannot be read or drawn throws: the frame shows the damaged notice.
 */
async function drawGroupCard(message: ChatMessage.Implementation, content: HTMLElement): Promise<void> {
  const state = groupStateOf(message);
  if (!state) throw new Error("not a readable group card");
  content.innerHTML = await foundry.applications.handlebars.renderTemplate(GROUP_CARD_TEMPLATE, groupCardContext(state, message.id ?? "", currentGroupViewer(state)));
  const element = content.querySelector<HTMLElement>(".goldhack-group-card");
  if (element) listenForCardActions(message, element, GROUP_CARD_ACTIONS);
}

/** The group card's drawer. */
export const GROUP_CARD_DRAWER: CardDrawer = { claims: (message) => message.type === "group", draw: drawGroupCard };
