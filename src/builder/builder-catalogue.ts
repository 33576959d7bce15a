/**
 * What the builder can pick from: every Lifepath, Skill and Trait found in the Item compendiums and
 * the world, as plain entries (pure types and lookups; builder-sources.ts fills it from Foundry).
 */
import { foldDeclaredText } from "../rules";

export interface CatalogueLifepath {
  uuid: string;
  name: string;
  types: string[];
  /** Where it was found: a compendium's title, or the world's. */
  origin: string;
}

export interface CatalogueSkill {
  uuid: string;
  name: string;
  type: string;
}

export interface CatalogueTrait {
  uuid: string;
  name: string;
}

export interface BuilderCatalogue {
  lifepaths: CatalogueLifepath[];
  skills: CatalogueSkill[];
  traits: CatalogueTrait[];
}

export const emptyCatalogue = (): BuilderCatalogue => ({ lifepaths: [], skills: [], traits: [] });

/** Every uuid in the catalogue, to tell a deleted source from a present one. */
export function catalogueUuids(catalogue: BuilderCatalogue): Set<string> {
  return new Set([...catalogue.lifepaths, ...catalogue.skills, ...catalogue.traits].map((e) => e.uuid));
}

/** The catalogue Skill of this Type with this name (case and accents folded), if any. */
export function findSkill(catalogue: BuilderCatalogue, type: string, name: string): CatalogueSkill | undefined {
  const folded = foldDeclaredText(name);
  if (folded === "") return undefined;
  return catalogue.skills.find((s) => s.type === type && foldDeclaredText(s.name) === folded);
}

export function findTrait(catalogue: BuilderCatalogue, name: string): CatalogueTrait | undefined {
  const folded = foldDeclaredText(name);
  if (folded === "") return undefined;
  return catalogue.traits.find((t) => foldDeclaredText(t.name) === folded);
}

/** The language a goldhack-style pack name ends in ("lifepaths-es" → "es"), or null. */
export function packLanguage(uuid: string): string | null {
  return /^Compendium\.[^.]+\.[^.]+-([a-z]{2})\./.exec(uuid)?.[1] ?? null;
}

/**
 * The catalogue for a user of language `lang`: entries of packs in another language go last, or are
 * left out when `only` (quick start must not mix languages).
 */
export function forLanguage(catalogue: BuilderCatalogue, lang: string, only = false): BuilderCatalogue {
  const rank = (uuid: string): number => {
    const l = packLanguage(uuid);
    return l === null || l === lang ? 0 : 1;
  };
  const order = <T extends { uuid: string }>(list: T[]): T[] => {
    const kept = only ? list.filter((e) => rank(e.uuid) === 0) : list;
    return [...kept].sort((a, b) => rank(a.uuid) - rank(b.uuid));
  };
  return { lifepaths: order(catalogue.lifepaths), skills: order(catalogue.skills), traits: order(catalogue.traits) };
}
