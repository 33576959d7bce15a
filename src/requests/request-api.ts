/**
 * What a user does with requests: the GM requests a Test from one or more characters, a player proposes
 * one, the GM sets the Skill and Ob of a proposal. Each opens the request form, checks what was
 * entered with the pure functions, and posts or updates the card. SRD: Tests › 1) and 2)
 */
import { promptRequestForm } from "./request-dialog";
import { askGM, type ChannelReply, readPayload, refusal } from "../channel";
import { PROPOSAL_ANSWER_SCHEMA } from "./request-schemas";
import { warn } from "../documents/notify";
import type { Problem } from "../rules";
import { initialFormValues, readProposalForm, readRequestForm, type FormActor, type RequestFormValues } from "./request-form";
import { PROPOSAL_ACTION } from "./request-actions";
import { postRequestCard, requestCardOf } from "./request-messages";
import { answerProposal, createProposal, createRequest, type RequestCard, type RequestInput } from "./request-state";

/** An actor as the request form reads it. */
export function formActor(actor: Actor.Implementation): FormActor {
  const skills = actor.items
    .filter((item) => item.type === "skill")
    .map((item) => {
      const type = (item.system as { skillType?: unknown }).skillType;
      return { id: item.id ?? "", name: item.name, ...(typeof type === "string" && type ? { type } : {}) };
    });
  return { uuid: actor.uuid, name: actor.name, skills: skills.filter((s) => s.id) };
}

/** The actors of the tokens this user controls, once each. */
function controlledActors(): Actor.Implementation[] {
  const tokens = canvas?.ready ? (canvas.tokens?.controlled ?? []) : [];
  const actors = tokens.map((token) => token.actor).filter((actor): actor is Actor.Implementation => actor !== null);
  return [...new Map(actors.map((actor) => [actor.uuid, actor])).values()];
}

/** The world's actors, as our document class (CONFIG.Actor.documentClass builds them all). */
const worldActors = (): Actor.Implementation[] => (game.actors?.contents ?? []) as Actor.Implementation[];

/** Characters some player owns: who a GM usually asks. */
function playerCharacters(): Actor.Implementation[] {
  return worldActors().filter((actor) => actor.type === "character" && actor.hasPlayerOwner);
}

const unique = (actors: readonly Actor.Implementation[]): Actor.Implementation[] => [...new Map(actors.map((a) => [a.uuid, a])).values()];

/**
 * GM: opens the request form for these actors (default: the controlled tokens'), with the players'
 * characters offered too, and posts one request card per actor ticked. `prefill` opens the form with a
 * Skill name and Ob already entered (an inline `[[/request …]]` link). Returns the cards posted.
 */
export async function requestTest(actors?: readonly Actor.Implementation[], prefill: Partial<Pick<RequestFormValues, "skill" | "ob">> = {}): Promise<ChatMessage.Implementation[]> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Request.Error.NotGM");
    return [];
  }
  const chosen = actors ? [...actors] : controlledActors();
  const candidates = unique([...chosen, ...playerCharacters()]).map(formActor);
  const selected = chosen.map((actor) => actor.uuid);
  let group: { values: RequestFormValues; requests: { actor: FormActor; input: RequestInput }[] } | null = null;
  const cards = await promptRequestForm("request", candidates, initialFormValues(candidates.filter((a) => selected.includes(a.uuid)), { ...prefill, actors: selected }), (values) => {
    const read = readRequestForm(values, candidates);
    if (!read.ok) return read;
    // "As one group Test": the group's start dialog takes over, prefilled (src/group/).
    if (values.asGroup) {
      group = { values, requests: read.requests };
      return { ok: true as const, value: [] };
    }
    const made: RequestCard[] = [];
    for (const { actor, input } of read.requests) {
      const card = createRequest(actor, input);
      if (!card.ok) return { ok: false as const, problems: card.problems };
      made.push(card.value);
    }
    return { ok: true as const, value: made };
  });
  if (group) return startGroupFromRequest(group);
  if (!cards) return [];
  const posted: ChatMessage.Implementation[] = [];
  for (const card of cards) {
    const message = await postRequestCard(card);
    if (message) posted.push(message);
  }
  return posted;
}

/** Opens the group Test dialog for the request's actors, with its declaration, Skill and Ob filled in. */
async function startGroupFromRequest(group: { values: RequestFormValues; requests: { actor: FormActor; input: RequestInput }[] }): Promise<ChatMessage.Implementation[]> {
  const actors = group.requests.flatMap(({ actor }) => {
    const found = fromUuidSync(actor.uuid as Parameters<typeof fromUuidSync>[0]);
    return found instanceof Actor ? [found as Actor.Implementation] : [];
  });
  const first = group.requests[0]?.input;
  const skills = Object.fromEntries(group.requests.map(({ actor, input }) => [actor.uuid, input.skill.id]));
  // Those who lack the requested Skill test Potential to learn it, as a single request would have them.
  const learn = Object.fromEntries(
    group.requests.flatMap(({ actor, input }) => (input.skill.kind === "potential" && input.skill.name ? [[actor.uuid, { name: input.skill.name, ...(input.skill.type ? { type: input.skill.type } : {}) }]] : [])),
  );
  const message = await game.goldhack?.startGroupTest?.(actors, { intent: group.values.intent, consequence: group.values.consequence, task: group.values.task, ob: first?.ob ?? 1, skills, learn });
  return message ? [message] : [];
}

/** Actors this user may propose a Test for: the one given, else their character, the controlled ones, or all they own. */
function proposers(actor?: Actor.Implementation): Actor.Implementation[] {
  if (actor) return [actor];
  const user = game.user;
  const owned = (candidates: readonly Actor.Implementation[]): Actor.Implementation[] => candidates.filter((a) => (user ? a.testUserPermission(user, "OWNER") : false));
  const controlled = owned(controlledActors());
  if (controlled.length) return controlled;
  const character = user?.character;
  if (character) return [character];
  return owned(worldActors().filter((a) => a.type === "character"));
}

/** Player (or GM): proposes a Test, an Intent and a Task, for the GM to answer with Skill and Ob. */
export async function proposeTest(actor?: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  const user = game.user;
  const candidates = proposers(actor).filter((a) => (user ? a.testUserPermission(user, "OWNER") : false));
  if (candidates.length === 0) {
    warn("GOLDHACK.Request.Error.NoOwnedActor");
    return null;
  }
  const actors = candidates.map(formActor);
  const card = await promptRequestForm("propose", actors, initialFormValues(actors.slice(0, 1)), (values) => {
    const read = readProposalForm(values, actors);
    if (!read.ok) return read;
    const made = createProposal(read.actor, read);
    return made.ok ? made : { ok: false as const, problems: made.problems };
  });
  return card ? postRequestCard(card) : null;
}

export { PROPOSAL_ACTION } from "./request-actions";

/**
 * GM: answers a proposal card with a Skill and an Ob (and may reword it or add the consequence). The
 * active GM posts the answer as a request card of its own (so its state is a GM's) and removes the
 * player's proposal. False when refused or closed.
 */
export async function answerProposalCard(message: ChatMessage.Implementation): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Request.Error.NotGM");
    return false;
  }
  const card = requestCardOf(message);
  if (!card || card.status !== "proposed") {
    warn("GOLDHACK.Request.Error.NotProposed");
    return false;
  }
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  if (!(actor instanceof Actor)) {
    warn("GOLDHACK.Request.Error.NoActor");
    return false;
  }
  const actors = [formActor(actor as Actor.Implementation)];
  const initial = initialFormValues(actors, { intent: card.intent, task: card.task });
  const input = await promptRequestForm("answer", actors, initial, (values) => {
    const read = readRequestForm(values, actors);
    if (!read.ok) return read;
    const first = read.requests[0];
    if (!first) return { ok: false as const, problems: [{ key: "GOLDHACK.Request.Error.NoActor" } satisfies Problem] };
    const next = answerProposal(requestCardOf(message) ?? card, first.input);
    return next.ok ? { ok: true as const, value: first.input } : { ok: false as const, problems: next.problems };
  });
  if (!input) return false;
  const reply = await askGM(PROPOSAL_ACTION, { messageId: message.id ?? "", input });
  if (!reply.ok) warn(reply.problem.key, reply.problem.data);
  return reply.ok;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Reads a RequestInput from untrusted data; null if it is not one (answerProposal checks the values). */
function parseInput(value: unknown): RequestInput | null {
  if (!isRecord(value) || !isRecord(value.skill)) return null;
  const { skill } = value;
  const kind = skill.kind === "skill" || skill.kind === "potential" ? skill.kind : null;
  if (!kind || typeof value.ob !== "number") return null;
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  return {
    skill: { kind, id: typeof skill.id === "string" ? skill.id : null, name: text(skill.name), ...(typeof skill.type === "string" && skill.type ? { type: skill.type } : {}) },
    ob: value.ob,
    intent: text(value.intent),
    task: text(value.task),
    consequence: text(value.consequence),
    allowSkillChange: value.allowSkillChange === true,
    allowObChange: value.allowObChange === true,
  };
}

/** The active GM's side: `sender` must be a GM; the proposal must still be open to an answer. */
export async function handleProposalAnswer(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return refusal("GOLDHACK.Request.Error.NotGM");
  const read = readPayload(PROPOSAL_ANSWER_SCHEMA, payload);
  if (!read.ok) return { ok: false, problem: read.problem };
  const { messageId } = read.value;
  const input = parseInput(read.value.input);
  const message = game.messages?.get(messageId);
  const card = message ? requestCardOf(message) : null;
  if (!message || !card) return refusal("GOLDHACK.Request.Error.NotFound");
  if (!input) return refusal("GOLDHACK.Request.Error.Skill");
  const next = answerProposal(card, input);
  if (!next.ok) {
    const [first] = next.problems;
    return first ? { ok: false, problem: first } : refusal("GOLDHACK.Request.Error.NotProposed");
  }
  const posted = await postRequestCard(next.value);
  if (!posted) return refusal("GOLDHACK.Chat.Error.Unknown");
  await message.delete();
  return { ok: true, data: { messageId: posted.id ?? "" } };
}
