/**
 * CONFIG.statusEffects differs between Foundry versions: v13 holds an array of status configs, v14 an
 * object keyed by status id (assigning an array there empties it). Both take `name` and `img` (v13
 * already deprecates `label` and `icon`). These functions feature-detect the shape at call time.
 * Sources: docs/foundry-facts.md › Status effects keyed by id; pf2e PR 21981 ("Update CONFIG.statusEffects to V14
 * structure"); twilight2000 PR 182 (v13: `name`/`img` over `label`/`icon`).
 */

/** One status as we register it. */
export interface StatusEffectEntry {
  id: string;
  /** A static ActiveEffect id (16 letters or digits), so the status's effect is the same document everywhere. */
  _id?: string;
  /** A localisation key or text. */
  name: string;
  img: string;
  /** The UUID of the journal page that explains it (Foundry links it from the status's tooltip). */
  reference?: string;
  description?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Adds (or replaces, by id) a status in either shape of `config.statusEffects`; creates the v13 array if none. */
export function registerStatusEffect(config: { statusEffects?: unknown }, entry: StatusEffectEntry): void {
  const current = config.statusEffects;
  if (Array.isArray(current)) {
    const at = current.findIndex((status: unknown) => isRecord(status) && status.id === entry.id);
    if (at >= 0) current.splice(at, 1, { ...entry });
    else current.push({ ...entry });
  } else if (isRecord(current)) {
    current[entry.id] = { ...entry };
  } else {
    config.statusEffects = [{ ...entry }];
  }
}

/** The status registered under this id, in either shape; null when none. */
export function findStatusEffect(config: { statusEffects?: unknown }, id: string): StatusEffectEntry | null {
  const current = config.statusEffects;
  const found = Array.isArray(current) ? current.find((status: unknown) => isRecord(status) && status.id === id) : isRecord(current) ? current[id] : undefined;
  return isRecord(found) ? (found as unknown as StatusEffectEntry) : null;
}
