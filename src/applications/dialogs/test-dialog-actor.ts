/**
 * Reads what the test dialog needs from an actor and from the user's targets. Structural and free of
 * Foundry globals: a document fits the shapes below, and so does a plain object in a test.
 */
import type { ActorSnapshot, FalloutSnapshot, SkillSnapshot, TargetSnapshot, TraitSnapshot } from "./test-dialog-state";

/** The part of an embedded Item the dialog reads. */
export interface ItemSource {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
}

/** The part of an Actor the dialog reads. */
export interface ActorSource {
  uuid: string;
  system: unknown;
  items: { contents: readonly ItemSource[] };
}

const field = (data: unknown, key: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/** A whole number of at least `min`, or `min` when the data holds anything else. */
const whole = (value: unknown, min = 0): number => (typeof value === "number" && Number.isInteger(value) ? Math.max(min, value) : min);

/**
 * The dialog's view of a character: Skills sorted by Type (config order) then name, Traits, Fallouts,
 * Potential and Persona left. `skillTypes` is CONFIG.GOLDHACK.skillTypes: its order and which Types explode.
 */
export function actorSnapshot(actor: ActorSource, skillTypes: Readonly<Record<string, { explodes: boolean }>>): ActorSnapshot {
  const order = Object.keys(skillTypes);
  const rank = (type: string): number => (order.includes(type) ? order.indexOf(type) : order.length);
  const items = actor.items.contents.filter((item): item is ItemSource & { id: string } => typeof item.id === "string");

  const skills: SkillSnapshot[] = items
    .filter((item) => item.type === "skill")
    .map((item) => {
      const type = String(field(item.system, "skillType") ?? "");
      return { id: item.id, name: item.name, type, rating: whole(field(item.system, "rating")), magic: skillTypes[type]?.explodes ?? false };
    })
    .sort((a, b) => rank(a.type) - rank(b.type) || a.name.localeCompare(b.name));
  const traits: TraitSnapshot[] = items.filter((item) => item.type === "trait").map((item) => ({ id: item.id, name: item.name }));
  const fallouts: FalloutSnapshot[] = items
    .filter((item) => item.type === "fallout")
    .map((item) => ({
      id: item.id,
      name: item.name,
      rating: whole(field(item.system, "rating"), 1),
      permanent: field(item.system, "permanent") === true,
    }));

  return {
    uuid: actor.uuid,
    skills,
    traits,
    fallouts,
    potential: whole(field(actor.system, "potential")),
    persona: whole(field(field(actor.system, "persona"), "value")),
  };
}

/** A targeted token's actor type and Ob, for the default Ob. */
export function targetSnapshot(actor: { type: string; system: unknown } | null | undefined): TargetSnapshot {
  return { type: actor?.type ?? "", ob: field(actor?.system, "ob") };
}
