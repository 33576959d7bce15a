/**
 * What an Item sheet shows, for each of the four item types. Pure: it reads plain data (a GoldHackItem
 * fits the shapes below, and so do the preview's sample items) and no Foundry globals, so the sheet's
 * `_prepareContext`, the preview and the tests all build the same view.
 */
import type { SkillTypeConfig } from "../../config";
import { learningNeeds } from "../../rules";
import { type LearningView, learningNeedsText, learningView } from "../api/learning-context";
import type { SheetModeView } from "../api/sheet-mode";
import type { HelperI18n } from "../../i18n/i18n";

/** The item types these sheets draw, each with a template part of the same name. */
export const ITEM_SHEET_TYPES = Object.freeze(["skill", "trait", "fallout", "lifepath"] as const);
export type ItemSheetType = (typeof ITEM_SHEET_TYPES)[number];

/** How many Types a Lifepath lists; the first gives the free rating-2 Skill. SRD: Characters › Lifepaths */
export const LIFEPATH_SHEET_TYPE_COUNT = 3;

/** The part of an Item the sheet reads. */
export interface ItemSheetSource {
  name: string;
  type: string;
  img?: string | null;
  uuid?: string | null;
  system: unknown;
  flags?: unknown;
}

/** Everything outside the item that the view depends on. */
export interface ItemSheetInput {
  item: ItemSheetSource;
  /** The description as HTML ready to show (Foundry's enrichHTML; the preview passes it as stored). */
  enrichedDescription: string;
  /** Play or edit, from the sheet mode helpers. */
  mode: SheetModeView;
  /** A prefix unique to this window, for `id`/`for` pairs. */
  uid: string;
}

export interface ItemSheetDeps {
  i18n: HelperI18n;
  skillTypes: Readonly<Record<string, SkillTypeConfig>>;
}

/** One option of a Type select, localised. */
export interface TypeOption {
  value: string;
  label: string;
  selected: boolean;
}

export interface SkillSheetView {
  skillType: string;
  typeLabel: string;
  typeOptions: TypeOption[];
  rating: number;
  /** Sixes explode: read from the Type, never stored. SRD: Alterations › My Skill Is Magic! */
  magic: boolean;
  learning: LearningView;
  /** Tests still missing for the next rating. SRD: Changes › Skill Learning */
  needs: { passed: number; failed: number };
  needsLabel: string;
  advanceLabel: string;
}

export interface FalloutSheetView {
  rating: number;
  permanent: boolean;
  /** "+2 Ob" on the Tasks it affects. SRD: Changes › Fallout */
  penaltyLabel: string;
}

/** One of a Lifepath's three Type slots. */
export interface LifepathTypeSlot {
  index: number;
  /** The form field, `system.skillTypes.0` and so on. */
  name: string;
  id: string;
  value: string;
  label: string;
  typeLabel: string;
  /** The first slot: its Type gives the free rating-2 Skill. */
  free: boolean;
  options: TypeOption[];
}

export interface LifepathSheetView {
  slots: LifepathTypeSlot[];
  freeType: string;
  otherTypes: string;
  /** A warning when a Type is listed twice, or "" when all differ. */
  repeated: string;
}

export interface ItemDescriptionView {
  /** The form field. */
  name: string;
  /** The stored HTML, for the editor's value. */
  source: string;
  enriched: string;
  empty: boolean;
}

/** The whole view: common header, description and credit, plus the block of the item's type. */
export interface ItemSheetView extends SheetModeView {
  uid: string;
  itemType: string;
  typeName: string;
  name: string;
  img: string;
  uuid: string;
  imageLabel: string;
  description: ItemDescriptionView;
  /** The content credit carried by compendium items (flags.goldhack.credit), or null. */
  credit: string | null;
  skill: SkillSheetView | null;
  fallout: FalloutSheetView | null;
  lifepath: LifepathSheetView | null;
}

const field = (data: unknown, key: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/** A whole number of at least `min`; anything else becomes `min`. */
const whole = (value: unknown, min: number): number => (typeof value === "number" && Number.isInteger(value) ? Math.max(min, value) : min);

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The localised name of a Type; a Type the config no longer knows (a hack removed it) says so. */
export function skillTypeLabel(type: string, deps: ItemSheetDeps): string {
  const config = deps.skillTypes[type];
  return config ? deps.i18n.localize(config.label) : deps.i18n.format("GOLDHACK.ItemSheet.UnknownType", { type });
}

/**
 * The config's Types as options. An unknown current value stays selectable so a save does not lose it;
 * no value at all shows a blank "choose" option rather than silently picking the first Type.
 */
export function typeOptions(current: string, deps: ItemSheetDeps): TypeOption[] {
  const options = Object.keys(deps.skillTypes).map((value) => ({ value, label: skillTypeLabel(value, deps), selected: value === current }));
  if (current && !(current in deps.skillTypes)) options.push({ value: current, label: skillTypeLabel(current, deps), selected: true });
  if (!current) options.unshift({ value: "", label: deps.i18n.localize("GOLDHACK.ItemSheet.ChooseType"), selected: true });
  return options;
}

/** The content credit in the item's flags, if it carries one. */
export function itemCredit(flags: unknown): string | null {
  const credit = field(field(flags, "goldhack"), "credit");
  return typeof credit === "string" && credit.trim() !== "" ? credit.trim() : null;
}

/** A Skill's block: Type, rating, Magic, and its learning logs. SRD: Changes › Skill Learning */
export function skillSheetView(name: string, system: unknown, deps: ItemSheetDeps): SkillSheetView {
  const { i18n } = deps;
  const skillType = String(field(system, "skillType") ?? "");
  const rating = whole(field(system, "rating"), 0);
  const passed = whole(field(system, "passed"), 0);
  const failed = whole(field(system, "failed"), 0);
  const needs = learningNeeds({ rating, passed, failed });
  return {
    skillType,
    typeLabel: skillTypeLabel(skillType, deps),
    typeOptions: typeOptions(skillType, deps),
    rating,
    magic: deps.skillTypes[skillType]?.explodes ?? false,
    learning: learningView(name, rating, passed, failed, i18n),
    needs: { passed: needs.passed, failed: needs.failed },
    needsLabel:
      needs.passed === 0 && needs.failed === 0
        ? i18n.format("GOLDHACK.ItemSheet.Skill.ReadyToAdvance", { rating: rating + 1 })
        : i18n.format("GOLDHACK.ItemSheet.Skill.StillNeeded", { ...learningNeedsText(i18n, needs), rating: rating + 1 }),
    advanceLabel: i18n.format("GOLDHACK.ItemSheet.Skill.Advance", { skill: name, rating: rating + 1 }),
  };
}

/** A Fallout's block: its rating as an Ob penalty, and whether it is permanent. SRD: Changes › Fallout */
export function falloutSheetView(system: unknown, i18n: HelperI18n): FalloutSheetView {
  const rating = whole(field(system, "rating"), 1);
  return { rating, permanent: field(system, "permanent") === true, penaltyLabel: i18n.format("GOLDHACK.ItemSheet.Fallout.Penalty", { rating }) };
}

/** A Lifepath's block: three Type slots, the first giving the free rating-2 Skill. SRD: Characters › Lifepaths */
export function lifepathSheetView(name: string, system: unknown, uid: string, deps: ItemSheetDeps): LifepathSheetView {
  const { i18n } = deps;
  const stored = field(system, "skillTypes");
  const types = Array.isArray(stored) ? stored.map((t) => String(t)) : [];
  const slots = Array.from({ length: LIFEPATH_SHEET_TYPE_COUNT }, (_, index): LifepathTypeSlot => {
    const value = types[index] ?? "";
    return {
      index,
      name: `system.skillTypes.${index}`,
      id: `${uid}-skill-type-${index}`,
      value,
      label:
        index === 0
          ? i18n.localize("GOLDHACK.ItemSheet.Lifepath.FreeType")
          : i18n.format("GOLDHACK.ItemSheet.Lifepath.OtherType", { position: index + 1 }),
      typeLabel: value ? skillTypeLabel(value, deps) : "",
      free: index === 0,
      options: typeOptions(value, deps),
    };
  });
  const labels = slots.map((slot) => slot.typeLabel).filter((label) => label !== "");
  const twice = types.find((type, i) => types.indexOf(type) !== i);
  return {
    slots,
    freeType: slots[0]?.typeLabel ?? "",
    otherTypes: labels.slice(1).join(", "),
    repeated:
      twice === undefined
        ? ""
        : i18n.format("GOLDHACK.Creation.LifepathTypeRepeated", { lifepath: name, type: skillTypeLabel(twice, deps) }),
  };
}

/** The view an Item sheet renders, for any of our item types. */
export function buildItemSheetContext(input: ItemSheetInput, deps: ItemSheetDeps): ItemSheetView {
  const { item, mode, uid } = input;
  const { i18n } = deps;
  const source = String(field(item.system, "description") ?? "");
  const typeName = (ITEM_SHEET_TYPES as readonly string[]).includes(item.type)
    ? i18n.localize(`GOLDHACK.ItemSheet.Type.${capitalise(item.type)}`)
    : item.type;
  return {
    ...mode,
    uid,
    itemType: item.type,
    typeName,
    name: item.name,
    img: item.img ?? "",
    uuid: item.uuid ?? "",
    imageLabel: i18n.format("GOLDHACK.ItemSheet.ChangeImage", { name: item.name }),
    description: { name: "system.description", source, enriched: input.enrichedDescription, empty: input.enrichedDescription.trim() === "" },
    credit: itemCredit(item.flags),
    skill: item.type === "skill" ? skillSheetView(item.name, item.system, deps) : null,
    fallout: item.type === "fallout" ? falloutSheetView(item.system, i18n) : null,
    lifepath: item.type === "lifepath" ? lifepathSheetView(item.name, item.system, uid, deps) : null,
  };
}

/**
 * The form's Lifepath Types come back as `{0: "craft", 1: …}` (one select per slot); the data model wants
 * them as a list in slot order. Returns the submit data with that list, leaving everything else alone.
 */
export function normaliseItemSubmit(data: Record<string, unknown>): Record<string, unknown> {
  const system = field(data, "system");
  const types = field(system, "skillTypes");
  if (typeof types !== "object" || types === null || Array.isArray(types)) return data;
  const list = Object.entries(types as Record<string, unknown>)
    .filter(([key]) => /^\d+$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => String(value));
  return { ...data, system: { ...(system as Record<string, unknown>), skillTypes: list } };
}
