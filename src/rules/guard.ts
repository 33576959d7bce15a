import type { Problem } from "./types";
import { assertInteger } from "./validate";

/** The three things a Test is declared with. SRD: Gameplay: Tests */
export type RepeatedTestFacet = "intent" | "task" | "ob";

/** The facets in the order the SRD names them. */
export const REPEATED_TEST_FACETS: readonly RepeatedTestFacet[] = Object.freeze(["intent", "task", "ob"]);

/** A Test as declared: its Intent, its Task and its final Obstacle. */
export interface RepeatedTestDeclaration {
  intent: string;
  task: string;
  ob: number;
}

/** What {@link checkRepeatedTest} found. */
export interface RepeatedTestVerdict {
  /** True when at most one facet changed against some earlier Test: no new roll yet. */
  blocked: boolean;
  /**
   * Index in `earlier` of the Test compared against: the most similar one (fewest
   * changed facets), the latest of those on a tie; null when there is none.
   */
  match: number | null;
  /** Facets that differ from `earlier[match]`, in SRD order. */
  changed: RepeatedTestFacet[];
  /** Facets equal to `earlier[match]`, in SRD order. */
  unchanged: RepeatedTestFacet[];
  /** Intent or Task left blank in the new Test (the SRD asks both be declared). */
  undeclared: Exclude<RepeatedTestFacet, "ob">[];
  /** Why it is blocked, ready to localise; null when not blocked. */
  problem: Problem | null;
}

const PLACEHOLDER_ENYE = "\uE000";

/**
 * Folds text for comparing declarations: Unicode case and accents are ignored
 * ("Intención" = "intencion"), except that ñ stays a letter of its own as in
 * Spanish ("año" ≠ "ano"); surrounding and repeated whitespace is ignored.
 */
export function foldDeclaredText(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ñ/g, PLACEHOLDER_ENYE)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(new RegExp(PLACEHOLDER_ENYE, "g"), "ñ")
    .replace(/\s+/g, " ")
    .trim();
}

function assertDeclaredTest(name: string, test: unknown): asserts test is RepeatedTestDeclaration {
  if (typeof test !== "object" || test === null) throw new RangeError(`${name} must be an object, got ${String(test)}`);
  const record = test as Record<string, unknown>;
  for (const facet of ["intent", "task"] as const) {
    if (typeof record[facet] !== "string") throw new RangeError(`${name}.${facet} must be a string, got ${String(record[facet])}`);
  }
  assertInteger(`${name}.ob`, record.ob, 0);
}

interface Folded {
  intent: string;
  task: string;
  ob: number;
}

/** A blank Intent or Task is undeclared: it never counts as the same as anything. */
const sameText = (a: string, b: string): boolean => a !== "" && a === b;

function changedFacets(next: Folded, before: Folded): RepeatedTestFacet[] {
  const changed: RepeatedTestFacet[] = [];
  if (!sameText(next.intent, before.intent)) changed.push("intent");
  if (!sameText(next.task, before.task)) changed.push("task");
  if (next.ob !== before.ob) changed.push("ob");
  return changed;
}

const PROBLEM_KEY: Record<string, string> = {
  "": "GOLDHACK.RepeatedTest.NothingChanged",
  intent: "GOLDHACK.RepeatedTest.OnlyIntentChanged",
  task: "GOLDHACK.RepeatedTest.OnlyTaskChanged",
  ob: "GOLDHACK.RepeatedTest.OnlyObChanged",
};

/**
 * Whether a new Test repeats an earlier one: blocked unless at least two of
 * Intent, Task and Ob changed against every earlier Test. The caller picks the
 * earlier Tests in scope (same character, same scene...). SRD: Gameplay: Tests
 */
export function checkRepeatedTest(next: RepeatedTestDeclaration, earlier: readonly RepeatedTestDeclaration[]): RepeatedTestVerdict {
  assertDeclaredTest("next", next);
  if (!Array.isArray(earlier)) throw new RangeError(`earlier must be an array, got ${String(earlier)}`);
  earlier.forEach((test, index) => assertDeclaredTest(`earlier[${index}]`, test));

  const fold = (test: RepeatedTestDeclaration): Folded => ({ intent: foldDeclaredText(test.intent), task: foldDeclaredText(test.task), ob: test.ob });
  const folded = fold(next);
  const undeclared = (["intent", "task"] as const).filter((facet) => folded[facet] === "");

  let match: number | null = null;
  let changed: RepeatedTestFacet[] = [];
  for (const [index, test] of earlier.entries()) {
    const diff = changedFacets(folded, fold(test));
    if (match === null || diff.length <= changed.length) {
      match = index;
      changed = diff;
    }
  }
  if (match === null) return { blocked: false, match, changed: [], unchanged: [], undeclared, problem: null };

  const unchanged = REPEATED_TEST_FACETS.filter((facet) => !changed.includes(facet));
  const blocked = changed.length <= 1;
  const before = earlier[match] as RepeatedTestDeclaration;
  // The message quotes what stayed the same, so the player sees what to change.
  const data: Record<string, string | number> = { test: match + 1 };
  for (const facet of unchanged) data[facet] = before[facet];
  const problem: Problem | null = blocked ? { key: PROBLEM_KEY[changed[0] ?? ""] as string, data } : null;
  return { blocked, match, changed, unchanged, undeclared, problem };
}
