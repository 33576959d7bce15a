/**
 * What both actor sheets show of their items: Skills, Traits and Fallout as rows. Pure: it reads plain
 * data (a document fits the shapes below, and so does the preview's sample data) and no Foundry globals.
 */
import type { SkillTypeConfig } from "../../config";
import { type LearningView, learningView } from "../api/learning-context";
import type { HelperI18n } from "../../i18n/i18n";

/** The part of an embedded Item a sheet reads. */
export interface SheetItemSource {
  id: string | null;
  name: string;
  type: string;
  img?: string | null;
  sort?: number;
  system: unknown;
}

/** Enriched HTML by item id (descriptions) and for the actor's own rich text fields. */
export type EnrichedText = Readonly<Record<string, string>>;

export const field = (data: unknown, key: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/** A whole number of at least `min`, or `min` when the data holds anything else. */
export const whole = (value: unknown, min = 0): number => (typeof value === "number" && Number.isInteger(value) ? Math.max(min, value) : min);

/** Items of one type that have an id, in the order the user sorted them, then by name. */
export function itemsOfType(items: readonly SheetItemSource[], type: string, lang?: string): (SheetItemSource & { id: string })[] {
  return items
    .filter((item): item is SheetItemSource & { id: string } => item.type === type && typeof item.id === "string")
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name, lang));
}

/** One Skill as a row. `learning` is present on character sheets only (NPCs do not learn). */
export interface SkillRowView {
  id: string;
  name: string;
  img: string;
  type: string;
  typeLabel: string;
  rating: number;
  magic: boolean;
  learning: LearningView | null;
  rollLabel: string;
  editLabel: string;
  deleteLabel: string;
  advanceLabel: string;
}

export interface SkillGroupView {
  type: string;
  label: string;
  magic: boolean;
  /** The rows drawn now. */
  skills: SkillRowView[];
  /** How many more of the group's Skills a later render draws (see skillGroups' `rowBudget`). */
  waiting: number;
  addLabel: string;
  emptyLabel: string;
}

const OTHER_TYPE = "";

function typeLabel(type: string, skillTypes: Readonly<Record<string, SkillTypeConfig>>, i18n: HelperI18n): string {
  const config = skillTypes[type];
  return config ? i18n.localize(config.label) : i18n.localize("GOLDHACK.Sheet.Skills.OtherType");
}

/** One Skill item as a row; `withLearning` adds the learning pips (character sheets). */
export function skillRow(
  item: SheetItemSource & { id: string },
  skillTypes: Readonly<Record<string, SkillTypeConfig>>,
  i18n: HelperI18n,
  withLearning: boolean,
): SkillRowView {
  const type = String(field(item.system, "skillType") ?? "");
  const rating = whole(field(item.system, "rating"));
  const data = { skill: item.name, rating };
  return {
    id: item.id,
    name: item.name,
    img: item.img ?? "",
    type,
    typeLabel: typeLabel(type, skillTypes, i18n),
    rating,
    magic: skillTypes[type]?.explodes ?? false,
    learning: withLearning ? learningView(item.name, rating, whole(field(item.system, "passed")), whole(field(item.system, "failed")), i18n) : null,
    rollLabel: i18n.format("GOLDHACK.Sheet.Skill.Roll", data),
    editLabel: i18n.format("GOLDHACK.Sheet.Item.Edit", { name: item.name }),
    deleteLabel: i18n.format("GOLDHACK.Sheet.Item.Delete", { name: item.name }),
    advanceLabel: i18n.format("GOLDHACK.Sheet.Skill.Advance", { skill: item.name, rating: rating + 1 }),
  };
}

/**
 * Skills grouped by Type in config order (a hack's order and Types included), Types no longer in the
 * config last. Empty Types are kept only when `keepEmpty` (edit mode, to add the first Skill of a Type).
 * `rowBudget` draws only that many rows, in display order: the rest of each group is counted in its
 * `waiting` and has no row view built (a sheet's first render draws the rows that fill its window first).
 */
export function skillGroups(
  items: readonly SheetItemSource[],
  skillTypes: Readonly<Record<string, SkillTypeConfig>>,
  i18n: HelperI18n,
  options: { keepEmpty: boolean; withLearning: boolean; lang?: string; rowBudget?: number },
): SkillGroupView[] {
  const skills = itemsOfType(items, "skill", options.lang);
  const typeOf = (item: SheetItemSource): string => String(field(item.system, "skillType") ?? "");
  const known = Object.keys(skillTypes);
  const others = skills.filter((item) => !known.includes(typeOf(item)));
  let budget = options.rowBudget ?? Number.POSITIVE_INFINITY;
  const rows = (members: (SheetItemSource & { id: string })[]): { skills: SkillRowView[]; waiting: number } => {
    const drawn = members.slice(0, Math.max(0, budget));
    budget -= drawn.length;
    return { skills: drawn.map((item) => skillRow(item, skillTypes, i18n, options.withLearning)), waiting: members.length - drawn.length };
  };
  const groups: SkillGroupView[] = known.map((type) => {
    const label = typeLabel(type, skillTypes, i18n);
    return {
      type,
      label,
      magic: skillTypes[type]?.explodes ?? false,
      ...rows(skills.filter((item) => typeOf(item) === type)),
      addLabel: i18n.format("GOLDHACK.Sheet.Skills.Add", { type: label }),
      emptyLabel: i18n.format("GOLDHACK.Sheet.Skills.NoneOfType", { type: label }),
    };
  });
  if (others.length) {
    const label = i18n.localize("GOLDHACK.Sheet.Skills.OtherType");
    groups.push({ type: OTHER_TYPE, label, magic: false, ...rows(others), addLabel: "", emptyLabel: "" });
  }
  return groups.filter((group) => options.keepEmpty || group.skills.length + group.waiting > 0);
}

/** One Trait as a row. */
export interface TraitRowView {
  id: string;
  name: string;
  img: string;
  description: string;
  editLabel: string;
  deleteLabel: string;
}

/** Traits in the user's order; `enriched` holds each description's HTML by item id. */
export function traitRows(items: readonly SheetItemSource[], enriched: EnrichedText, i18n: HelperI18n, lang?: string): TraitRowView[] {
  return itemsOfType(items, "trait", lang).map((item) => ({
    id: item.id,
    name: item.name,
    img: item.img ?? "",
    description: enriched[item.id] ?? "",
    editLabel: i18n.format("GOLDHACK.Sheet.Item.Edit", { name: item.name }),
    deleteLabel: i18n.format("GOLDHACK.Sheet.Item.Delete", { name: item.name }),
  }));
}

/** One Fallout as a row. SRD: Changes › Fallout */
export interface FalloutRowView {
  id: string;
  name: string;
  img: string;
  rating: number;
  permanent: boolean;
  description: string;
  /** "+2 Ob" on the Tasks it affects. */
  penaltyLabel: string;
  /** Permanent Fallout has no recovery Test. SRD: Changes › Permanent Fallout */
  canRecover: boolean;
  recoverLabel: string;
  editLabel: string;
  deleteLabel: string;
  ratingLabel: string;
  permanentLabel: string;
}

/** Fallouts in the user's order, with the recovery button's label. */
export function falloutRows(items: readonly SheetItemSource[], enriched: EnrichedText, i18n: HelperI18n, lang?: string): FalloutRowView[] {
  return itemsOfType(items, "fallout", lang).map((item) => {
    const rating = whole(field(item.system, "rating"), 1);
    const permanent = field(item.system, "permanent") === true;
    return {
      id: item.id,
      name: item.name,
      img: item.img ?? "",
      rating,
      permanent,
      description: enriched[item.id] ?? "",
      penaltyLabel: i18n.format("GOLDHACK.Sheet.Fallout.Penalty", { rating }),
      canRecover: !permanent,
      recoverLabel: i18n.format(permanent ? "GOLDHACK.Sheet.Fallout.NoRecovery" : "GOLDHACK.Sheet.Fallout.Recover", { name: item.name, rating }),
      editLabel: i18n.format("GOLDHACK.Sheet.Item.Edit", { name: item.name }),
      deleteLabel: i18n.format("GOLDHACK.Sheet.Item.Delete", { name: item.name }),
      ratingLabel: i18n.format("GOLDHACK.Sheet.Fallout.RatingOf", { name: item.name }),
      permanentLabel: i18n.format("GOLDHACK.Sheet.Fallout.PermanentOf", { name: item.name }),
    };
  });
}
