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

/**
 * Each mechanic the UI explains: its page, the key of its tooltip under GOLDHACK.Tip, and the heading of
 * that page it is explained under, in each journal's language (none: the page's top). The link opens the
 * page at that heading; tests/project/rule-pages.test.ts checks each heading is one of its page's in both packs.
 */
export const RULE_TOPICS = {
  potential: { page: "characters", tip: "Potential", heading: { en: "The Basic Chart", es: "La tabla básica" } },
  fate: { page: "alterations", tip: "Fate", heading: { en: "Spending Persona and Fate", es: "Gastar Persona y Fortuna" } },
  persona: { page: "alterations", tip: "Persona", heading: { en: "Spending Persona and Fate", es: "Gastar Persona y Fortuna" } },
  ob: { page: "tests", tip: "Ob", heading: { en: "2. Skill and Obstacle", es: "2. Habilidad y Obstáculo" } },
  untrained: { page: "alterations", tip: "Untrained", heading: { en: "I don’t have the Skill!", es: "¡No tengo la Habilidad!" } },
  magic: { page: "alterations", tip: "Magic", heading: { en: "My Skill is Magic!", es: "¡Mi Habilidad es Magia!" } },
  traits: { page: "alterations", tip: "Traits", heading: { en: "My Traits apply!", es: "¡Mis Rasgos aplican!" } },
  fallout: { page: "changes", tip: "Fallout", heading: { en: "Fallout", es: "Secuelas" } },
  learning: { page: "changes", tip: "Learning", heading: { en: "Skill learning", es: "Aprender Habilidades" } },
  linked: { page: "tests", tip: "Linked", heading: { en: "4. Outcome", es: "4. Resultado" } },
  drives: { page: "characters", tip: "Drives", heading: { en: "Drives", es: "Pasiones" } },
  awards: { page: "rewards", tip: "Awards" },
  "award-actOnBelief": { page: "rewards", tip: "Award.ActOnBelief" },
  "award-pursueGoal": { page: "rewards", tip: "Award.PursueGoal" },
  "award-invokeInstinct": { page: "rewards", tip: "Award.InvokeInstinct" },
  "award-accomplishGoal": { page: "rewards", tip: "Award.AccomplishGoal" },
  "award-betrayBelief": { page: "rewards", tip: "Award.BetrayBelief" },
  "award-mvp": { page: "rewards", tip: "Award.Mvp" },
  "award-workhorse": { page: "rewards", tip: "Award.Workhorse" },
} as const satisfies Record<string, { page: PageName; tip: string; heading?: Record<RulingsLang, string> }>;
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

/**
 * A heading's anchor as Foundry makes it for a journal page's table of contents, which a content link's
 * `#hash` (`@UUID[…JournalEntryPage.<id>#<anchor>]`, rendered as data-hash) scrolls to: the text slugified
 * with String#slugify's defaults (runs of whitespace become "-", lower case, not strict, so accents and
 * punctuation stay), quotes dropped, at most 64 characters. The headings we link to hold no quotes and fit
 * well within 64 characters (tests/project/rule-pages.test.ts), so those last two steps never decide.
 */
export function headingAnchor(text: string): string {
  return text.trim().replace(/\s+/g, "-").toLowerCase().replace(/["']/g, "").slice(0, 64);
}

/** The anchor of the heading a mechanic is explained under, in the user's language; null for a page's top. */
export function ruleAnchor(topic: RuleTopic, lang: string): string | null {
  const entry = RULE_TOPICS[topic];
  return "heading" in entry ? headingAnchor(entry.heading[langOf(lang)]) : null;
}
