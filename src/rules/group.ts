/**
 * Group tests: the hindering reading of the Spanish SRD, and the exact chance a group passes before anyone
 * rolls. Which roll counts once the dice are down is in assist.ts; this module adds what the table needs
 * before the roll and the second hindering reading.
 *
 * Hindering, both readings, as one shift of the hindered roll's threshold by D:
 * - "extraHits" (English SRD): D is the hinderers' extra hits, taken from the target's hits;
 * - "addToOb" (Spanish SRD): D is all the hinderers' hits, added to the target's Ob.
 * Either way the target passes outright with hits >= Ob + D, and when D > 0 landing exactly on Ob + D is
 * the tie the table breaks with Instincts or Traits.
 * SRD: Alterations › Assisting & Hindering Other's Intents; Alternative: Helping & Hindering
 */
// Ruling: ruling-hindering (rules journal)
import { hitsDistribution } from "./hits";
import { successProbability } from "./odds";
import { successProbabilitiesWithFate, successProbabilityWithFate } from "./fate-odds";
import { assertTestPlan, type TestPlan } from "./test";
import type { AssistParticipant, HinderingOutcome } from "./assist";
import { assertInteger, assertResolvedTest, type ResolvedTestShape } from "./validate";

/** How a group's rolls combine. SRD: Alterations › Assisting & Hindering Other's Intents */
export type GroupMode = "needed" | "helpful" | "hindering";

/** Which SRD's hindering rule is in force: the English (extra hits off the target's hits) or the Spanish (hits onto its Ob). */
export type HinderingReading = "extraHits" | "addToOb";

export const HINDERING_READINGS: readonly HinderingReading[] = ["extraHits", "addToOb"];

/** The chance a group Test ends each way. `tie` is null where it is not computed (with Fate, see {@link hinderingOdds}). */
export interface GroupOdds {
  readonly pass: number;
  readonly tie: number | null;
}

/** A term this small is dropped from a sum of at most a few hundred terms: the error stays below 1e-17. */
const NEGLIGIBLE = 1e-20;

function assertPlans(name: string, plans: unknown, min: number): asserts plans is readonly TestPlan[] {
  if (!Array.isArray(plans)) throw new RangeError(`${name} must be a list of Test plans, got ${String(plans)}`);
  if (plans.length < min) throw new RangeError(`${name} must hold at least ${min} plan(s), got ${plans.length}`);
  plans.forEach((p: unknown, i) => assertTestPlan(`${name}[${i}]`, p));
}

const passChance = (plan: TestPlan, fate: boolean): number => (fate ? successProbabilityWithFate(plan) : successProbability(plan));

/**
 * The exact chance a needed or helpful group passes, each roll against its own Ob. Needed: only the worst roll
 * counts, so every roll must pass. Helpful: only the best counts, so one pass is enough. With `fate`, each roller
 * spends a Fate point on her own roll when it fails (see successProbabilityWithFate).
 * SRD: Alterations › Assisting & Hindering Other's Intents
 */
export function groupPassProbability(mode: "needed" | "helpful", plans: readonly TestPlan[], options: { fate?: boolean } = {}): number {
  if (mode !== "needed" && mode !== "helpful") throw new RangeError(`mode must be "needed" or "helpful", got ${String(mode)}`);
  assertPlans("plans", plans, 1);
  const fate = options.fate ?? false;
  if (mode === "needed") return plans.reduce((p, plan) => p * passChance(plan, fate), 1);
  // 1 - Π(1 - p) loses digits when every p is tiny; Σ over "first pass is roll i" keeps them.
  let allFailedSoFar = 1;
  let pass = 0;
  for (const plan of plans) {
    const p = passChance(plan, fate);
    pass += allFailedSoFar * p;
    allFailedSoFar *= 1 - p;
  }
  return pass;
}

/** Distribution of one hinderer's contribution D_j to the shift: her extra hits, or all her hits. */
function contribution(plan: TestPlan, reading: HinderingReading): readonly number[] {
  const hits = hitsDistribution(plan);
  if (reading === "addToOb") return hits;
  // Extra hits: max(0, hits - Ob). Every roll up to her Ob gives none; each one above gives its excess. Filled up
  // front, not spread from slices: a packed array of numbers keeps the convolution on the optimiser's fast path
  // (the spread version cost the group bench a third more).
  const out = new Array<number>(Math.max(1, hits.length - plan.ob)).fill(0);
  for (let h = 0; h < hits.length; h++) {
    const extra = Math.max(0, h - plan.ob);
    out[extra] = (out[extra] ?? 0) + (hits[h] ?? 0);
  }
  return out;
}

/** P(hits >= k) for k = 0..maxOb from a pmf, summed from the top so small tails keep their digits. */
export function upperTails(pmf: readonly number[], maxOb: number): number[] {
  const out = new Array<number>(maxOb + 1).fill(0);
  let acc = 0;
  for (let k = pmf.length - 1; k >= 0; k--) {
    acc += pmf[k] ?? 0;
    if (k <= maxOb) out[k] = acc;
  }
  return out;
}

/**
 * The distribution of a sum from its terms' distributions; terms below NEGLIGIBLE are left out on both sides, and
 * sums of `limit` or more are not kept (the caller has no use for them).
 */
function convolve(a: Float64Array, terms: readonly number[], limit = Infinity): Float64Array {
  // Typed arrays on both sides: no holes, no undefined, one element kind, plain float adds in the inner loop (a
  // third faster than number[]; with a number[] on one side the loop ran twice as slow on some days).
  const b = Float64Array.from(terms);
  const out = new Float64Array(Math.min(limit, a.length + b.length - 1));
  let lo = 0;
  let hi = b.length - 1;
  while (lo < hi && (b[lo] as number) < NEGLIGIBLE) lo++;
  while (hi > lo && (b[hi] as number) < NEGLIGIBLE) hi--;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    if (ai < NEGLIGIBLE) continue;
    const top = Math.min(hi, out.length - 1 - i);
    for (let j = lo; j <= top; j++) out[i + j] = (out[i + j] as number) + ai * (b[j] as number);
  }
  return out;
}

function assertReading(reading: unknown): asserts reading is HinderingReading {
  if (reading !== "extraHits" && reading !== "addToOb") throw new RangeError(`reading must be "extraHits" or "addToOb", got ${String(reading)}`);
}

/**
 * The exact chance the hindered roll `target` passes outright against `hinderers` (each against her own Ob), and
 * the chance of a tie for Instincts or Traits to break. With `fate`, the target spends a Fate point whenever she
 * has not passed outright; a tie is then not computed (null): whether to spend Fate on a tie is the player's call.
 * Exact to within 1e-17 (shifts less likely than 1e-20 are left out).
 * SRD: Alterations › Assisting & Hindering Other's Intents
 */
export function hinderingOdds(target: TestPlan, hinderers: readonly TestPlan[], reading: HinderingReading, options: { fate?: boolean } = {}): GroupOdds {
  assertTestPlan("target", target);
  assertPlans("hinderers", hinderers, 1);
  assertReading(reading);
  const fate = options.fate ?? false;
  const targetHits = hitsDistribution(target);
  // Past the target's longest distribution (her exploding one, which Fate may give her) she reaches no Ob but with a
  // chance below 1e-17: shifts that large change neither pass nor tie, so the convolution stops there. Without this
  // cap, five 30D hinderers build a shift of ~300 terms and the cost grows with its square.
  const reach = fate || target.explode ? hitsDistribution({ ...target, explode: true }).length : targetHits.length;
  const limit = Math.max(1, reach - target.ob + 1);
  let shift: Float64Array = Float64Array.of(1);
  for (const plan of hinderers) shift = convolve(shift, contribution(plan, reading), limit);
  // P(the target reaches ob), for every ob the shift can make: one pass over her distribution, not a call per ob.
  const chances = fate ? successProbabilitiesWithFate(target, target.ob + shift.length) : upperTails(targetHits, target.ob + shift.length);
  const atLeast = (ob: number): number => chances[ob] ?? 0;
  let pass = 0;
  let tie = 0;
  shift.forEach((pd, d) => {
    pass += pd * atLeast(target.ob + d + (d > 0 ? 1 : 0));
    if (!fate && d > 0) tie += pd * (targetHits[target.ob + d] ?? 0);
  });
  return { pass, tie: fate ? null : tie };
}

/**
 * The simpler helping rule's chance: only the roll with most hits counts against the main `ob`, so the group passes
 * when any roll reaches it. SRD: Alterations › Alternative: Helping & Hindering
 */
export function helpingAlternativeProbability(plans: readonly TestPlan[], ob: number, options: { fate?: boolean } = {}): number {
  assertPlans("plans", plans, 1);
  assertInteger("ob", ob, 1);
  return groupPassProbability(
    "helpful",
    plans.map((p) => ({ ...p, ob })),
    options,
  );
}

/**
 * The simpler hindering rule's chances for `target`: she wins outright with strictly more hits than every other
 * roller, and ties when she shares the top. SRD: Alterations › Alternative: Helping & Hindering
 */
export function hinderingAlternativeOdds(target: TestPlan, others: readonly TestPlan[]): GroupOdds {
  assertTestPlan("target", target);
  assertPlans("others", others, 1);
  const own = hitsDistribution(target);
  const theirs = others.map((p) => {
    const pmf = hitsDistribution(p);
    const cdf: number[] = [];
    let acc = 0;
    for (const x of pmf) cdf.push((acc += x));
    return { pmf, cdf };
  });
  // P(their hits <= h): nothing is below 0 hits (cdf[-1] is undefined), everything is at most their longest count.
  const atMost = (o: { cdf: number[] }, h: number): number => (h < o.cdf.length ? (o.cdf[h] ?? 0) : 1);
  const below = (o: { cdf: number[] }, h: number): number => atMost(o, h - 1);
  let pass = 0;
  let tie = 0;
  own.forEach((p, h) => {
    const allBelow = theirs.reduce((acc, o) => acc * below(o, h), 1);
    const allAtMost = theirs.reduce((acc, o) => acc * atMost(o, h), 1);
    pass += p * allBelow;
    tie += p * (allAtMost - allBelow);
  });
  return { pass, tie };
}

/**
 * Hindering by the Spanish SRD: the hinderers' hits (summed) are added to the target's Ob. Landing exactly on the
 * raised Ob is a tie for Instincts or Traits. SRD (es): Alteraciones › Asistir y perjudicar las Intenciones ajenas
 */
export function resolveHinderingByOb(target: AssistParticipant, hinderers: readonly AssistParticipant[]): HinderingOutcome {
  if (typeof target !== "object" || target === null) throw new RangeError(`target must be a participant, got ${String(target)}`);
  assertResolvedTest("target.result", target.result);
  if (!Array.isArray(hinderers) || hinderers.length === 0) throw new RangeError(`hinderers must hold at least 1 roll(s), got ${String(hinderers)}`);
  hinderers.forEach((h: AssistParticipant, i) => {
    if (typeof h !== "object" || h === null || typeof h.id !== "string" || h.id === "") throw new RangeError(`hinderers[${i}].id must be a non-empty string`);
    assertResolvedTest(`hinderers[${i}].result`, h.result);
  });
  if (hinderers.some((h) => h.id === target.id)) throw new RangeError(`hinderers must not include the target "${target.id}"`);
  const raisedBy = hinderers.reduce((sum, h) => sum + h.result.hits, 0);
  const r = target.result;
  const ob = r.hits - r.extraHits + r.remainingOb + raisedBy;
  if (raisedBy > 0 && r.hits === ob) {
    const tiedIds = [target.id, ...hinderers.filter((h) => h.result.hits > 0).map((h) => h.id)];
    return { tie: true, targetId: target.id, reducedBy: raisedBy, tiedIds, notice: { key: "GOLDHACK.Assist.Tie" } };
  }
  const result: ResolvedTestShape = {
    hits: r.hits,
    passed: r.hits >= ob,
    extraHits: Math.max(0, r.hits - ob),
    remainingOb: Math.max(0, ob - r.hits),
  };
  return { tie: false, targetId: target.id, reducedBy: raisedBy, result };
}
