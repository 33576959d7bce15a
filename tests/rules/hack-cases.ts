import { readFileSync } from "node:fs";
import { BASIC_CHART, type HackDocument, SRD_HACK } from "../../src/rules";

const clone = <T>(v: T): T => structuredClone(v);

/** The example sea hack, read from examples/. */
export const seaHack = (): HackDocument => JSON.parse(readFileSync(new URL("../../examples/sea-hack/hack.json", import.meta.url), "utf8"));

/** Each bad hack and the one problem it must raise. `structural`: the JSON Schema alone can see it too. */
export const BAD_HACKS: { name: string; problem: string; hack: () => unknown; structural: boolean }[] = [
  { name: "not an object", problem: "NotObject", structural: true, hack: () => [1, 2] },
  { name: "no name", problem: "NameMissing", structural: true, hack: () => ({ types: SRD_HACK.types }) },
  { name: "an unknown field", problem: "FieldUnknown", structural: true, hack: () => ({ name: "x", skils: [] }) },
  { name: "a blank name", problem: "TextEmpty", structural: true, hack: () => ({ name: "  " }) },
  { name: "a bad language code", problem: "LanguageInvalid", structural: true, hack: () => ({ name: { English: "x" } }) },
  {
    name: "too few Types",
    problem: "TypesTooFew",
    structural: true,
    hack: () => ({ name: "x", types: clone(SRD_HACK.types ?? []).slice(0, 2) }),
  },
  {
    name: "a repeated Type",
    problem: "TypeRepeated",
    structural: false,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "magic", label: "M", explodes: true, practiceOrder: 9 }] }),
  },
  {
    name: "a Type key with capitals",
    problem: "KeyInvalid",
    structural: true,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "Sail", label: "S", explodes: false, practiceOrder: 9 }] }),
  },
  {
    name: "explodes not a boolean",
    problem: "TypeExplodesInvalid",
    structural: true,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "sail", label: "S", explodes: "no", practiceOrder: 9 }] }),
  },
  {
    name: "a negative practice place",
    problem: "PracticeOrderInvalid",
    structural: true,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "sail", label: "S", explodes: false, practiceOrder: -1 }] }),
  },
  {
    name: "two Types in one practice place",
    problem: "PracticeOrderRepeated",
    structural: false,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "sail", label: "S", explodes: false, practiceOrder: 0 }] }),
  },
  { name: "no ages", problem: "AgesNone", structural: true, hack: () => ({ name: "x", ages: [], chart: {} }) },
  {
    name: "a repeated age",
    problem: "AgeRepeated",
    structural: false,
    hack: () => ({ name: "x", ages: [...clone(SRD_HACK.ages ?? []), { key: "child", label: "C" }] }),
  },
  {
    name: "an age without a chart row",
    problem: "AgeWithoutRow",
    structural: false,
    hack: () => ({ name: "x", ages: [...clone(SRD_HACK.ages ?? []), { key: "ancient", label: "A" }], chart: clone(SRD_HACK.chart) }),
  },
  {
    name: "an added age with no chart at all",
    problem: "AgeWithoutRow",
    structural: false,
    hack: () => ({ name: "x", ages: [...clone(SRD_HACK.ages ?? []), { key: "ancient", label: "A" }] }),
  },
  {
    name: "a chart row for no age",
    problem: "RowWithoutAge",
    structural: false,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), ancient: { ...BASIC_CHART.elder } } }),
  },
  {
    name: "a chart number missing",
    problem: "ChartNumberMissing",
    structural: true,
    hack: () => {
      const chart = clone(SRD_HACK.chart) as Record<string, Record<string, number>>;
      delete chart.adult?.traits;
      return { name: "x", chart };
    },
  },
  {
    name: "a chart number not whole",
    problem: "ChartNumberNotWhole",
    structural: true,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), adult: { ...BASIC_CHART.adult, skillPoints: 4.5 } } }),
  },
  {
    name: "a chart number below its minimum",
    problem: "ChartNumberBelowMin",
    structural: true,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), adult: { ...BASIC_CHART.adult, maxRating: 1 } } }),
  },
  {
    name: "Fate above Potential",
    problem: "ChartFateAbovePotential",
    structural: false,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), elder: { ...BASIC_CHART.elder, fate: 3 } } }),
  },
  {
    name: "Persona above Potential",
    problem: "ChartPersonaAbovePotential",
    structural: false,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), elder: { ...BASIC_CHART.elder, persona: 3 } } }),
  },
  { name: "an Ob of zero", problem: "ObInvalid", structural: true, hack: () => ({ name: "x", obGrades: [{ ob: 0, label: "None" }] }) },
  {
    name: "a repeated Ob",
    problem: "ObRepeated",
    structural: false,
    hack: () => ({ name: "x", obGrades: [{ ob: 1, label: "A" }, { ob: 1, label: "B" }] }),
  },
  { name: "no Ob grades", problem: "ObGradesNone", structural: true, hack: () => ({ name: "x", obGrades: [] }) },
  { name: "a malformed pack id", problem: "PackIdInvalid", structural: true, hack: () => ({ name: "x", compendiums: { skill: ["no dot"] } }) },
  { name: "a list that is not one", problem: "FieldNotList", structural: true, hack: () => ({ name: "x", types: "craft" }) },
  { name: "an unknown term", problem: "TermUnknown", structural: true, hack: () => ({ name: "x", terms: { gold: { en: "Silver" } } }) },
  { name: "a bad string key", problem: "StringKeyInvalid", structural: true, hack: () => ({ name: "x", strings: { en: { nodot: "y" } } }) },
  {
    name: "a string key through __proto__",
    problem: "KeyForbidden",
    structural: true,
    hack: () => ({ name: "x", strings: { en: { "GOLDHACK.__proto__.polluted": "y" } } }),
  },
  {
    name: "a Type keyed constructor",
    problem: "KeyForbidden",
    structural: true,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "constructor", label: "C", explodes: false, practiceOrder: 9 }] }),
  },
  {
    name: "a chart row keyed prototype",
    problem: "KeyForbidden",
    structural: true,
    hack: () => ({ name: "x", ages: [...clone(SRD_HACK.ages ?? []), { key: "prototype", label: "P" }], chart: { ...clone(SRD_HACK.chart), prototype: { ...BASIC_CHART.elder } } }),
  },
  {
    name: "a chart number above 99",
    problem: "ChartNumberAboveMax",
    structural: true,
    hack: () => ({ name: "x", chart: { ...clone(SRD_HACK.chart), adult: { ...BASIC_CHART.adult, maxRating: 1e20 } } }),
  },
  {
    name: "a practice place above 99",
    problem: "PracticeOrderAboveMax",
    structural: true,
    hack: () => ({ name: "x", types: [...clone(SRD_HACK.types ?? []), { key: "sail", label: "S", explodes: false, practiceOrder: 100 }] }),
  },
  { name: "an Ob above 99", problem: "ObAboveMax", structural: true, hack: () => ({ name: "x", obGrades: [{ ob: 100, label: "Too hard" }] }) },
];

