/** A linked document's name, found without a server round trip; null when it is not in this world (the Situation sheet reads its powers' links with it; small, it loads at init with the sheet). */
export function linkedName(uuid: string): string | null {
  try {
    const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
    return doc && typeof doc === "object" && "name" in doc && typeof doc.name === "string" ? doc.name : null;
  } catch {
    return null;
  }
}
