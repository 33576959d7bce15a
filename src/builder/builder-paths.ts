/** Names the builder shares between its window, its API and the sheets, with no Foundry imports. */

/** The flag (scope "goldhack") holding a draft, on the actor being built or on the user. */
export const DRAFT_FLAG = "builderDraft";

/** The rules journal's Characters page, in the user's language (Spanish pack for "es", English otherwise). */
export function rulesPageUuid(lang: string): string {
  const pack = lang === "es" ? "rules-es" : "rules-en";
  return `Compendium.goldhack.${pack}.JournalEntry.jerulesreference.JournalEntryPage.jpcharacters0000`;
}

/** An Actor or a User as a keeper of the draft flag (both have the same flag methods; their types differ). */
export interface DraftHolder {
  readonly name: string | null;
  readonly isOwner: boolean;
  getFlag(scope: "goldhack", key: typeof DRAFT_FLAG): unknown;
  setFlag(scope: "goldhack", key: typeof DRAFT_FLAG, value: unknown): Promise<unknown>;
  unsetFlag(scope: "goldhack", key: typeof DRAFT_FLAG): Promise<unknown>;
}

/** The document as a DraftHolder. */
export const draftHolder = (doc: object): DraftHolder => doc as DraftHolder;
