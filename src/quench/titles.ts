/**
 * The scenarios' titles, in the order they run: all the Quench batch needs when Quench asks for its tests.
 * Kept apart from ./scenarios.ts, whose code (and the system modules it reaches) loads only when the batch runs.
 */
export const SCENARIO_TITLES = ["imports a character from the example pack", "rolls a Test, spends Fate, offers and accepts Fallout", "answers a GM's request with a roll"] as const;
