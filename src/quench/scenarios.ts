/**
 * The in-world scenarios: one session's worth of play driven through the system's public entry points,
 * as a GM. The same functions run in a live world (the Quench batch, src/quench/batch.ts) and in CI
 * against the project's stand-ins (tests/foundry/quench-scenarios.test.ts). Each takes a small
 * assert-like interface, so neither Quench's chai nor vitest's expect is needed here.
 *
 * Dice are scripted through CONFIG.Dice.randomUniform, the source Foundry's dice read; which end of
 * [0, 1) gives a six is measured once on a plain d6 rather than assumed. Everything made is recorded
 * and deleted by {@link ScenarioRun.cleanup}, which a batch calls from its `after` hook.
 */
import type { GoldHackActor } from "../documents/actor";
import { TEST_CARD_ACTIONS } from "../hooks/render-chat-message";
import { GoldHackRoll } from "../dice/goldhack-roll";
import { testCardOf } from "../dice/test-card-state";
import { formActor } from "../requests/request-api";
import { rollFromRequest } from "../requests/request-answer";
import { postRequestCard, requestCardOf } from "../requests/request-messages";
import { createRequest } from "../requests/request-state";
import { SCENARIO_TITLES } from "./titles";

/** What a scenario asserts with: chai's `assert` and a thin wrapper of vitest's `expect` both fit. */
export interface ScenarioAssert {
  ok(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
}

/** The example character the scenarios import. */
export const EXAMPLE_PACK = "goldhack.characters-en";
/** Put in front of the names of what the scenarios make, so a leftover is easy to spot. */
export const MADE_PREFIX = "[goldhack test]";

type Message = ChatMessage.Implementation;
type Random = () => number;

/** One run's shared state: the character, the dice source, and what to delete at the end. */
export class ScenarioRun {
  actor: GoldHackActor | null = null;
  readonly #messageIds = new Set<string>();
  readonly #actorIds = new Set<string>();
  #hook: number | null = null;
  #random: Random | null = null;
  #sixHigh = true;

  /** Starts recording the chat messages this user creates (cards, notices, request cards). */
  async start(): Promise<void> {
    const userId = game.user?.id;
    this.#hook = Hooks.on("createChatMessage", (message: Message, _options: unknown, author: string) => {
      if (author === userId && message.id) this.#messageIds.add(message.id);
    });
    this.#random = CONFIG.Dice.randomUniform;
    this.#sixHigh = await this.#measureSix();
  }

  /** Deletes everything recorded, newest first; safe to call twice and after a failure. */
  async cleanup(): Promise<void> {
    if (this.#random) CONFIG.Dice.randomUniform = this.#random;
    if (this.#hook !== null) Hooks.off("createChatMessage", this.#hook);
    this.#hook = null;
    for (const id of [...this.#messageIds].reverse()) await game.messages?.get(id)?.delete();
    this.#messageIds.clear();
    for (const id of this.#actorIds) await game.actors?.get(id)?.delete();
    this.#actorIds.clear();
    this.actor = null;
  }

  recordActor(actor: Actor.Implementation): void {
    if (actor.id) this.#actorIds.add(actor.id);
  }

  /** The dice that follow show these faces, in order; every die after them shows a 1. */
  scriptFaces(faces: readonly number[]): void {
    const queue = [...faces];
    // A face f is drawn by a value inside its sixth of [0, 1): from the top or the bottom, as measured.
    const value = (face: number): number => (this.#sixHigh ? (face - 0.5) / 6 : (6.5 - face) / 6);
    CONFIG.Dice.randomUniform = () => value(queue.shift() ?? 1);
  }

  /** Whether a value near 1 rolls a six (else a one) (Foundry's dice read CONFIG.Dice.randomUniform). */
  async #measureSix(): Promise<boolean> {
    CONFIG.Dice.randomUniform = () => 0.99;
    // Our own Test formula for one die: it counts one hit when the face is 4 or more.
    const roll = await new foundry.dice.Roll(GoldHackRoll.formulaFor({ dice: 1, explode: false })).evaluate();
    CONFIG.Dice.randomUniform = this.#random ?? CONFIG.Dice.randomUniform;
    return roll.total === 1;
  }

  need(): GoldHackActor {
    if (!this.actor) throw new Error("goldhack | the scenario needs the imported character (run the import first)");
    return this.actor;
  }
}

const fateOf = (actor: GoldHackActor): number => (actor.system as unknown as { fate: { value: number } }).fate.value;
const cardOf = (message: Message) => testCardOf(game.messages?.get(message.id ?? "") ?? message);
const firstSkill = (actor: GoldHackActor) => actor.items.find((item) => item.type === "skill" && Number((item.system as { rating?: unknown }).rating) >= 1);

/**
 * Clicks a Test card's action as a click reaches it: the card dispatcher's handler for that
 * `data-action`, given the element that carries it.
 */
async function clickCard(message: Message, action: string): Promise<void> {
  const handler = TEST_CARD_ACTIONS[action];
  if (!handler) throw new Error(`goldhack | no card action ${action}`);
  const button = document.createElement("button");
  button.dataset.action = action;
  const reply = await handler(game.messages?.get(message.id ?? "") ?? message, button);
  if (reply && !reply.ok) throw new Error(`goldhack | ${action} was refused: ${reply.problem.key}`);
}

/** Imports the first character of the example pack into the world, owned by the GM running this. */
export async function importCharacter(run: ScenarioRun, assert: ScenarioAssert): Promise<void> {
  const pack = game.packs?.get(EXAMPLE_PACK);
  assert.ok(pack, `the compendium ${EXAMPLE_PACK} is there`);
  if (!pack) return;
  const index = await pack.getIndex();
  const entry = [...index.values()].find((e) => (e as { type?: string }).type === "character");
  assert.ok(entry, "the example pack holds a character");
  if (!entry) return;
  const source = (await pack.getDocument(entry._id ?? "")) as unknown as { toObject(): Record<string, unknown> } | null;
  assert.ok(source, "the character loads from the pack");
  if (!source) return;
  const data = source.toObject();
  delete data._id;
  delete data.folder;
  const actor = (await Actor.implementation.create({ ...data, name: `${MADE_PREFIX} ${String(data.name)}` } as Actor.CreateData)) as unknown as GoldHackActor | undefined;
  assert.ok(actor, "the character is created in the world");
  if (!actor) return;
  run.recordActor(actor as unknown as Actor.Implementation);
  run.actor = actor;
  assert.equal(actor.type, "character", "it is a character");
  assert.ok(firstSkill(actor), "it has a Skill rated 1 or more");
}

/**
 * Rolls a failing Test through `actor.rollTest` (the dialog's opening choice, undrawn), spends Fate on
 * its six, then the GM offers Fallout and the player's side accepts it: the character gains a Fallout
 * rated by the Ob left.
 */
export async function testFateAndFallout(run: ScenarioRun, assert: ScenarioAssert): Promise<void> {
  const actor = run.need();
  const skill = firstSkill(actor);
  assert.ok(skill, "the character has a Skill to test");
  if (!skill) return;
  const rating = Number((skill.system as unknown as { rating: number }).rating);
  const ob = rating + 2;
  const fateBefore = fateOf(actor);
  assert.ok(fateBefore >= 1, "the character has Fate to spend");

  // One six and the rest ones: one hit against an Ob it cannot reach.
  run.scriptFaces([6]);
  const message = await actor.rollTest({ skillId: skill.id ?? "", ob, intent: "Test the system", task: "Roll once" }, { dialog: false });
  assert.ok(message, "the Test posts a card");
  if (!message) return;
  let card = cardOf(message);
  assert.equal(card?.outcome.hits, 1, "the card counts one hit");
  assert.equal(card?.outcome.passed, false, "the Test failed");
  assert.equal(card?.logged, true, "the Test was logged");

  // Fate explodes the six; the new die shows a 1.
  run.scriptFaces([1]);
  await clickCard(message, "spendFate");
  card = cardOf(message);
  assert.equal(card?.test.fate?.kind, "explode", "Fate exploded the six");
  assert.equal(fateOf(actor), fateBefore - 1, "one Fate point was spent");
  assert.equal(card?.outcome.passed, false, "still failed after Fate");

  await clickCard(message, "offerFallout");
  card = cardOf(message);
  assert.equal(card?.test.fallout?.status, "offered", "the GM offered Fallout");
  const left = card?.outcome.remainingOb ?? 0;
  assert.equal(card?.test.fallout?.rating, left, "the offer is rated by the Ob left");

  await clickCard(message, "acceptFallout");
  card = cardOf(message);
  assert.equal(card?.test.fallout?.status, "accepted", "the Fallout was accepted");
  const item = actor.items.get(card?.test.fallout?.itemId ?? "");
  assert.equal(item?.type, "fallout", "the character now has the Fallout");
  assert.equal((item?.system as { rating?: number } | undefined)?.rating, left, "rated by the Ob left");
}

/** The GM requests a Test of the character; it is answered with a roll, and the card says so. */
export async function answerRequest(run: ScenarioRun, assert: ScenarioAssert): Promise<void> {
  const actor = run.need();
  const skill = firstSkill(actor);
  if (!skill) {
    assert.ok(skill, "the character has a Skill to request");
    return;
  }
  const made = createRequest(formActor(actor as unknown as Actor.Implementation), {
    skill: { kind: "skill", id: skill.id ?? "", name: skill.name },
    ob: 1,
    intent: "Answer the GM",
    task: "Roll what was asked",
    consequence: "",
    allowSkillChange: false,
    allowObChange: false,
  });
  assert.ok(made.ok, "the request is valid");
  if (!made.ok) return;
  const request = await postRequestCard(made.value);
  assert.ok(request, "the request card is posted");
  if (!request) return;
  assert.equal(requestCardOf(request)?.status, "open", "the request is open");

  run.scriptFaces([6]);
  const rolled = await rollFromRequest(request, (rolling, testRequest) => rolling.rollTest(testRequest, { dialog: false }));
  assert.ok(rolled, "the request was rolled");
  if (!rolled) return;
  assert.equal(cardOf(rolled)?.test.choice.requestId, request.id, "the roll names the request it answers");
  assert.equal(cardOf(rolled)?.outcome.passed, true, "one six beats Ob 1");
  const answered = requestCardOf(game.messages?.get(request.id ?? "") ?? request);
  assert.equal(answered?.status, "answered", "the request card is marked answered");
}

/** The scenarios in the order they run; each after the import relies on the character it made. */
export const SCENARIOS: readonly { title: string; run: (run: ScenarioRun, assert: ScenarioAssert) => Promise<void> }[] = [
  { title: SCENARIO_TITLES[0], run: importCharacter },
  { title: SCENARIO_TITLES[1], run: testFateAndFallout },
  { title: SCENARIO_TITLES[2], run: answerRequest },
];
