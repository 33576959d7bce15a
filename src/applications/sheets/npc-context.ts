/**
 * The NPC sheet's render context, built from plain data: one compact page with the Ob the opponent sets,
 * Potential, Skills, Traits, Fallout and description. Pure. SRD: Tests › 2) Choosing The Skill & The Obstacle
 */
import type { GoldHackConfig } from "../../config";
import { type SheetMode, type SheetModeView, sheetModeView } from "../api/sheet-mode";
import type { HelperI18n } from "../../i18n/i18n";
import { obLabel } from "../handlebars-helpers";
import {
  type EnrichedText,
  type FalloutRowView,
  field,
  falloutRows,
  itemsOfType,
  type SheetItemSource,
  skillRow,
  type SkillRowView,
  type TraitRowView,
  traitRows,
  whole,
} from "./actor-context";

export interface NpcSheetSource {
  uuid?: string;
  name: string;
  img?: string | null;
  system: unknown;
  items: readonly SheetItemSource[];
}

export interface NpcSheetOptions {
  i18n: HelperI18n;
  lang?: string;
  config: Pick<GoldHackConfig, "skillTypes" | "obGrades">;
  mode: SheetMode;
  editable: boolean;
  /** Enriched HTML: "description", and item descriptions by id. */
  enriched?: EnrichedText;
}

export interface NpcSheetContext extends SheetModeView {
  actor: { uuid: string; name: string; img: string };
  ob: { value: number; label: string; options: { value: number; label: string }[] };
  potential: number;
  skills: SkillRowView[];
  skillTypeOptions: { value: string; label: string }[];
  traits: TraitRowView[];
  fallout: FalloutRowView[];
  description: { name: string; source: string; enriched: string };
  untrainedLabel: string;
}

/** Builds everything the NPC sheet renders. Skills are listed by Type (config order), then by name. */
export function buildNpcSheetContext(actor: NpcSheetSource, options: NpcSheetOptions): NpcSheetContext {
  const { i18n, config, editable } = options;
  const enriched = options.enriched ?? {};
  const ob = whole(field(actor.system, "ob"), 1);
  const potential = whole(field(actor.system, "potential"), 0);
  const order = Object.keys(config.skillTypes);
  const rank = (type: string): number => (order.includes(type) ? order.indexOf(type) : order.length);
  const skills = itemsOfType(actor.items, "skill", options.lang)
    .map((item) => skillRow(item, config.skillTypes, i18n, false))
    .sort((a, b) => rank(a.type) - rank(b.type) || a.name.localeCompare(b.name, options.lang));

  return {
    ...sheetModeView(options.mode, editable, i18n),
    actor: { uuid: actor.uuid ?? "", name: actor.name, img: actor.img ?? "" },
    ob: {
      value: ob,
      label: obLabel(i18n, config.obGrades, ob),
      options: Object.keys(config.obGrades)
        .map(Number)
        .sort((a, b) => a - b)
        .map((value) => ({ value, label: obLabel(i18n, config.obGrades, value) })),
    },
    potential,
    skills,
    skillTypeOptions: Object.entries(config.skillTypes).map(([value, type]) => ({ value, label: i18n.localize(type.label) })),
    traits: traitRows(actor.items, enriched, i18n, options.lang),
    fallout: falloutRows(actor.items, enriched, i18n, options.lang),
    description: { name: "system.description", source: String(field(actor.system, "description") ?? ""), enriched: enriched.description ?? "" },
    untrainedLabel: i18n.format("GOLDHACK.Sheet.Skills.TestPotential", { potential }),
  };
}
