/** The last choices built, kept while CONFIG.GOLDHACK.skillTypes still says the same. */
let cached: Record<string, string> = {};
let cachedCount = -1;

/**
 * Skill Type keys and labels from CONFIG.GOLDHACK, read each time so a hack's Types count. Every Skill's
 * validation asks (a big world: tens of thousands of times on load), so the record is rebuilt only when a Type
 * or label has changed: the check walks the config without allocating, the rebuild allocates.
 */
export function skillTypeChoices(): Record<string, string> {
  const types = CONFIG.GOLDHACK.skillTypes;
  let count = 0;
  let same = true;
  for (const key in types) {
    count++;
    if (cached[key] !== types[key]?.label) {
      same = false;
      break;
    }
  }
  if (same && count === cachedCount) return cached;
  cached = Object.freeze(Object.fromEntries(Object.entries(types).map(([key, type]) => [key, type.label]))) as Record<string, string>;
  cachedCount = Object.keys(cached).length;
  return cached;
}
