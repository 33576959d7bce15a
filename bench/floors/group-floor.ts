/**
 * The group odds bench's floor (issue 32): the same chances as groupPassProbability and hinderingOdds by the
 * plainest exact method, every pool convolved die by die (convolution.ts) into typed arrays that are reused from
 * call to call. Tested against the rules core: tests/bench/floors.test.ts.
 */
import type { HinderingReading, TestPlan } from "../../src/rules";
import { addDice, floorPassProbability } from "./convolution";

/** Needed: every roll passes; helpful: one does (summed as "the first pass is roll i", as ours, for tiny chances). */
export function floorGroupPass(mode: "needed" | "helpful", plans: readonly TestPlan[], fate: boolean): number {
  if (mode === "needed") return plans.reduce((p, plan) => p * floorPassProbability(plan.dice, plan.ob, plan.explode, fate), 1);
  let allFailed = 1;
  let pass = 0;
  for (const plan of plans) {
    const p = floorPassProbability(plan.dice, plan.ob, plan.explode, fate);
    pass += allFailed * p;
    allFailed *= 1 - p;
  }
  return pass;
}

/** Below this the target's chance to reach a threshold no longer shows (the rules core's TAIL). */
const TAIL = 1e-17;

const arrays = new Map<string, Float64Array>();
/** A reused array for `name`, at least `length` long, zeroed over its first `length` cells. */
function cells(name: string, length: number): Float64Array {
  let a = arrays.get(name);
  if (!a || a.length < length) arrays.set(name, (a = new Float64Array(length * 2)));
  a.fill(0, 0, length);
  return a;
}

/**
 * P(the hindered `target` passes outright), each hinderer against her own Ob, by `reading` (see hinderingOdds):
 * the shift D is the hinderers' extra hits or all their hits, and the target passes with hits >= Ob + D (+1 when
 * D > 0, a tie being no pass). With `fate` the target's plain roll explodes; a Magic target with Fate is not
 * covered (the bench's target is plain).
 */
export function floorHinderingPass(target: TestPlan, hinderers: readonly TestPlan[], reading: HinderingReading, fate: boolean): number {
  if (fate && target.explode) throw new RangeError("the floor does not cover a Magic target with Fate");
  const explode = fate || target.explode;
  // The target's hits, up to the rules core's hard bound (4·dice + 64, where every pool's mass is long gone), and
  // P(hits >= k) summed from the top; past `reach` she passes with a chance below TAIL, so larger shifts count for 0.
  const cap = explode ? 4 * target.dice + 64 : target.dice + 1;
  const hits = cells("target", cap + 1);
  hits[0] = 1;
  addDice(hits, cap, target.dice, explode);
  let reach = cap + 1;
  let tail = 0;
  for (let k = cap; k >= 0; k--) {
    tail += hits[k] as number;
    hits[k] = tail;
    if (tail < TAIL) reach = k;
  }
  const limit = Math.max(1, reach - target.ob + 1);
  // The shift's distribution below `limit` (its last cell, limit, gathers what is larger and is left out).
  let shift = cells("shift", limit + 1);
  shift[0] = 1;
  if (reading === "addToOb") {
    for (const plan of hinderers) addDice(shift, limit, plan.dice, plan.explode);
  } else {
    for (const plan of hinderers) {
      // Her hits up to ob + limit, then her extra hits max(0, hits − ob), then convolved into the shift.
      const own = cells("own", plan.ob + limit + 1);
      own[0] = 1;
      addDice(own, plan.ob + limit, plan.dice, plan.explode);
      const extra = cells("extra", limit);
      for (let h = 0; h < plan.ob + limit; h++) {
        const e = Math.max(0, h - plan.ob);
        extra[e] = (extra[e] as number) + (own[h] as number);
      }
      const next = cells(shift === arrays.get("shiftA") ? "shiftB" : "shiftA", limit + 1);
      for (let i = 0; i < limit; i++) {
        const si = shift[i] as number;
        for (let j = 0; i + j < limit; j++) next[i + j] = (next[i + j] as number) + si * (extra[j] as number);
      }
      shift = next;
    }
  }
  let pass = 0;
  for (let d = 0; d < limit; d++) {
    const ob = target.ob + d + (d > 0 ? 1 : 0);
    pass += (shift[d] as number) * (ob <= cap ? (hits[ob] as number) : 0);
  }
  return pass;
}
