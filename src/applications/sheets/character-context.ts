/**
 * The character sheet's render context, built from plain data. Pure: the sheet passes its actor, the
 * preview passes sample data, and both get the same view. SRD: Characters; Drives; Changes
 */
import type { GoldHackConfig } from "../../config";
import type { HistoryOutcome, TestHistoryEntry } from "../../data/test-history";
import { canAdvance } from "../../rules";
import { type Pip, pipRow } from "../api/pips";
import { type SheetMode, type SheetModeView, sheetModeView } from "../api/sheet-mode";
import { type SheetTab, type TabDefinition, sheetTabs } from "../api/sheet-tabs";
import type { HelperI18n } from "../../i18n/i18n";
import {
  type EnrichedText,
  type FalloutRowView,
  field,
  falloutRows,
  itemsOfType,
  type SheetItemSource,
  type SkillGroupView,
  skillGroups,
  type TraitRowView,
  traitRows,
  whole,
} from "./actor-context";

/** The character sheet's tabs, each also a PART. */
export const CHARACTER_TABS: readonly TabDefinition[] = Object.freeze([
  { id: "skills", icon: "fa-solid fa-dice-d6" },
  { id: "drives", icon: "fa-solid fa-compass" },
  { id: "fallout", icon: "fa-solid fa-user-injured" },
  { id: "biography", icon: "fa-solid fa-feather-pointed" },
  { id: "lifepaths", icon: "fa-solid fa-route" },
]);

export const TAB_LABEL_PREFIX = "GOLDHACK.Sheet.Tabs";

/** The one tab a user with Limited permission sees. */
export const LIMITED_TAB = "biography";

/** The part of a character Actor the sheet reads. */
export interface CharacterSheetSource {
  uuid?: string;
  name: string;
  img?: string | null;
  system: unknown;
  items: readonly SheetItemSource[];
}

export interface CharacterSheetOptions {
  i18n: HelperI18n;
  /** For sorting names ("es" sorts ñ where a Spanish reader expects it). */
  lang?: string;
  config: Pick<GoldHackConfig, "skillTypes" | "ages">;
  mode: SheetMode;
  /** The user may change this actor (owner, not in a locked compendium). */
  editable: boolean;
  activeTab?: string;
  /** Enriched HTML: "biography", and item descriptions by id. */
  enriched?: EnrichedText;
  /** The user has only Limited permission: the header and the Biography, nothing of the mechanics. */
  limited?: boolean;
  /** The actor's recorded Tests (`actor.testHistory`), as plain data; any order. */
  history?: readonly TestHistoryEntry[];
  /** The user is a GM: offers "Request a Test". */
  isGM?: boolean;
  /** Draw only this many Skill rows now (the first render's; see skillGroups). */
  skillRowBudget?: number;
}

/**
 * How many Skill rows a sheet's first render draws; the rest follow right after the first frame. The default
 * 720 × 800 window shows 15 below the header and the Skills toolbar (measured in chromium), and part of one more.
 */
export const FIRST_RENDER_SKILL_ROWS = 16;

/** How many recent Tests the Drives tab lists: enough to weigh Beliefs and Traits at session's end, short enough to fit. */
export const RECENT_TESTS_SHOWN = 6;

/** One recent Test, linked to its chat card. SRD: Tests › 1) Declaring The Intent & The Task */
export interface RecentTestView {
  messageId: string;
  outcome: HistoryOutcome;
  outcomeLabel: string;
  /** The Skill tested, or Potential. */
  skill: string;
  ob: number;
  intent: string;
  task: string;
}

/** Fate or Persona: pips up to Potential. SRD: Characters › The Basic Chart (Potential caps both) */
export interface PoolView {
  key: "fate" | "persona";
  /** The form field the value is saved to. */
  name: string;
  label: string;
  value: number;
  max: number;
  /** Stored above Potential (should not happen: the actor clamps; shown so it is noticed). */
  over: boolean;
  pips: Pip[];
  summary: string;
}

export interface DriveView {
  key: "belief" | "goal" | "instinct";
  name: string;
  label: string;
  value: string;
  hint: string;
}

export interface LifepathRowView {
  id: string;
  name: string;
  img: string;
  types: { key: string; label: string; free: boolean }[];
  editLabel: string;
  deleteLabel: string;
}

export interface CharacterSheetContext extends SheetModeView {
  actor: { uuid: string; name: string; img: string };
  age: { value: string; label: string; options: { value: string; label: string }[] };
  potential: number;
  pools: PoolView[];
  tabs: Record<string, SheetTab>;
  tabList: SheetTab[];
  /** `anyReady`: some Skill shows its advance button (the table then keeps a column for it). */
  /**
   * `count`: every Skill; `waiting`: those a later render draws (skillRowBudget), of which `waitingGroups` Types
   * have no row drawn yet (and are not in `groups`).
   */
  skills: { groups: SkillGroupView[]; count: number; waiting: number; waitingGroups: number; anyReady: boolean; untrainedLabel: string };
  drives: { fields: DriveView[]; traits: TraitRowView[]; addTraitLabel: string };
  fallout: { rows: FalloutRowView[]; addLabel: string };
  biography: { name: string; source: string; enriched: string };
  /** The tie to one of the Situation's powers, chosen in the builder: linked to the power's Actor or page when it has one. */
  tie: { label: string; power: string; link: string; none: string };
  /** `full`: the age's Lifepaths are all taken, so the tab says so instead of inviting a drop. */
  lifepaths: { rows: LifepathRowView[]; openTypes: { key: string; label: string; magic: boolean }[]; countLabel: string; addLabel: string; full: boolean };
  recentTests: { entries: RecentTestView[]; showLabel: string };
  /** The GM's "Request a Test" button; null for players (it is not drawn). */
  requestTest: { label: string } | null;
  /**
   * Retirement (src/documents/retire.ts): `badge` for everyone when retired; `action` the GM's toggle (Retire, or
   * Return to play), null for players. SRD: Changes › Aging Your Character
   */
  retire: { retired: boolean; badge: string; action: { label: string; hint: string; retired: boolean } | null };
  /**
   * The builder's and the group Test's buttons in the header toolbar (src/builder/, src/group/): `canBuild` on an
   * empty character the user may edit (then Build is the primary action, and the empty Skills tab names it),
   * `canCheck` and `canGroupTest` for everyone but a Limited viewer (Group Test not for a retired character).
   */
  builder: { canBuild: boolean; canCheck: boolean; canGroupTest: boolean };
  /** The header draws its toolbar: it has at least one button (an observer's sheet has none). */
  toolbar: boolean;
}

const DRIVES = ["belief", "goal", "instinct"] as const;

function tieView(raw: unknown, i18n: HelperI18n): CharacterSheetContext["tie"] {
  const tie = typeof raw === "object" && raw !== null ? (raw as { power?: unknown; link?: unknown }) : {};
  const power = typeof tie.power === "string" ? tie.power.trim() : "";
  const link = typeof tie.link === "string" && /^[A-Za-z0-9.]+$/.test(tie.link.trim()) ? tie.link.trim() : "";
  return { label: i18n.localize("GOLDHACK.Sheet.Tie.Label"), power, link: power ? link : "", none: i18n.localize("GOLDHACK.Sheet.Tie.None") };
}

function retireView(retired: boolean, gm: boolean, i18n: HelperI18n): CharacterSheetContext["retire"] {
  const which = retired ? "Return" : "Retire";
  return {
    retired,
    badge: retired ? i18n.localize("GOLDHACK.Retire.Badge") : "",
    action: gm ? { label: i18n.localize(`GOLDHACK.Retire.${which}`), hint: i18n.localize(`GOLDHACK.Retire.${which}Hint`), retired: !retired } : null,
  };
}
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function pool(key: "fate" | "persona", system: unknown, potential: number, i18n: HelperI18n): PoolView {
  const value = whole(field(field(system, key), "value"));
  const label = i18n.localize(`GOLDHACK.Sheet.Pool.${capital(key)}`);
  return {
    key,
    name: `system.${key}.value`,
    label,
    value,
    max: potential,
    over: value > potential,
    pips: pipRow(potential, value, (position) => i18n.format("GOLDHACK.Sheet.Pool.Pip", { pool: label, position, max: potential })),
    summary: i18n.format("GOLDHACK.Sheet.Pool.Summary", { value, max: potential }),
  };
}

function lifepathRows(items: readonly SheetItemSource[], options: CharacterSheetOptions): LifepathRowView[] {
  const { i18n, config } = options;
  return itemsOfType(items, "lifepath", options.lang).map((item) => {
    const types = field(item.system, "skillTypes");
    const keys = Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : [];
    return {
      id: item.id,
      name: item.name,
      img: item.img ?? "",
      types: keys.map((key, i) => {
        const type = config.skillTypes[key];
        return { key, label: type ? i18n.localize(type.label) : key, free: i === 0 };
      }),
      editLabel: i18n.format("GOLDHACK.Sheet.Item.Edit", { name: item.name }),
      deleteLabel: i18n.format("GOLDHACK.Sheet.Item.Delete", { name: item.name }),
    };
  });
}

/** The newest {@link RECENT_TESTS_SHOWN} Tests, newest first (the same timestamp keeps the order given). */
export function recentTests(history: readonly TestHistoryEntry[], i18n: HelperI18n, limit: number = RECENT_TESTS_SHOWN): RecentTestView[] {
  return history
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.timestamp - a.entry.timestamp || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map(({ entry }) => ({
      messageId: entry.messageId,
      outcome: entry.outcome,
      outcomeLabel: i18n.localize(entry.outcome === "passed" ? "GOLDHACK.History.Passed" : "GOLDHACK.History.Failed"),
      skill: entry.kind === "skill" && entry.skillName ? entry.skillName : i18n.localize(entry.kind === "recovery" ? "GOLDHACK.Sheet.History.Recovery" : "GOLDHACK.Sheet.History.Potential"),
      ob: entry.ob,
      intent: entry.intent,
      task: entry.task,
    }));
}

/** Builds everything the character sheet's parts render. */
export function buildCharacterSheetContext(actor: CharacterSheetSource, options: CharacterSheetOptions): CharacterSheetContext {
  const { i18n, config, editable } = options;
  const enriched = options.enriched ?? {};
  const mode = sheetModeView(options.mode, editable, i18n);
  const system = actor.system;
  const age = String(field(system, "age") ?? "");
  const ageConfig = config.ages[age];
  const potential = whole(field(system, "potential"), 0) || (ageConfig?.potential ?? 0);
  const tabs = options.limited
    ? sheetTabs(CHARACTER_TABS.filter((tab) => tab.id === LIMITED_TAB), LIMITED_TAB, TAB_LABEL_PREFIX, i18n)
    : sheetTabs(CHARACTER_TABS, options.activeTab, TAB_LABEL_PREFIX, i18n);
  const drives = field(system, "drives");

  const lifepaths = lifepathRows(actor.items, options);
  const open = new Set(lifepaths.flatMap((row) => row.types.map((t) => t.key)));
  const skills = skillGroups(actor.items, config.skillTypes, i18n, {
    keepEmpty: mode.editing,
    withLearning: true,
    lang: options.lang,
    ...(options.skillRowBudget === undefined ? {} : { rowBudget: options.skillRowBudget }),
  });
  const waiting = skills.reduce((n, group) => n + group.waiting, 0);
  // A Type none of whose rows is drawn yet is left out whole: the room after the table stands for it.
  const unseen = (group: SkillGroupView): boolean => group.skills.length === 0 && group.waiting > 0;

  const retire = retireView(field(system, "retired") === true, options.isGM === true && !options.limited, i18n);
  const canBuild = editable && !options.limited && actor.items.length === 0;
  const canCheck = !options.limited;
  const builder = { canBuild, canCheck, canGroupTest: canCheck && !retire.retired };

  return {
    ...mode,
    actor: { uuid: actor.uuid ?? "", name: actor.name, img: actor.img ?? "" },
    age: {
      value: age,
      label: ageConfig ? i18n.localize(ageConfig.label) : age,
      options: Object.entries(config.ages).map(([value, row]) => ({ value, label: i18n.localize(row.label) })),
    },
    potential,
    pools: [pool("fate", system, potential, i18n), pool("persona", system, potential, i18n)],
    tabs,
    tabList: Object.values(tabs),
    skills: {
      groups: skills.filter((group) => !unseen(group)),
      count: skills.reduce((n, group) => n + group.skills.length, waiting),
      waiting,
      waitingGroups: skills.filter(unseen).length,
      // Of every Skill, drawn or waiting: the table keeps a column for the advance button from the first render.
      anyReady: actor.items.some((item) => item.type === "skill" && canAdvance(whole(field(item.system, "rating")), whole(field(item.system, "passed")), whole(field(item.system, "failed")))),
      untrainedLabel: i18n.format("GOLDHACK.Sheet.Skills.TestPotential", { potential }),
    },
    drives: {
      fields: DRIVES.map((key) => ({
        key,
        name: `system.drives.${key}`,
        label: i18n.localize(`GOLDHACK.Sheet.Drives.${capital(key)}`),
        value: String(field(drives, key) ?? ""),
        hint: i18n.localize(`GOLDHACK.Sheet.Drives.${capital(key)}Hint`),
      })),
      traits: traitRows(actor.items, enriched, i18n, options.lang),
      addTraitLabel: i18n.localize("GOLDHACK.Sheet.Drives.AddTrait"),
    },
    fallout: { rows: falloutRows(actor.items, enriched, i18n, options.lang), addLabel: i18n.localize("GOLDHACK.Sheet.Fallout.Add") },
    biography: { name: "system.biography", source: String(field(system, "biography") ?? ""), enriched: enriched.biography ?? "" },
    tie: tieView(field(system, "tie"), i18n),
    lifepaths: {
      rows: lifepaths,
      openTypes: Object.entries(config.skillTypes)
        .filter(([key]) => open.has(key))
        .map(([key, type]) => ({ key, label: i18n.localize(type.label), magic: type.explodes })),
      countLabel: i18n.format("GOLDHACK.Sheet.Lifepaths.Count", {
        count: lifepaths.length,
        expected: ageConfig?.lifepaths ?? 0,
        age: ageConfig ? i18n.localize(ageConfig.label) : age,
      }),
      addLabel: i18n.localize("GOLDHACK.Sheet.Lifepaths.Add"),
      full: ageConfig !== undefined && ageConfig.lifepaths > 0 && lifepaths.length >= ageConfig.lifepaths,
    },
    recentTests: { entries: options.limited ? [] : recentTests(options.history ?? [], i18n), showLabel: i18n.localize("GOLDHACK.History.ShowCard") },
    requestTest: options.isGM && !options.limited ? { label: i18n.localize("GOLDHACK.Sheet.History.Request") } : null,
    retire,
    builder,
    toolbar: canBuild || canCheck || retire.action !== null || mode.modeToggle !== null,
  };
}
