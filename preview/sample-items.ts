/**
 * Sample items for the Item sheet previews: the system's own compendium entries (so their text and
 * content credit are what players get), in English and Spanish, with the ratings and logs an item
 * carries once a character has used it. Images are drawn inline so the preview loads nothing remote.
 */
import skillCastEn from "../packs/_source/skills-en/cast_skcast0000000000.json";
import skillCastEs from "../packs/_source/skills-es/hechizar_skcast0000000000.json";
import skillSwordsEn from "../packs/_source/skills-en/swords_skswords00000000.json";
import skillSwordsEs from "../packs/_source/skills-es/espada_skswords00000000.json";
import traitCuriousEn from "../packs/_source/traits-en/curious_trcurious0000000.json";
import traitCuriousEs from "../packs/_source/traits-es/curioso_trcurious0000000.json";
import falloutArmEn from "../packs/_source/fallout-en/injured-arm_fainjuredarm0000.json";
import falloutArmEs from "../packs/_source/fallout-es/brazo-lastimado_fainjuredarm0000.json";
import falloutInfamousEn from "../packs/_source/fallout-en/infamous_fainfamous000000.json";
import falloutInfamousEs from "../packs/_source/fallout-es/en-verguenza_fainfamous000000.json";
import lifepathCraftsmenEn from "../packs/_source/lifepaths-en/craftsmen_lpcraftsmen00000.json";
import lifepathCraftsmenEs from "../packs/_source/lifepaths-es/artesano_lpcraftsmen00000.json";
import lifepathEsotericEn from "../packs/_source/lifepaths-en/esoteric_lpesoteric000000.json";
import lifepathEsotericEs from "../packs/_source/lifepaths-es/esoterico_lpesoteric000000.json";
import type { ItemSheetSource } from "../src/applications/sheets/item-context";

export type SampleItemLang = "en" | "es";

/** A compendium source as the pack files hold it. */
interface PackItem {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  flags?: unknown;
}

/** A square icon drawn inline, one colour per item type. */
function icon(fill: string, glyph: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="${fill}"/><path d="${glyph}" fill="#f3e3b3"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const ICONS: Readonly<Record<string, string>> = {
  skill: icon("#5b3f8c", "M32 8l6 16h17l-14 10 5 17-14-10-14 10 5-17L9 24h17z"),
  trait: icon("#3b5a3a", "M32 10a22 22 0 1 0 0.1 0zm0 8a14 14 0 1 1-0.1 0z"),
  fallout: icon("#8c2f2f", "M28 10h8v26h-8zm0 32h8v8h-8z"),
  lifepath: icon("#7a5a12", "M12 50l14-30 10 18 6-10 10 22z"),
};

/** One sample: a pack item in a language, with what a character's use of it changed. */
function sample(sources: Readonly<Record<SampleItemLang, PackItem>>, lang: SampleItemLang, system: Record<string, unknown> = {}): ItemSheetSource {
  const source = sources[lang];
  return {
    name: source.name,
    type: source.type,
    img: ICONS[source.type] ?? null,
    uuid: `Item.${source._id}`,
    system: { ...source.system, ...system },
    flags: source.flags,
  };
}

/** Cast, a Magic Skill at rating 2 with enough logs to learn rating 3. SRD: Changes › Skill Learning */
export const sampleMagicSkill = (lang: SampleItemLang): ItemSheetSource =>
  sample({ en: skillCastEn, es: skillCastEs }, lang, { rating: 2, passed: 3, failed: 2 });

/** Swords at rating 3, partway to rating 4. */
export const sampleSkill = (lang: SampleItemLang): ItemSheetSource =>
  sample({ en: skillSwordsEn, es: skillSwordsEs }, lang, { rating: 3, passed: 2, failed: 1 });

export const sampleTrait = (lang: SampleItemLang): ItemSheetSource => sample({ en: traitCuriousEn, es: traitCuriousEs }, lang);

/** An injured arm at rating 2: the Ob points that were left when it was taken. */
export const sampleFallout = (lang: SampleItemLang): ItemSheetSource => sample({ en: falloutArmEn, es: falloutArmEs }, lang, { rating: 2 });

/** A reputation that time will not mend. SRD: Changes › Permanent Fallout */
export const samplePermanentFallout = (lang: SampleItemLang): ItemSheetSource =>
  sample({ en: falloutInfamousEn, es: falloutInfamousEs }, lang, { rating: 3, permanent: true });

export const sampleLifepath = (lang: SampleItemLang): ItemSheetSource => sample({ en: lifepathCraftsmenEn, es: lifepathCraftsmenEs }, lang);

export const sampleMagicLifepath = (lang: SampleItemLang): ItemSheetSource =>
  sample({ en: lifepathEsotericEn, es: lifepathEsotericEs }, lang);
