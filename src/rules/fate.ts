/**
 * Spending Fate after the roll. SRD: Alterations › Spending Persona & Fate To Modify Rolls:
 * "Spend 1 Fate point to treat it as if it were Magic. If you did Test Magic, instead, spend 1 Fate point and
 * re-roll a single die." One point per roll (MAX_FATE_PER_ROLL).
 *
 * Our readings: on a Magic roll a rerolled die that lands on 6 explodes like every Magic die; a die showing 6 may not
 * be rerolled, because it has already spawned its extra die (and rerolling it is never better than rerolling another).
 */
import { DIE_FACES, HIT_MIN, MAX_FATE_PER_ROLL } from "./chart";
import { assertTestFaces, assertTestPlan, countTestSixes, resolveTest, type TestPlan, type TestResult } from "./test";
import { assertInteger } from "./validate";

/** What 1 Fate point does to a rolled Test. */
export type FateEffect =
  /** Non-Magic: roll `newDice` more dice, one per six, exploding in turn (Foundry: "Kd6x6cs>=4"). */
  | { kind: "explode"; newDice: number }
  /** Magic: reroll one die; `rerollable` holds the indices of the faces that may be chosen (every non-six). */
  | { kind: "reroll"; rerollable: number[] };

/** Why Fate may not be spent on a roll: a point was already spent on it, or spending would change nothing. */
export type FateRefusal = "fate-already-spent" | "fate-no-effect";

/** A roll after Fate: every face (new dice appended), its result, and the Fate now spent on it. */
export interface FateOutcome {
  faces: number[];
  result: TestResult;
  fateSpent: number;
}

/** A non-Magic roll has exactly one face per die; a Magic roll one more per six, since every six spawned a die. */
function assertRolledFaces(plan: TestPlan, faces: readonly number[]): void {
  assertTestPlan("plan", plan);
  assertTestFaces("faces", faces);
  const expected = plan.explode ? plan.dice + countTestSixes(faces) : plan.dice;
  if (faces.length !== expected) {
    const shape = plan.explode ? `${plan.dice} dice plus one per six` : `one per die`;
    throw new RangeError(`faces must hold ${expected} faces (${shape}), got ${faces.length}`);
  }
}

/** What spending 1 Fate on this roll would do. SRD: Alterations › Spending Persona & Fate To Modify Rolls */
export function fateEffect(plan: TestPlan, faces: readonly number[]): FateEffect {
  assertRolledFaces(plan, faces);
  if (!plan.explode) return { kind: "explode", newDice: countTestSixes(faces) };
  const rerollable: number[] = [];
  faces.forEach((face, i) => {
    // Ruling: ruling-six-not-rerolled (rules journal)
    if (face !== DIE_FACES) rerollable.push(i);
  });
  return { kind: "reroll", rerollable };
}

/** Why 1 Fate may not be spent on this roll, or null if it may; `fateSpent` counts the Fate already spent on it. */
export function fateRefusal(plan: TestPlan, faces: readonly number[], fateSpent: number): FateRefusal | null {
  assertInteger("fateSpent", fateSpent);
  assertTestPlan("plan", plan);
  assertTestFaces("faces", faces);
  // Checked before the faces' shape: after a non-Magic Fate the faces include the exploded dice.
  // Ruling: ruling-one-fate (rules journal)
  if (fateSpent >= MAX_FATE_PER_ROLL) return "fate-already-spent";
  const effect = fateEffect(plan, faces);
  const changes = effect.kind === "explode" ? effect.newDice > 0 : effect.rerollable.length > 0;
  return changes ? null : "fate-no-effect";
}

function assertMaySpendFate(plan: TestPlan, faces: readonly number[], fateSpent: number): void {
  const refusal = fateRefusal(plan, faces, fateSpent);
  if (refusal === "fate-already-spent") {
    throw new RangeError(`fateSpent: at most ${MAX_FATE_PER_ROLL} Fate point may be spent on a roll, ${fateSpent} already spent`);
  }
  if (refusal === "fate-no-effect") throw new RangeError("faces: Fate would change nothing on this roll");
}

/** Faces of `chains` exploding dice: each chain ends on its one non-six, so there are exactly `chains` non-sixes. */
function assertExplodingChains(name: string, faces: readonly number[], chains: number): void {
  assertTestFaces(name, faces);
  const ends = faces.length - countTestSixes(faces);
  if (ends !== chains) throw new RangeError(`${name} must be ${chains} exploding dice (${chains} non-sixes), got ${ends} non-sixes`);
}

/**
 * Fate on a non-Magic roll: the sixes explode. `newFaces` are all the faces of the fateEffect().newDice extra dice,
 * their own explosions included, in any order; they are appended to `faces`. SRD: Spending Persona & Fate
 */
export function applyFateExplosion(plan: TestPlan, faces: readonly number[], newFaces: readonly number[], fateSpent: number): FateOutcome {
  assertMaySpendFate(plan, faces, fateSpent);
  if (plan.explode) throw new RangeError("plan: a Magic roll already explodes; spend Fate on it with applyFateReroll");
  assertExplodingChains("newFaces", newFaces, countTestSixes(faces));
  const all = [...faces, ...newFaces];
  return { faces: all, result: resolveTest(plan, all), fateSpent: fateSpent + 1 };
}

/**
 * Fate on a Magic roll: reroll the die at `index` (not a six). `rerollFaces` is the new die and its explosions:
 * sixes then one non-six (Foundry: "1d6x6"). The first replaces faces[index]; the rest are appended.
 * SRD: Spending Persona & Fate
 */
export function applyFateReroll(plan: TestPlan, faces: readonly number[], index: number, rerollFaces: readonly number[], fateSpent: number): FateOutcome {
  assertMaySpendFate(plan, faces, fateSpent);
  if (!plan.explode) throw new RangeError("plan: a non-Magic roll cannot reroll a die; spend Fate on it with applyFateExplosion");
  assertInteger("index", index, 0, faces.length - 1);
  if (faces[index] === DIE_FACES) throw new RangeError(`index: the die at ${index} is a 6 that already exploded; choose another die`);
  assertExplodingChains("rerollFaces", rerollFaces, 1);
  if (rerollFaces[rerollFaces.length - 1] === DIE_FACES) throw new RangeError("rerollFaces must end on the one non-six");
  // The new die's first face takes the old one's place; its explosions go to the end.
  const all = [...faces];
  all.splice(index, 1, ...rerollFaces.slice(0, 1));
  all.push(...rerollFaces.slice(1));
  return { faces: all, result: resolveTest(plan, all), fateSpent: fateSpent + 1 };
}

/**
 * The reroll that gives a Magic roll its best chance to pass: a miss if there is one, otherwise a 4 or 5
 * (a rerolled 6 could still explode into two hits). Null when no die may be rerolled.
 */
export function bestFateReroll(plan: TestPlan, faces: readonly number[]): number | null {
  const effect = fateEffect(plan, faces);
  if (effect.kind !== "reroll") throw new RangeError("plan: only a Magic roll rerolls a die with Fate");
  const miss = effect.rerollable.find((i) => (faces[i] ?? HIT_MIN) < HIT_MIN);
  return miss ?? effect.rerollable[0] ?? null;
}
