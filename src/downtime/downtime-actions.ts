/**
 * The downtime's GM actions. Every change to a downtime is one of these, run on the active GM's client
 * for the user Foundry's server says asked (never a user named in the payload), one at a time: the
 * handler re-reads the downtime and the characters, checks the sender's right (GM, or owner of the
 * character), calls the pure transition and writes what it returns.
 * SRD: Changes › Downtime & Practice, Recovering From Fallout, Aging Your Character
 */
import { type ChannelReply, type GMActionHandlers, refusal } from "../channel";
import { testRollOf } from "../dice/test-message";
import { AGES, defaultCycleUnits, isTimeUnit, type FalloutRecoveryFailure, type TimeUnit } from "../rules";
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
import { applyCharacterChanges, postSummaryCard } from "./downtime-write";

export { DOWNTIME_ACTIONS } from "./downtime-names";


const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

const NOT_GM = refusal("GOLDHACK.Downtime.Error.NotGM");

/** The downtime a payload names, if it is the current one and still open. */
function openDowntime(payload: Record<string, unknown>): DowntimeState | ChannelReply {
  const state = currentDowntime();
  if (!state || state.id !== payload.downtimeId) return refusal("GOLDHACK.Downtime.Error.NotFound");
  if (state.status !== "planning") return refusal("GOLDHACK.Downtime.Error.Applied");
  return state;
}

/** The character a payload names, read now; and whether the sender owns it. */
function characterFor(payload: Record<string, unknown>, sender: User): { facts: CharacterFacts; owns: boolean } | ChannelReply {
  const actor = actorByUuid(text(payload.actorUuid));
  const facts = characterFacts(actor);
  if (!actor || !facts) return refusal("GOLDHACK.Downtime.Error.NotTakingPart");
  return { facts, owns: actor.testUserPermission(sender, "OWNER") };
}

const isReply = (value: unknown): value is ChannelReply => isRecord(value) && typeof value.ok === "boolean";

async function commit(next: Transition): Promise<ChannelReply> {
  if (!next.ok) return { ok: false, problem: next.problem };
  await writeDowntime(next.state);
  return { ok: true };
}

/** Runs `act` with the open downtime and the named character, or replies why not. */
async function withCharacter(sender: User, payload: unknown, act: (state: DowntimeState, facts: CharacterFacts, owns: boolean, p: Record<string, unknown>) => Promise<ChannelReply> | ChannelReply): Promise<ChannelReply> {
  if (!isRecord(payload)) return refusal("GOLDHACK.Downtime.Error.BadRequest");
  const state = openDowntime(payload);
  if (isReply(state)) return state;
  const character = characterFor(payload, sender);
  if (isReply(character)) return character;
  return act(state, character.facts, character.owns || sender.isGM, payload);
}

/** GM: starts a downtime, replacing one applied before; one under way must be applied first. */
async function onStart(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return NOT_GM;
  if (!isRecord(payload) || !isRecord(payload.span)) return refusal("GOLDHACK.Downtime.Error.BadRequest");
  const running = currentDowntime();
  if (running?.status === "planning") return refusal("GOLDHACK.Downtime.Error.Running");
  const types = Object.keys(CONFIG.GOLDHACK.skillTypes);
  const units: Record<string, TimeUnit> = { ...defaultCycleUnits(orderOfTypes()) };
  if (isRecord(payload.cycleUnits)) for (const [type, unit] of Object.entries(payload.cycleUnits)) if (isTimeUnit(unit)) units[type] = unit;
  const characters: { uuid: string; name: string }[] = [];
  for (const uuid of ids(payload.actorUuids)) {
    const actor = actorByUuid(uuid);
    // The setup window offers no retired character: one in the payload is refused, not quietly dropped.
    if (isRetired(actor)) return refusal("GOLDHACK.Downtime.Error.Retired", { name: actor?.name ?? "" });
    const facts = characterFacts(actor);
    if (facts && !characters.some((c) => c.uuid === facts.uuid)) characters.push({ uuid: facts.uuid, name: facts.name });
  }
  const span = { count: Number(payload.span.count), unit: text(payload.span.unit) as TimeUnit };
  const made = createDowntime(foundry.utils.randomID(), span, units, characters, types);
  const reply = await commit(made);
  return reply.ok && made.ok ? { ok: true, data: { id: made.state.id } } : reply;
}

/** The Types in the practice order CONFIG.GOLDHACK gives (a hack may change it), slowest first. */
export function orderOfTypes(): string[] {
  return Object.entries(CONFIG.GOLDHACK.skillTypes)
    .sort(([, a], [, b]) => a.practiceOrder - b.practiceOrder)
    .map(([key]) => key);
}

function onSubmit(sender: User, payload: unknown): Promise<ChannelReply> {
  return withCharacter(sender, payload, (state, facts, owns, p) => {
    const plan = parsePlan(p.plan);
    if (!plan) return refusal("GOLDHACK.Downtime.Error.BadPlan");
    return commit(submitPlan(state, facts.uuid, plan, facts, owns));
  });
}

function onReturn(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  return withCharacter(sender, payload, (state, facts, _owns, p) => commit(returnPlan(state, facts.uuid, text(p.note))));
}

function onMarks(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  return withCharacter(sender, payload, (state, facts, _owns, p) => {
    const m = isRecord(p.marks) ? p.marks : {};
    const marks: GMMarks = { interfering: ids(m.interfering), healed: ids(m.healed), warned: ids(m.warned), ages: m.ages === true };
    return commit(setMarks(state, facts.uuid, marks, facts));
  });
}

function onStartRecovery(sender: User, payload: unknown): Promise<ChannelReply> {
  return withCharacter(sender, payload, (state, facts, owns, p) => commit(startRecovery(state, facts.uuid, text(p.falloutId), facts, owns)));
}

/** The recovery Test was rolled: its outcome is read from the card itself, which the sender must have posted. */
function onRecoveryRolled(sender: User, payload: unknown): Promise<ChannelReply> {
  return withCharacter(sender, payload, (state, facts, owns, p) => {
    if (!owns) return refusal("GOLDHACK.Downtime.Error.NotOwner", { actor: facts.name });
    const message = game.messages?.get(text(p.messageId));
    const roll = message ? testRollOf(message) : null;
    const choice = roll?.test?.choice;
    const outcome = roll?.outcome;
    const falloutId = text(p.falloutId);
    if (!message || !choice || !outcome || message.author?.id !== sender.id) return refusal("GOLDHACK.Downtime.Error.NoRoll");
    if (choice.kind !== "recovery" || choice.falloutId !== falloutId || choice.actorUuid !== facts.uuid) return refusal("GOLDHACK.Downtime.Error.NoRoll");
    return commit(recordRecovery(state, facts.uuid, falloutId, { messageId: message.id ?? "", ob: choice.ob, passed: outcome.passed }));
  });
}

/** GM: rules on a failed recovery and writes the Fallout as the ruling leaves it (the roll already worsened it by 1). */
function onRule(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return Promise.resolve(NOT_GM);
  return withCharacter(sender, payload, async (state, facts, _owns, p) => {
    const ruling = text(p.ruling) as FalloutRecoveryFailure;
    if (ruling !== "worsen" && ruling !== "longer" && ruling !== "permanent") return refusal("GOLDHACK.Downtime.Error.BadRequest");
    const falloutId = text(p.falloutId);
    const ruled = ruleRecovery(state, facts.uuid, falloutId, ruling);
    if (!ruled.ok) return { ok: false, problem: ruled.problem };
    await writeDowntime(ruled.state);
    const item = actorByUuid(facts.uuid)?.items.get(falloutId);
    if (item) await item.update({ system: { rating: ruled.fallout.rating, permanent: ruled.fallout.permanent } });
    return { ok: true };
  });
}

/** GM: applies every plan, once: the downtime is marked applied before anything is written. */
async function onApply(sender: User, payload: unknown): Promise<ChannelReply> {
  if (!sender.isGM) return NOT_GM;
  if (!isRecord(payload)) return refusal("GOLDHACK.Downtime.Error.BadRequest");
  const state = currentDowntime();
  if (!state || state.id !== payload.downtimeId) return refusal("GOLDHACK.Downtime.Error.NotFound");
  const facts = new Map<string, CharacterFacts>();
  for (const p of state.participants) {
    const f = characterFacts(actorByUuid(p.actorUuid));
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
  return { ok: true };
}

/** The GM's handler of each downtime action, by name (registered at init by ./register, loaded on the first action). */
export const DOWNTIME_HANDLERS: GMActionHandlers<(typeof DOWNTIME_ACTIONS)[keyof typeof DOWNTIME_ACTIONS]> = {
  [DOWNTIME_ACTIONS.start]: onStart,
  [DOWNTIME_ACTIONS.submit]: onSubmit,
  [DOWNTIME_ACTIONS.return]: onReturn,
  [DOWNTIME_ACTIONS.marks]: onMarks,
  [DOWNTIME_ACTIONS.startRecovery]: onStartRecovery,
  [DOWNTIME_ACTIONS.recoveryRolled]: onRecoveryRolled,
  [DOWNTIME_ACTIONS.rule]: onRule,
  [DOWNTIME_ACTIONS.apply]: onApply,
};
