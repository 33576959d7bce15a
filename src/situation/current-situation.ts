/**
 * The world's current Situation, as other windows read it (the builder's Concept step): the page the
 * world setting names, its four answers and its powers with their links. Null when the setting names no
 * page, or a page that is gone or is not a Situation. SRD: Gameplay: Situation; Characters › Situation
 */
import { SYSTEM_ID } from "../constants";
import { CURRENT_SITUATION_SETTING } from "./situation-settings";

export interface CurrentSituation {
  uuid: string;
  name: string;
  place: string;
  powers: { name: string; link: string }[];
  ties: string;
  conflict: string;
  conflictKind: string;
  people: string;
  notes: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The current Situation page's answers, or null. */
export function currentSituation(): CurrentSituation | null {
  let uuid: unknown;
  try {
    uuid = game.settings?.get(SYSTEM_ID, CURRENT_SITUATION_SETTING);
  } catch {
    return null; // not registered (the Situation is not part of this world's system set-up)
  }
  if (typeof uuid !== "string" || uuid === "") return null;
  let doc: unknown;
  try {
    doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
  } catch {
    return null;
  }
  const page = doc as { type?: unknown; name?: unknown; system?: Record<string, unknown> } | null;
  if (!page || page.type !== "situation" || !page.system) return null;
  const s = page.system;
  const powers = Array.isArray(s.powers) ? (s.powers as unknown[]).map((p) => ({ name: text((p as { name?: unknown }).name), link: text((p as { link?: unknown }).link) })) : [];
  return { uuid, name: text(page.name), place: text(s.place), powers, ties: text(s.ties), conflict: text(s.conflict), conflictKind: text(s.conflictKind), people: text(s.people), notes: text(s.notes) };
}
