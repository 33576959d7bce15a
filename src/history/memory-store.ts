/**
 * Where the test memory's generations live: a hidden world setting (scene id → generation), which only
 * a GM may write, so only the GM clears the memory. The Tests themselves are in each actor's history.
 * SRD: Gameplay: Tests
 */
import { SYSTEM_ID } from "../constants";
import { warn } from "../documents/notify";
import { clearSceneMemory, memoryGeneration, parseMemoryMarks, withoutGoneScenes, type MemoryMarks } from "./scene-memory";

const SETTING = "testMemory";

/** Registers the hidden world setting. Call at init. */
export function registerMemorySetting(): void {
  game.settings?.register(SYSTEM_ID, SETTING, { scope: "world", config: false, type: Object, default: {} });
}

/** The stored generations, anything malformed dropped. */
export function memoryMarks(): MemoryMarks {
  return parseMemoryMarks(game.settings?.get(SYSTEM_ID, SETTING));
}

/** The scene Tests are remembered in: the one this user views; null with no scene. */
export function currentSceneId(): string | null {
  return game.scenes?.viewed?.id ?? null;
}

/** The scene's current memory generation. */
export function memoryGenerationOf(sceneId: string | null): number {
  return memoryGeneration(memoryMarks(), sceneId);
}

/** The scene's name for notices, or a generic word when there is none. */
function sceneName(sceneId: string | null): string {
  const scene = sceneId ? game.scenes?.get(sceneId) : null;
  return scene?.name ?? game.i18n?.localize("GOLDHACK.Guard.NoScene") ?? "";
}

/**
 * GM only: forgets the Tests rolled so far in a scene (default: the viewed one), so the same Intent,
 * Task and Ob may be tested again. False, with a warning, for anyone else. SRD: Gameplay: Tests
 */
// Ruling: ruling-scene-memory (rules journal)
export async function clearTestMemory(sceneId: string | null = currentSceneId()): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Guard.ClearNotGM");
    return false;
  }
  await game.settings?.set(SYSTEM_ID, SETTING, clearSceneMemory(memoryMarks(), sceneId));
  ui.notifications?.info(game.i18n?.format("GOLDHACK.Guard.Cleared", { scene: sceneName(sceneId) }) ?? "");
  return true;
}

/**
 * GM only: drops the memory of scenes that no longer exist (`exists` says which do). Quiet: it tidies a
 * hidden setting, nothing a user asked for. False when there was nothing to drop or no right to.
 */
export async function forgetGoneScenes(exists: (sceneId: string) => boolean): Promise<boolean> {
  if (!game.user?.isGM) return false;
  const kept = withoutGoneScenes(memoryMarks(), exists);
  if (!kept) return false;
  await game.settings?.set(SYSTEM_ID, SETTING, kept);
  return true;
}
