/**
 * What a character's Fallout status says: how many Fallouts and each one's name and rating, worst first.
 * Pure. SRD: Changes › Fallout: The Cost Of Unlucky Success
 */

/** One Fallout as the status lists it. */
export interface FalloutLine {
  name: string;
  rating: number;
  permanent: boolean;
}

/** The status's content; null when the character has no Fallout (no status then). */
export interface FalloutStatusSummary {
  count: number;
  lines: FalloutLine[];
}

/** The status for these Fallouts: highest rating first, then by name; null for none. */
export function falloutStatus(fallouts: readonly FalloutLine[], locale?: string): FalloutStatusSummary | null {
  if (fallouts.length === 0) return null;
  const lines = [...fallouts].sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name, locale));
  return { count: lines.length, lines };
}
