/** Tells fvtt-types about what the play aids add to `game.goldhack`. */
import type { GoldHackDrivesBoard } from "./drives-board";

declare global {
  interface GoldHackApi {
    /** GM: opens the Drives board (every player character's Drives, Traits and Fallout). */
    drivesBoard?(): Promise<GoldHackDrivesBoard | null>;
    /** What a click on an inline `[[/test …]]` or `[[/request …]]` link does, for macros. */
    inlineTest?(command: string, args: string): Promise<void>;
  }
}

export {};
