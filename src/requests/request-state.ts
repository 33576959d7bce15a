/**
 * A request card's data and its life: the GM requests a Test (or a player proposes one and the GM sets
 * its Skill and Ob), the owning player rolls it, the card links to that roll once. Pure: no Foundry
 * globals; the card lives in a ChatMessage of type "request" (0.1.0 cards: in its flags) and every step
 * is checked here.
 * SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The Skill & The Obstacle
 */
import type { TestKind, TestRequest } from "../data/test-choice";
import type { Problem } from "../rules";

/** proposed: a player's Intent and Task awaiting the GM; open: ready to roll; answered: rolled once. */
export type RequestStatus = "proposed" | "open" | "answered";

/** What is tested: a Skill by id, or Potential (untrained, optionally to learn a Skill by name). */
export interface RequestedSkill {
  kind: Extract<TestKind, "skill" | "potential">;
  /** The Skill's id on the actor; null for Potential. */
  id: string | null;
  /** The Skill's name, or for Potential the Skill it may teach ("" for plain Potential). */
  name: string;
  /** For Potential to learn a Skill: that Skill's Type (a CONFIG.GOLDHACK.skillTypes key), when the GM's pick gave one. */
  type?: string;
}

/** The roll that answered a request. */
export interface RequestAnswer {
  messageId: string;
  userId: string;
  passed: boolean;
  timestamp: number;
}

/** A request card: a "request" message's `system` (0.1.0: `flags.goldhack.request`). */
export interface RequestCard {
  /** Who started it: the GM's request, or a player's proposal. */
  origin: "request" | "proposal";
  status: RequestStatus;
  actorUuid: string;
  actorName: string;
  /** null until the GM answers a proposal. */
  skill: RequestedSkill | null;
  ob: number | null;
  intent: string;
  task: string;
  /** What failing will cost, as the GM says. */
  consequence: string;
  /** What the player may not change when rolling. */
  locked: { skill: boolean; ob: boolean };
  answer: RequestAnswer | null;
}

/** The most a declared text keeps: a line, not an essay. */
export const MAX_DECLARED_LENGTH = 200;
/** Highest Ob a request accepts: a guard for the interface, not a rule. */
export const MAX_REQUEST_OB = 99;

/** The GM's choices for a request (or the answer to a proposal). */
export interface RequestInput {
  skill: RequestedSkill;
  ob: number;
  intent: string;
  task: string;
  consequence: string;
  /** The player may change these when rolling. */
  allowSkillChange: boolean;
  allowObChange: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

const clean = (text: string): string => text.replace(/\s+/g, " ").trim();

function textProblems(fields: Record<string, string>): Problem[] {
  const tooLong = Object.values(fields).some((value) => value.length > MAX_DECLARED_LENGTH);
  return tooLong ? [{ key: "GOLDHACK.Request.Error.TooLong", data: { max: MAX_DECLARED_LENGTH } }] : [];
}

function obProblems(ob: number): Problem[] {
  if (!Number.isSafeInteger(ob) || ob < 1 || ob > MAX_REQUEST_OB) return [{ key: "GOLDHACK.Request.Error.Ob", data: { max: MAX_REQUEST_OB } }];
  return [];
}

function skillProblems(skill: RequestedSkill): Problem[] {
  const fine = skill.kind === "skill" ? typeof skill.id === "string" && skill.id !== "" : skill.id === null;
  return fine ? [] : [{ key: "GOLDHACK.Request.Error.Skill" }];
}

/** The set parts of a request: Skill, Ob, declaration and locks, checked and tidied. */
function settled(input: RequestInput): Checked<Pick<RequestCard, "skill" | "ob" | "intent" | "task" | "consequence" | "locked">> {
  const intent = clean(input.intent);
  const task = clean(input.task);
  const consequence = clean(input.consequence);
  const problems = [...skillProblems(input.skill), ...obProblems(input.ob), ...textProblems({ intent, task, consequence })];
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: {
      skill: { kind: input.skill.kind, id: input.skill.id, name: clean(input.skill.name), ...(input.skill.kind === "potential" && input.skill.type ? { type: input.skill.type } : {}) },
      ob: input.ob,
      intent,
      task,
      consequence,
      locked: { skill: !input.allowSkillChange, ob: !input.allowObChange },
    },
  };
}

/**
 * The card with the Type of the Skill it would teach fixed: an untrained request naming a Skill and no
 * Type takes `defaultType`. Any other card is returned unchanged.
 */
export function withLearningType(card: RequestCard, defaultType: string): RequestCard {
  const skill = card.skill;
  if (!skill || skill.kind !== "potential" || !skill.name || skill.type || !defaultType) return card;
  return { ...card, skill: { ...skill, type: defaultType } };
}

/** A GM's request to one actor, ready to post. Intent, Task and consequence may be blank (prompted, not required). */
export function createRequest(actor: { uuid: string; name: string }, input: RequestInput): Checked<RequestCard> {
  const parts = settled(input);
  if (!parts.ok) return parts;
  return { ok: true, value: { origin: "request", status: "open", actorUuid: actor.uuid, actorName: actor.name, ...parts.value, answer: null } };
}

/** A player's proposal: an Intent and a Task (both needed: they are all it says) for the GM to answer. */
export function createProposal(actor: { uuid: string; name: string }, declared: { intent: string; task: string }): Checked<RequestCard> {
  const intent = clean(declared.intent);
  const task = clean(declared.task);
  const problems: Problem[] = [];
  if (!intent) problems.push({ key: "GOLDHACK.Request.Error.IntentBlank" });
  if (!task) problems.push({ key: "GOLDHACK.Request.Error.TaskBlank" });
  problems.push(...textProblems({ intent, task }));
  if (problems.length) return { ok: false, problems };
  const card: RequestCard = {
    origin: "proposal",
    status: "proposed",
    actorUuid: actor.uuid,
    actorName: actor.name,
    skill: null,
    ob: null,
    intent,
    task,
    consequence: "",
    locked: { skill: true, ob: true },
    answer: null,
  };
  return { ok: true, value: card };
}

/** The GM's answer to a proposal: the card becomes an open request (the GM may reword Intent and Task). */
export function answerProposal(card: RequestCard, input: RequestInput): Checked<RequestCard> {
  if (card.status !== "proposed") return { ok: false, problems: [{ key: "GOLDHACK.Request.Error.NotProposed" }] };
  const parts = settled(input);
  if (!parts.ok) return parts;
  return { ok: true, value: { ...card, ...parts.value, status: "open" } };
}

/** What the test dialog opens with for this card: locked Skill and Ob, the declaration, the card's id. */
export function testRequestFor(card: RequestCard, requestId: string): TestRequest | null {
  if (card.status !== "open" || !card.skill || card.ob === null) return null;
  const skill = card.skill;
  return {
    kind: skill.kind,
    skillId: skill.kind === "skill" ? skill.id : null,
    ...(skill.kind === "potential" && skill.name ? { learnSkillName: skill.name } : {}),
    ...(skill.kind === "potential" && skill.name && skill.type ? { learnSkillType: skill.type } : {}),
    ob: card.ob,
    locked: { ...card.locked },
    ...(card.intent ? { intent: card.intent } : {}),
    ...(card.task ? { task: card.task } : {}),
    ...(card.consequence ? { consequence: card.consequence } : {}),
    requestId,
  };
}

/** The parts of a rolled Test that an answer is checked against (read from the roll's own options). */
export interface RolledTest {
  requestId: string | undefined;
  actorUuid: string;
  kind: TestKind;
  skillId: string | null;
  /** Potential: the Skill it would teach ("" or absent: none) and that Skill's Type. */
  learnSkillName?: string;
  learnSkillType?: string;
  ob: number;
  passed: boolean;
}

/** Who answers: the roll message's author, and whether they own the card's actor now. */
export interface Answerer {
  userId: string;
  ownsActor: boolean;
}

/**
 * Why a roll may not answer this card, or null when it may: the card must be open, the roll made for
 * it by someone who owns its actor, with the locked Skill and Ob. The GM runs this again before writing.
 */
export function answerProblem(card: RequestCard, requestId: string, rolled: RolledTest, answerer: Answerer, defaultType = ""): Problem | null {
  if (card.status === "answered") return { key: "GOLDHACK.Request.Error.AlreadyAnswered", data: { actor: card.actorName } };
  if (card.status !== "open" || !card.skill || card.ob === null) return { key: "GOLDHACK.Request.Error.NotOpen" };
  if (rolled.requestId !== requestId || rolled.actorUuid !== card.actorUuid) return { key: "GOLDHACK.Request.Error.OtherTest" };
  if (!answerer.ownsActor) return { key: "GOLDHACK.Request.Error.NotOwner", data: { actor: card.actorName } };
  if (card.locked.skill) {
    const sameSkill = card.skill.kind === "skill" ? rolled.kind === "skill" && rolled.skillId === card.skill.id : rolled.kind === "potential" && rolled.skillId === null;
    if (!sameSkill) return { key: "GOLDHACK.Request.Error.SkillChanged" };
    // An untrained Test teaches what the GM named, of the Type the GM's pick had (the dialog locks both).
    if (card.skill.kind === "potential" && !sameLearning(card.skill, rolled, defaultType)) return { key: "GOLDHACK.Request.Error.LearnChanged" };
  }
  if (card.locked.ob && rolled.ob !== card.ob) return { key: "GOLDHACK.Request.Error.ObChanged", data: { ob: card.ob } };
  return null;
}

const folded = (text: string | undefined): string => (text ?? "").trim().toLowerCase();

/**
 * Whether a Potential roll would teach the Skill the card names, as the card's Type. A card posted
 * before the Type was fixed on it (none stored) means the default Type; so does a roll naming none
 * (that is the Type it teaches).
 */
function sameLearning(skill: RequestedSkill, rolled: RolledTest, defaultType: string): boolean {
  if (folded(rolled.learnSkillName) !== folded(skill.name)) return false;
  if (!skill.name) return true;
  const wanted = skill.type || defaultType;
  return !wanted || (rolled.learnSkillType || defaultType) === wanted;
}

/** The card once answered: it keeps the roll's link and never takes another. */
export function answeredCard(card: RequestCard, rollMessageId: string, rolled: RolledTest, answerer: Answerer, timestamp: number): RequestCard {
  return { ...card, status: "answered", answer: { messageId: rollMessageId, userId: answerer.userId, passed: rolled.passed, timestamp } };
}

/**
 * The card once the roll that answered it came out otherwise (Fate turned it): the answer shows the new
 * outcome. Null when nothing changes: the card is not answered by that roll, or already shows it.
 */
export function revisedAnswerCard(card: RequestCard, rollMessageId: string, passed: boolean): RequestCard | null {
  if (card.status !== "answered" || !card.answer || card.answer.messageId !== rollMessageId || card.answer.passed === passed) return null;
  return { ...card, answer: { ...card.answer, passed } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === "string" ? value : "");

function parseSkill(value: unknown): RequestedSkill | null {
  if (!isRecord(value)) return null;
  if (value.kind === "skill" && typeof value.id === "string" && value.id) return { kind: "skill", id: value.id, name: str(value.name) };
  if (value.kind === "potential") return { kind: "potential", id: null, name: str(value.name) };
  return null;
}

function parseAnswer(value: unknown): RequestAnswer | null {
  if (!isRecord(value) || typeof value.messageId !== "string" || !value.messageId) return null;
  return { messageId: value.messageId, userId: str(value.userId), passed: value.passed === true, timestamp: typeof value.timestamp === "number" ? value.timestamp : 0 };
}

/** A card read back from message flags, or null when the flags do not hold one. */
export function parseRequestCard(value: unknown): RequestCard | null {
  if (!isRecord(value)) return null;
  const origin = value.origin === "request" || value.origin === "proposal" ? value.origin : null;
  const status = value.status === "proposed" || value.status === "open" || value.status === "answered" ? value.status : null;
  if (!origin || !status || typeof value.actorUuid !== "string" || !value.actorUuid) return null;
  const ob = typeof value.ob === "number" && Number.isSafeInteger(value.ob) && value.ob >= 1 ? value.ob : null;
  const skill = parseSkill(value.skill);
  const answer = parseAnswer(value.answer);
  // A card that claims a state it lacks the data for is not trusted as that state.
  if (status !== "proposed" && (skill === null || ob === null)) return null;
  if (status === "answered" && answer === null) return null;
  const locked = isRecord(value.locked) ? value.locked : {};
  return {
    origin,
    status,
    actorUuid: value.actorUuid,
    actorName: str(value.actorName),
    skill,
    ob,
    intent: str(value.intent),
    task: str(value.task),
    consequence: str(value.consequence),
    locked: { skill: locked.skill !== false, ob: locked.ob !== false },
    answer: status === "answered" ? answer : null,
  };
}
