import type { PreviewFixture } from "./fixture";

/** Every template the preview shows, in order. Each builds its context with the system's own code. */
export const FIXTURES: PreviewFixture[] = [];
