/**
 * Where each mechanic is explained in the rules journal: mechanic id → the page of the rules journal
 * (the same page ids in every language, as for the rulings in src/rulings.ts). The UI puts a short
 * tooltip (GOLDHACK.Tip.<Key>) and a link to this page beside every mechanic; tests/project checks
 * that each id's page exists in both journals and each tooltip key in both languages. Pure: no Foundry globals.
 */
import { RULES_JOURNAL_ID, RULINGS_LANGS, type RulingsLang } from "./rulings";

/** The journal's pages, by id (packs/_source/rules-<lang>/*.json). */
export const RULE_PAGE_IDS = {
  characters: "jpcharacters0000",
  tests: "jptests000000000",
  alterations: "jpalterations000",
  changes: "jpchanges0000000",
  rewards: "jprewards0000000",
  running: "jprunningthegame",
} as const;
type PageName = keyof typeof RULE_PAGE_IDS;

/** Each mechanic the UI explains: its page, and the key of its tooltip under GOLDHACK.Tip. */
export const RULE_TOPICS = {
  potential: { page: "characters", tip: "Potential" },
  fate: { page: "alterations", tip: "Fate" },
  persona: { page: "alterations", tip: "Persona" },
  ob: { page: "tests", tip: "Ob" },
  untrained: { page: "alterations", tip: "Untrained" },
  magic: { page: "alterations", tip: "Magic" },
  traits: { page: "alterations", tip: "Traits" },
  fallout: { page: "changes", tip: "Fallout" },
  learning: { page: "changes", tip: "Learning" },
  linked: { page: "tests", tip: "Linked" },
  drives: { page: "characters", tip: "Drives" },
  awards: { page: "rewards", tip: "Awards" },
  "award-actOnBelief": { page: "rewards", tip: "Award.ActOnBelief" },
  "award-pursueGoal": { page: "rewards", tip: "Award.PursueGoal" },
  "award-invokeInstinct": { page: "rewards", tip: "Award.InvokeInstinct" },
  "award-accomplishGoal": { page: "rewards", tip: "Award.AccomplishGoal" },
  "award-betrayBelief": { page: "rewards", tip: "Award.BetrayBelief" },
  "award-mvp": { page: "rewards", tip: "Award.Mvp" },
  "award-workhorse": { page: "rewards", tip: "Award.Workhorse" },
} as const satisfies Record<string, { page: PageName; tip: string }>;
export type RuleTopic = keyof typeof RULE_TOPICS;

export const isRuleTopic = (id: string): id is RuleTopic => Object.hasOwn(RULE_TOPICS, id);

const langOf = (lang: string): RulingsLang => {
  const base = lang.toLowerCase().split(/[-_]/)[0] ?? "";
  return (RULINGS_LANGS as readonly string[]).includes(base) ? (base as RulingsLang) : "en";
};

/** The UUID of the journal page that explains a mechanic, in the user's language ("es-AR" reads "es"), English otherwise. */
export function rulePageUuid(topic: RuleTopic, lang: string): string {
  const page = RULE_PAGE_IDS[RULE_TOPICS[topic].page];
  return `Compendium.goldhack.rules-${langOf(lang)}.JournalEntry.${RULES_JOURNAL_ID}.JournalEntryPage.${page}`;
}

/** The localisation key of a mechanic's tooltip. */
export const ruleTipKey = (topic: RuleTopic): string => `GOLDHACK.Tip.${RULE_TOPICS[topic].tip}`;
