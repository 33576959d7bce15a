import { DIE_FACES, HIT_MIN, MAX_PERSONA_DICE } from "./chart";
import { assertBooleanInput, assertFace, assertInteger } from "./validate";

/** What goes into a Test before the dice are rolled. SRD: Tests › 2) Choosing The Skill & The Obstacle */
export interface TestInput {
  /** Skill rating; 0 means the character lacks the Skill. */
  rating: number;
  potential: number;
  /** Base Ob, before doubling for an untrained Test. */
  ob: number;
  /** +Ob from harmful Traits, Fallout or a linked Test's leftover Ob; added after doubling. */
  obPenalty?: number;
  /** +D from beneficial Traits or a linked Test's extra hits. */
  bonusDice?: number;
  /** Persona points spent before rolling, 0 to MAX_PERSONA_DICE. */
  persona?: number;
  /** The Skill is a Magic Skill: sixes explode. */
  magic?: boolean;
}

/** The pool to roll and the Ob to beat. */
export interface TestPlan {
  dice: number;
  ob: number;
  untrained: boolean;
  explode: boolean;
}

/** How a rolled Test came out. */
export interface TestResult {
  hits: number;
  passed: boolean;
  /** Hits above the Ob (extra dice for a linked Test). */
  extraHits: number;
  /** Ob left unbeaten (the Fallout rating if the GM grants the Intent at a cost). */
  remainingOb: number;
}

/**
 * Works out the pool and the Ob. Without the Skill, Potential is rolled at double Ob and penalties come after doubling.
 * SRD: Alterations › I Don't Have The Skill!, My Traits Apply!, Spending Persona & Fate To Modify Rolls
 */
export function planTest(input: TestInput): TestPlan {
  if (typeof input !== "object" || input === null) throw new RangeError(`input must be a Test input, got ${String(input)}`);
  const { rating, potential, ob, obPenalty = 0, bonusDice = 0, persona = 0, magic = false } = input;
  assertInteger("rating", rating);
  assertInteger("potential", potential);
  assertInteger("ob", ob);
  assertInteger("obPenalty", obPenalty);
  assertInteger("bonusDice", bonusDice);
  assertInteger("persona", persona, 0, MAX_PERSONA_DICE);
  assertBooleanInput("magic", magic);
  const untrained = rating === 0;
  const base = untrained ? potential : rating;
  return {
    dice: base + bonusDice + persona,
    ob: (untrained ? 2 * ob : ob) + obPenalty,
    untrained,
    explode: magic,
  };
}

/** What a Test is of, as far as exploding goes: the Skill rolled, or the Skill an untrained Test would teach. */
export interface ExplodingTest {
  /** The Skill rolled (rating 1+ or a rating-0 Skill the character has), or null for Potential and recovery. */
  skill: { explodes: boolean } | null;
  /** Potential rolled to learn a Skill of this Type, or null when nothing is learned. */
  learning: { explodes: boolean } | null;
}

/**
 * Whether a Test's sixes explode (and so whether Fate rerolls a die rather than exploding): a Test of a
 * Magic Skill does, whether the character has the Skill or tests Potential to learn it. A recovery Test or
 * plain Potential does not. SRD: Alterations › My Skill Is Magic!, I Don't Have The Skill!
 * Ruling: ruling-untrained-magic.
 */
export function testExplodes(test: ExplodingTest): boolean {
  if (typeof test !== "object" || test === null) throw new RangeError(`test must say what is tested, got ${String(test)}`);
  if (test.skill) return test.skill.explodes === true;
  return test.learning?.explodes === true;
}

/** Rejects a plan that planTest could not have made; shared by the odds and Fate functions. */
export function assertTestPlan(name: string, plan: unknown): asserts plan is TestPlan {
  if (typeof plan !== "object" || plan === null) throw new RangeError(`${name} must be a Test plan, got ${String(plan)}`);
  const p = plan as Record<string, unknown>;
  // The odds run this on every call: only a bad plan pays for building the field names.
  if (isCount(p.dice) && isCount(p.ob) && typeof p.untrained === "boolean" && typeof p.explode === "boolean") return;
  assertInteger(`${name}.dice`, p.dice);
  assertInteger(`${name}.ob`, p.ob);
  assertBooleanInput(`${name}.untrained`, p.untrained);
  assertBooleanInput(`${name}.explode`, p.explode);
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** Checks every face is a d6 face, naming the first bad one. */
export function assertTestFaces(name: string, faces: unknown): asserts faces is readonly number[] {
  if (!Array.isArray(faces)) throw new RangeError(`${name} must be a list of die faces, got ${String(faces)}`);
  for (let i = 0; i < faces.length; i++) {
    const face: unknown = faces[i];
    // Only a bad face pays for building its name.
    if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > DIE_FACES) assertFace(`${name}[${i}]`, face);
  }
}

/** Counts hits: each die showing 4 or more. SRD: Tests › 3) Dice Roll */
export function countTestHits(faces: readonly number[]): number {
  assertTestFaces("faces", faces);
  return faces.reduce((n, face) => (face >= HIT_MIN ? n + 1 : n), 0);
}

/** Counts sixes, the faces that explode on Magic and Fate. SRD: Alterations › My Skill Is Magic! */
export function countTestSixes(faces: readonly number[]): number {
  assertTestFaces("faces", faces);
  return faces.reduce((n, face) => (face === DIE_FACES ? n + 1 : n), 0);
}

/**
 * Scores the faces rolled (exploded dice included) against the plan's Ob: passed when hits reach the Ob.
 * SRD: Tests › 3) Dice Roll, 4) Outcome
 */
export function resolveTest(plan: TestPlan, faces: readonly number[]): TestResult {
  assertTestPlan("plan", plan);
  const hits = countTestHits(faces);
  return {
    hits,
    passed: hits >= plan.ob,
    extraHits: Math.max(0, hits - plan.ob),
    remainingOb: Math.max(0, plan.ob - hits),
  };
}
