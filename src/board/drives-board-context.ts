/**
 * What the Drives board shows: each player character's Belief, Goal and Instinct, Traits and current
 * Fallout, side by side, so the GM can frame scenes that challenge them. Pure.
 * SRD: Gameplay › Framing Scenes
 */
import { falloutStatus, type FalloutLine } from "../status/fallout-status";

/** A character as the board reads it. */
export interface BoardActorSource {
  uuid: string;
  name: string;
  img: string | null;
  belief: string;
  goal: string;
  instinct: string;
  traits: readonly string[];
  fallout: readonly FalloutLine[];
}

/** One Drive's cell: the field's label key, the text, and whether the player has written it yet. */
export interface BoardDrive {
  key: "belief" | "goal" | "instinct";
  label: string;
  text: string;
  blank: boolean;
}

export interface BoardCharacter {
  uuid: string;
  name: string;
  img: string | null;
  drives: BoardDrive[];
  traits: string[];
  fallout: FalloutLine[];
}

export interface DrivesBoardContext {
  characters: BoardCharacter[];
  empty: boolean;
}

const DRIVES = ["belief", "goal", "instinct"] as const;
/** The data-model field labels, so a Drive is named once (ARCHITECTURE: a label lives once). */
const driveLabel = (key: (typeof DRIVES)[number]): string => `GOLDHACK.Actor.character.FIELDS.drives.${key}.label`;

/** The board's context: characters by name, Traits by name, Fallout worst first. */
export function drivesBoardContext(actors: readonly BoardActorSource[], locale?: string): DrivesBoardContext {
  const byName = (a: string, b: string): number => a.localeCompare(b, locale);
  const characters = [...actors]
    .sort((a, b) => byName(a.name, b.name))
    .map((actor) => ({
      uuid: actor.uuid,
      name: actor.name,
      img: actor.img,
      drives: DRIVES.map((key) => ({ key, label: driveLabel(key), text: actor[key].trim(), blank: actor[key].trim() === "" })),
      traits: [...actor.traits].sort(byName),
      fallout: falloutStatus(actor.fallout, locale)?.lines ?? [],
    }));
  return { characters, empty: characters.length === 0 };
}
