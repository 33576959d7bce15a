/**
 * The table's memory of which Tests were already rolled in a scene, so the same Intent, Task and Ob are
 * not tested again until two of them change. The Tests themselves are each actor's history; the memory
 * adds only a generation per scene, which the GM's "clear" bumps (Tests of an older generation are
 * forgotten). Pure. SRD: Gameplay: Tests
 */
import { checkRepeatedTest, type Problem, type RepeatedTestDeclaration, type RepeatedTestFacet } from "../rules";
import type { TestHistoryEntry } from "../data/test-history";

/** Memory generation per scene key (a scene id, or NO_SCENE). */
export type MemoryMarks = Readonly<Record<string, number>>;

/** The key of the memory kept when no scene is viewed. Scene ids are never empty. */
export const NO_SCENE = "";

export const sceneKey = (sceneId: string | null | undefined): string => sceneId ?? NO_SCENE;

/** The stored marks, anything that is not a whole number dropped. */
export function parseMemoryMarks(value: unknown): Record<string, number> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const marks: Record<string, number> = {};
  for (const [key, generation] of Object.entries(value)) {
    if (typeof generation === "number" && Number.isSafeInteger(generation) && generation >= 0) marks[key] = generation;
  }
  return marks;
}

/** The scene's current memory generation; 0 until first cleared. */
export function memoryGeneration(marks: MemoryMarks, sceneId: string | null): number {
  return marks[sceneKey(sceneId)] ?? 0;
}

/** The marks after the GM clears one scene's memory: its Tests no longer count against new ones. */
export function clearSceneMemory(marks: MemoryMarks, sceneId: string | null): Record<string, number> {
  return { ...marks, [sceneKey(sceneId)]: memoryGeneration(marks, sceneId) + 1 };
}

/** The Tests still remembered in a scene, oldest first (the order the guard reads them in). */
// Ruling: ruling-scene-memory (rules journal): remembered per scene and generation; the GM's clear starts a new generation.
export function rememberedTests(history: readonly TestHistoryEntry[], sceneId: string | null, generation: number): TestHistoryEntry[] {
  return history.filter((e) => e.sceneId === sceneId && e.memory === generation).sort((a, b) => a.timestamp - b.timestamp);
}

/** What the guard found for a Test about to be rolled. */
export interface RepeatedTestCheck {
  /** At most one of Intent, Task and Ob changed against a remembered Test. */
  blocked: boolean;
  /** Why, ready to localise (a GOLDHACK.RepeatedTest.* key naming what must change); null when not blocked. */
  problem: Problem | null;
  /** The remembered Test it was compared with (its card to show), null when none is remembered. */
  earlier: TestHistoryEntry | null;
  changed: RepeatedTestFacet[];
}

/**
 * Checks a declaration against the remembered Tests (oldest first). Blank Intent or Task never matches,
 * so an undeclared Test is never blocked. SRD: Gameplay: Tests
 */
export function checkAgainstMemory(next: RepeatedTestDeclaration, remembered: readonly TestHistoryEntry[]): RepeatedTestCheck {
  const verdict = checkRepeatedTest(next, remembered.map((e) => ({ intent: e.intent, task: e.task, ob: e.ob })));
  const earlier = verdict.match === null ? null : (remembered[verdict.match] ?? null);
  return { blocked: verdict.blocked, problem: verdict.problem, earlier, changed: verdict.changed };
}

/** Whether the Roll is held back: a blocked Test, unless a GM chose to roll it anyway. */
export function guardHolds(check: RepeatedTestCheck, viewer: { isGM: boolean; override: boolean }): boolean {
  return check.blocked && !(viewer.isGM && viewer.override);
}

/**
 * The marks without those of scenes that no longer exist (`exists` says which do); the no-scene memory
 * is kept. Null when nothing is dropped, so a caller writes only when it must.
 */
export function withoutGoneScenes(marks: MemoryMarks, exists: (sceneId: string) => boolean): Record<string, number> | null {
  const kept = Object.fromEntries(Object.entries(marks).filter(([key]) => key === NO_SCENE || exists(key)));
  return Object.keys(kept).length === Object.keys(marks).length ? null : kept;
}
