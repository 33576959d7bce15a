/**
 * The downtime's GM actions. Every change to a downtime is one of these, run on the active GM's client
 * for the user Foundry's server says asked (never a user named in the payload), one at a time: the
 * handler re-reads the downtime and the characters, checks the sender's right (GM, or owner of the
 * character), calls the pure transition and writes what it returns.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import { type ChannelReply, type GMActionHandlers, type Parsed, refusal, withSchema } from "../channel";
import { testRollOf } from "../dice/test-message";
import { AGES, defaultCycleUnits, isTimeUnit, type TimeUnit } from "../rules";
import { applyDowntime } from "./downtime-apply";
import { parsePlan } from "./downtime-plan";
import {
  type CharacterFacts,
  createDowntime,
  type DowntimeState,
  type GMMarks,
  recordRecovery,
  returnPlan,
  ruleRecovery,
  setMarks,
  startRecovery,
  submitPlan,
  type Transition,
} from "./downtime-state";
import { isRetired } from "../data/actor/character";
import { actorByUuid, characterFacts, currentDowntime, writeDowntime } from "./downtime-store";
import { DOWNTIME_ACTIONS } from "./downtime-names";
import { DOWNTIME_SCHEMAS } from "./downtime-schemas";
import { applyCharacterChanges, postSummaryCard } from "./downtime-write";

export { DOWNTIME_ACTIONS } from "./downtime-names";


type Schemas = typeof DOWNTIME_SCHEMAS;
type With<K extends keyof Schemas> = Parsed<Schemas[K]>;

const NOT_GM = refusal("GOLDHACK.Downtime.Error.NotGM");

/** The downtime a payload names, if it is the current one and still open. */
function openDowntime(downtimeId: string): DowntimeState | ChannelReply {
  const state = currentDowntime();
  if (!state || state.id !== downtimeId) return refusal("GOLDHACK.Downtime.Error.NotFound");
  if (state.status !== "planning") return refusal("GOLDHACK.Downtime.Error.Applied");
  return state;
}

const isReply = (value: unknown): value is ChannelReply => typeof value === "object" && value !== null && "ok" in value && typeof value.ok === "boolean";

async function commit(next: Transition): Promise<ChannelReply> {
  if (!next.ok) return { ok: false, problem: next.problem };
  await writeDowntime(next.state);
  return { ok: true };
}

interface OnCharacter {
  state: DowntimeState;
  actor: Actor.Implementation;
  facts: CharacterFacts;
  /** The sender owns the character, or is a GM. */
  owns: boolean;
}

/** Runs `act` with the open downtime and the named character (read now), or replies why not. */
async function withCharacter(sender: User, payload: { downtimeId: string; actorUuid: string }, act: (on: OnCharacter) => Promise<ChannelReply> | ChannelReply): Promise<ChannelReply> {
  const state = openDowntime(payload.downtimeId);
  if (isReply(state)) return state;
  const actor = actorByUuid(payload.actorUuid);
  const facts = characterFacts(actor);
  if (!actor || !facts) return refusal("GOLDHACK.Downtime.Error.NotTakingPart");
  // Retired after the downtime started: she plans and recovers no more. SRD: Aging Your Character
  if (isRetired(actor)) return refusal("GOLDHACK.Downtime.Error.Retired", { name: actor.name });
  return act({ state, actor, facts, owns: actor.testUserPermission(sender, "OWNER") || sender.isGM });
}

/** GM: starts a downtime, replacing one applied before; one under way must be applied first. */
async function onStart(sender: User, payload: With<"start">): Promise<ChannelReply> {
  if (!sender.isGM) return NOT_GM;
  const running = currentDowntime();
  if (running?.status === "planning") return refusal("GOLDHACK.Downtime.Error.Running");
  const types = Object.keys(CONFIG.GOLDHACK.skillTypes);
  const units: Record<string, TimeUnit> = { ...defaultCycleUnits(orderOfTypes()) };
  for (const [type, unit] of Object.entries(payload.cycleUnits)) if (Object.hasOwn(CONFIG.GOLDHACK.skillTypes, type) && isTimeUnit(unit)) units[type] = unit;
  const characters: { uuid: string; name: string }[] = [];
  for (const uuid of payload.actorUuids) {
    const actor = actorByUuid(uuid);
    // The setup window offers no retired character: one in the payload is refused, not quietly dropped.
    if (isRetired(actor)) return refusal("GOLDHACK.Downtime.Error.Retired", { name: actor?.name ?? "" });
    const facts = characterFacts(actor);
    if (facts && !characters.some((c) => c.uuid === facts.uuid)) characters.push({ uuid: facts.uuid, name: facts.name });
  }
  const made = createDowntime(foundry.utils.randomID(), payload.span, units, characters, types, Date.now());
  const reply = await commit(made);
  return reply.ok && made.ok ? { ok: true, data: { id: made.state.id } } : reply;
}

/** The Types in the practice order CONFIG.GOLDHACK gives (a hack may change it), slowest first. */
export function orderOfTypes(): string[] {
  return Object.entries(CONFIG.GOLDHACK.skillTypes)
    .sort(([, a], [, b]) => a.practiceOrder - b.practiceOrder)
    .map(([key]) => key);
}

function onSubmit(sender: User, payload: With<"submit">): Promise<ChannelReply> {
  return withCharacter(sender, payload, ({ state, facts, owns }) => {
    const plan = parsePlan(payload.plan);
    if (!plan) return refusal("GOLDHACK.Downtime.Error.BadPlan");
    return commit(submitPlan(state, facts.uuid, plan, facts, owns));
  });
}

function onReturn(sender: User, payload: With<"return">): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  return withCharacter(sender, payload, ({ state, facts }) => commit(returnPlan(state, facts.uuid, payload.note ?? "")));
}

function onMarks(sender: User, payload: With<"marks">): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  const m = payload.marks;
  const marks: GMMarks = { interfering: m.interfering, healed: m.healed, warned: m.warned, ages: m.ages };
  return withCharacter(sender, payload, ({ state, facts }) => commit(setMarks(state, facts.uuid, marks, facts)));
}

/** A recovery Test card read from the log: the roll it carries, if it is this character's recovery from this Fallout. */
function recoveryRollOf(message: ChatMessage.Implementation, actorUuid: string, falloutId: string): { ob: number; passed: boolean } | null {
  const roll = testRollOf(message);
  const choice = roll?.test?.choice;
  const outcome = roll?.outcome;
  if (!choice || !outcome || choice.kind !== "recovery" || choice.falloutId !== falloutId || choice.actorUuid !== actorUuid) return null;
  return { ob: choice.ob, passed: outcome.passed };
}

/**
 * The first recovery Test card for this Fallout since the downtime started, as the log holds it: posted
 * by an owner of the character or a GM (a card another player posts cannot take her Test away), oldest
 * first. SRD: Recovering From Fallout: one Test per Fallout in a downtime.
 */
function firstRecoveryCard(state: DowntimeState, actor: Actor.Implementation, falloutId: string): ChatMessage.Implementation | null {
  const since = state.startedAt ?? 0;
  const cards = ((game.messages?.contents ?? []) as ChatMessage.Implementation[])
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => {
      const author = message.author;
      if (!author || !(author.isGM || actor.testUserPermission(author, "OWNER"))) return false;
      return Number(message.timestamp) >= since && recoveryRollOf(message, actor.uuid ?? "", falloutId) !== null;
    })
    .sort((a, b) => Number(a.message.timestamp) - Number(b.message.timestamp) || a.index - b.index);
  return cards[0]?.message ?? null;
}

/** How a refusal names an earlier card: when it was posted, and by whom. */
function earlierCard(message: ChatMessage.Implementation, fallout: string): ChannelReply {
  const time = new Date(Number(message.timestamp)).toLocaleTimeString(game.i18n?.lang || undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return refusal("GOLDHACK.Downtime.Error.EarlierRecovery", { fallout, time, author: message.author?.name ?? "" });
}

/**
 * Records the first recovery card as the recovery's outcome (started now if it was not) and refuses the
 * action, naming that card: a later roll never counts. Only when the first card is not `reported`.
 */
async function countFirstCard(on: OnCharacter, falloutId: string, first: ChatMessage.Implementation): Promise<ChannelReply> {
  const recorded = recordedRecovery(on, falloutId);
  // A later roll that passed may already have removed the Fallout: the name comes from the recovery on record.
  const name = on.facts.fallouts.find((f) => f.id === falloutId)?.name ?? recorded?.falloutName;
  if (!recoveryRollOf(first, on.facts.uuid, falloutId) || name === undefined) return refusal("GOLDHACK.Downtime.Error.NoRoll");
  await recordFirstCard(on, falloutId, first);
  return earlierCard(first, name);
}

const recordedRecovery = (on: OnCharacter, falloutId: string) => on.state.participants.find((p) => p.actorUuid === on.facts.uuid)?.recoveries.find((r) => r.falloutId === falloutId);

/** Writes `first` as the recovery's outcome (started now if it was not), unless an outcome is already on record. */
async function recordFirstCard(on: OnCharacter, falloutId: string, first: ChatMessage.Implementation): Promise<boolean> {
  const roll = recoveryRollOf(first, on.facts.uuid, falloutId);
  const recorded = recordedRecovery(on, falloutId);
  if (!roll || (recorded && recorded.status !== "rolling")) return false;
  // The Fallout's rating when rolled is the card's Ob; the roll already worsened a failure by 1.
  const started = recorded ? ({ ok: true, state: on.state } as const) : startRecovery(on.state, on.facts.uuid, falloutId, on.facts, true);
  const done = started.ok ? recordRecovery(started.state, on.facts.uuid, falloutId, { messageId: first.id ?? "", ob: roll.ob, passed: roll.passed }) : started;
  if (!done.ok) return false;
  await writeDowntime(done.state);
  return true;
}

/**
 * createChatMessage, on the active GM's client: a recovery Test card, posted by an owner of its character
 * or a GM while a downtime is planned, is recorded at once as that Fallout's recovery if none is on record.
 * The record lives in the downtime setting, which only a GM writes: deleting the card later erases nothing,
 * and a later roll is refused. SRD: Recovering From Fallout (one Test per Fallout in a downtime).
 */
export async function noteRecoveryCard(message: ChatMessage.Implementation): Promise<void> {
  const choice = testRollOf(message)?.test?.choice;
  const state = currentDowntime();
  const gm = game.user;
  const falloutId = choice?.kind === "recovery" ? choice.falloutId : undefined;
  if (!choice || !falloutId || !state || state.status !== "planning" || !gm?.isGM) return;
  if (Number(message.timestamp) < (state.startedAt ?? 0)) return;
  await withCharacter(gm, { downtimeId: state.id, actorUuid: choice.actorUuid }, async (on) => {
    const author = message.author;
    if (!author || !(author.isGM || on.actor.testUserPermission(author, "OWNER"))) return { ok: true };
    await recordFirstCard(on, falloutId, message);
    return { ok: true };
  });
}

function onStartRecovery(sender: User, payload: With<"startRecovery">): Promise<ChannelReply> {
  return withCharacter(sender, payload, async (on) => {
    const started = startRecovery(on.state, on.facts.uuid, payload.falloutId, on.facts, on.owns);
    if (!started.ok) return { ok: false, problem: started.problem };
    // A recovery Test already rolled in this downtime (from the sheet, or never reported) is the one that counts.
    const first = firstRecoveryCard(on.state, on.actor, payload.falloutId);
    if (first) return countFirstCard(on, payload.falloutId, first);
    return commit(started);
  });
}

/**
 * The recovery Test was rolled: its outcome is read from the card itself, which the sender must have
 * posted, and only the Fallout's first recovery card since the downtime started counts.
 */
function onRecoveryRolled(sender: User, payload: With<"recoveryRolled">): Promise<ChannelReply> {
  return withCharacter(sender, payload, async (on) => {
    if (!on.owns) return refusal("GOLDHACK.Downtime.Error.NotOwner", { actor: on.facts.name });
    const message = game.messages?.get(payload.messageId);
    const roll = message ? recoveryRollOf(message, on.facts.uuid, payload.falloutId) : null;
    if (!message || !roll || message.author?.id !== sender.id || Number(message.timestamp) < (on.state.startedAt ?? 0)) return refusal("GOLDHACK.Downtime.Error.NoRoll");
    // The GM's client may have recorded this card when it was posted (noteRecoveryCard): reporting it again is fine.
    const recorded = recordedRecovery(on, payload.falloutId);
    if (recorded?.messageId === message.id && recorded.status !== "rolling") return { ok: true };
    // Another card is on record, and may since have been deleted: it stands, and this later one does not count.
    if (recorded?.messageId && recorded.status !== "rolling") {
      const earlier = game.messages?.get(recorded.messageId);
      return earlier ? earlierCard(earlier, recorded.falloutName) : refusal("GOLDHACK.Downtime.Error.EarlierRecoveryGone", { fallout: recorded.falloutName });
    }
    const first = firstRecoveryCard(on.state, on.actor, payload.falloutId);
    if (first && first.id !== message.id) return countFirstCard(on, payload.falloutId, first);
    return commit(recordRecovery(on.state, on.facts.uuid, payload.falloutId, { messageId: message.id ?? "", ob: roll.ob, passed: roll.passed }));
  });
}

/**
 * GM: rules on a failed recovery and writes the Fallout as the ruling leaves it (the roll already
 * worsened it by 1). A Fallout a later, uncounted roll removed is given back as ruled.
 */
function onRule(sender: User, payload: With<"rule">): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  return withCharacter(sender, payload, async ({ state, actor, facts }) => {
    const ruled = ruleRecovery(state, facts.uuid, payload.falloutId, payload.ruling);
    if (!ruled.ok) return { ok: false, problem: ruled.problem };
    await writeDowntime(ruled.state);
    const system = { rating: ruled.fallout.rating, permanent: ruled.fallout.permanent };
    const item = actor.items.get(payload.falloutId);
    if (item) await item.update({ system });
    else {
      const name = ruled.state.participants.find((p) => p.actorUuid === facts.uuid)?.recoveries.find((r) => r.falloutId === payload.falloutId)?.falloutName ?? "";
      await actor.createEmbeddedDocuments("Item", [{ type: "fallout" as const, name, system }]);
    }
    return { ok: true };
  });
}

/** GM: applies every plan, once: the downtime is marked applied before anything is written. */
async function onApply(sender: User, payload: With<"apply">): Promise<ChannelReply> {
  if (!sender.isGM) return NOT_GM;
  const state = currentDowntime();
  if (!state || state.id !== payload.downtimeId) return refusal("GOLDHACK.Downtime.Error.NotFound");
  const facts = new Map<string, CharacterFacts>();
  for (const p of state.participants) {
    const actor = actorByUuid(p.actorUuid);
    // Re-derived now: a character retired since she planned is out of the downtime, her plan is not applied
    // (skipped like a deleted one). SRD: Aging Your Character ("You can retire your character at any point.")
    if (isRetired(actor)) continue;
    const f = characterFacts(actor);
    if (f) facts.set(p.actorUuid, f);
  }
  const chart = Object.fromEntries(Object.entries(CONFIG.GOLDHACK.ages).map(([k, a]) => [k, a]));
  const ages = Object.keys(CONFIG.GOLDHACK.ages).length ? Object.keys(CONFIG.GOLDHACK.ages) : [...AGES];
  const applied = applyDowntime(state, facts, Date.now(), chart, ages);
  if (!applied.ok) return { ok: false, problem: applied.problem };
  await writeDowntime(applied.value.state);
  for (const changes of applied.value.changes) await applyCharacterChanges(changes);
  const message = await postSummaryCard(applied.value.state);
  if (message?.id) await writeDowntime({ ...applied.value.state, summaryMessageId: message.id });
  // The campaign log's page for it (loaded on first use; a failure to write it never undoes the downtime).
  try {
    const { writeDowntimePage } = await import("../campaign/downtime-log");
    await writeDowntimePage(applied.value.state);
  } catch (error) {
    console.error("goldhack | the downtime's campaign log page was not written", error);
  }
  return { ok: true };
}

/** The GM's handler of each downtime action, by name (registered at init by ./register, loaded on the first action). */
export const DOWNTIME_HANDLERS: GMActionHandlers<(typeof DOWNTIME_ACTIONS)[keyof typeof DOWNTIME_ACTIONS]> = {
  [DOWNTIME_ACTIONS.start]: withSchema(DOWNTIME_SCHEMAS.start, onStart),
  [DOWNTIME_ACTIONS.submit]: withSchema(DOWNTIME_SCHEMAS.submit, onSubmit),
  [DOWNTIME_ACTIONS.return]: withSchema(DOWNTIME_SCHEMAS.return, onReturn),
  [DOWNTIME_ACTIONS.marks]: withSchema(DOWNTIME_SCHEMAS.marks, onMarks),
  [DOWNTIME_ACTIONS.startRecovery]: withSchema(DOWNTIME_SCHEMAS.startRecovery, onStartRecovery),
  [DOWNTIME_ACTIONS.recoveryRolled]: withSchema(DOWNTIME_SCHEMAS.recoveryRolled, onRecoveryRolled),
  [DOWNTIME_ACTIONS.rule]: withSchema(DOWNTIME_SCHEMAS.rule, onRule),
  [DOWNTIME_ACTIONS.apply]: withSchema(DOWNTIME_SCHEMAS.apply, onApply),
};
