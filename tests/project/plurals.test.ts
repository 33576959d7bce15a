/**
 * Plural forms (issue 27, "1 hits", "1 aciertos", "1 cycles", "thing(s)"): every counted string is a
 * { one, other } object in both language files, used only through src/i18n/plural.ts, and a count of 1
 * reads in the singular while other counts read in the plural, in English and in Spanish.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { groupCardContext, type GroupViewer } from "../../src/group/group-context";
import { createGroup, type GroupInput, type GroupState, landRoll, planOf, type Transition } from "../../src/group/group-state";
import { formatCount, formatMessage, pluralCategory, pluralKey } from "../../src/i18n/plural";
import { resolveTest } from "../../src/rules";
import { compileTemplate, createHandlebars } from "../foundry/handlebars";
import { StandInI18n } from "../foundry/i18n";

type Tree = { [key: string]: string | Tree };
const root = new URL("../..", import.meta.url).pathname;
const load = (lang: string): Tree => JSON.parse(readFileSync(join(root, `lang/${lang}.json`), "utf8"));
const CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

/** Every counted string (an object whose keys are all plural categories) by its key. */
function counted(tree: Tree, prefix = ""): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") continue;
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => CATEGORIES.has(k))) out.set(prefix + key, value as Record<string, string>);
    else for (const [k, v] of counted(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string): Set<string> => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ""));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : ext.test(name) ? [path] : [];
  });
}

const en = counted(load("en"));
const es = counted(load("es"));

describe("counted strings in the language files", () => {
  it("exist in both languages with a one and an other form, each naming the same placeholders", () => {
    expect(en.size).toBeGreaterThan(20);
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [lang, map] of [["en", en], ["es", es]] as const) {
      for (const [key, forms] of map) {
        expect(Object.keys(forms), `${lang} ${key}`).toEqual(expect.arrayContaining(["one", "other"]));
        const names = placeholders(forms.other ?? "");
        for (const form of Object.values(forms)) expect(placeholders(form), `${lang} ${key}`).toEqual(names);
      }
    }
  });

  it("leave no (s), (es) or un/a stand-in for a plural or a gender anywhere", () => {
    for (const lang of ["en", "es"]) {
      const text = readFileSync(join(root, `lang/${lang}.json`), "utf8");
      expect(text.match(/\w\((s|es|as|os)\)|\bun\/a\b/g), lang).toBeNull();
    }
  });

  it("are asked for only through the plural helpers, never as a plain string key", () => {
    const sources = [...files(join(root, "src"), /\.ts$/), ...files(join(root, "templates"), /\.hbs$/)].filter((f) => !f.includes("/src/rules/"));
    const misuse: string[] = [];
    let uses = 0;
    for (const file of sources) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        for (const m of line.matchAll(/"(GOLDHACK\.[\w.]+)"/g)) {
          if (!en.has(m[1] ?? "")) continue;
          uses += 1;
          if (!/ghPlural|formatCount|pluralKey|formatMessage/.test(line)) misuse.push(`${file.slice(root.length)}: ${m[1]}`);
        }
      }
    }
    expect(uses).toBeGreaterThan(5);
    expect(misuse).toEqual([]);
  });
});

describe("src/i18n/plural.ts", () => {
  const i18n = { en: new StandInI18n("en"), es: new StandInI18n("es") };

  it("reads 1 in the singular and 0, 2 and 7 in the plural, in English and Spanish, for every counted string", () => {
    for (const lang of ["en", "es"] as const) {
      for (const [key, forms] of lang === "en" ? en : es) {
        const data = Object.fromEntries([...placeholders(forms.other ?? "")].filter((p) => p !== "count").map((p) => [p, `«${p}»`]));
        expect(formatCount(i18n[lang], key, 1, data), `${lang} ${key}`).toBe((forms.one ?? "").replace(/\{(\w+)\}/g, (_, p: string) => (p === "count" ? "1" : `«${p}»`)));
        for (const n of [0, 2, 7]) expect(formatCount(i18n[lang], key, n, data), `${lang} ${key} ${n}`).toBe((forms.other ?? "").replace(/\{(\w+)\}/g, (_, p: string) => (p === "count" ? String(n) : `«${p}»`)));
      }
      expect([...i18n[lang].missing]).toEqual([]);
    }
  });

  it("falls back to the other form for a category the file lacks (a Spanish million is 'many')", () => {
    expect(pluralCategory("es", 1_000_000)).toBe("many");
    expect(pluralKey(i18n.es, "GOLDHACK.Group.Card.Hits", 1_000_000)).toBe("GOLDHACK.Group.Card.Hits.other");
    expect(formatCount(i18n.es, "GOLDHACK.Group.Card.Hits", 1_000_000)).toBe("1000000 aciertos");
    // Without has(), only "one" and "other" are assumed.
    const bare = { lang: "es", localize: (k: string) => k, format: (k: string) => k };
    expect(pluralKey(bare, "X", 1_000_000)).toBe("X.other");
    expect(pluralKey(bare, "X", 1)).toBe("X.one");
    expect([...i18n.es.missing]).toEqual([]);
  });

  it("formats a message by its data's count when it is counted, and as it is otherwise", () => {
    expect(formatMessage(i18n.en, "GOLDHACK.Builder.Error.TooManyLifepaths", { count: 1 })).toBe("This age takes 1 Lifepath; remove one first.");
    expect(formatMessage(i18n.es, "GOLDHACK.Builder.Error.TooManyLifepaths", { count: "3" })).toBe("Esta Edad lleva 3 Trasfondos; quitá uno primero.");
    expect(formatMessage(i18n.en, "GOLDHACK.Group.Card.Ob", { ob: 2 })).toBe("Ob 2");
    expect(formatMessage(i18n.en, "GOLDHACK.Group.Card.Ob", { ob: 2, count: 1 })).toBe("Ob 2");
    expect([...i18n.en.missing, ...i18n.es.missing]).toEqual([]);
  });
});

describe("a count on a card, rendered", () => {
  const ok = (t: Transition): GroupState => {
    if (!t.ok) throw new Error(t.problem.key);
    return t.state;
  };
  const part = (id: string, name: string) => ({ id, actorUuid: `Actor.${id}`, actorName: name, skillId: `s-${id}`, skillName: "Stealth", rating: 3, potential: 3, magic: false, ob: 1, task: "Creep" });
  const input: GroupInput = { mode: "needed", reading: "extraHits", alternative: false, ownerPartId: "p0", intent: "Slip past", consequence: "Alarm", parts: [part("p0", "Sela"), part("p1", "Brom")] };
  const land = (state: GroupState, id: string, faces: number[]): GroupState => {
    const p = state.parts.find((x) => x.id === id);
    if (!p) throw new Error(id);
    const plan = planOf(p);
    return ok(landRoll(state, id, { isGM: true, ownsActor: true }, { actorUuid: p.actorUuid, skillId: p.skillId, ob: p.ob }, { messageId: `m-${id}`, userId: "u", plan, faces, result: resolveTest(plan, faces), fate: false }));
  };
  const viewer: GroupViewer = { isGM: true, parts: { p0: { gone: false, owns: true, fate: 0, instinct: "", traits: [] }, p1: { gone: false, owns: true, fate: 0, instinct: "", traits: [] } } };

  it("shows each part's hits as 1 hit and 3 hits in English, 1 acierto and 3 aciertos in Spanish", () => {
    // Sela rolls one hit, Brom three (a hit is a 4, 5 or 6; SRD: Tests › 4) Rolling The Dice).
    const state = land(land(ok(createGroup(input)), "p0", [4, 1, 1]), "p1", [4, 5, 6]);
    for (const [lang, one, many] of [["en", "1 hit ·", "3 hits ·"], ["es", "1 acierto ·", "3 aciertos ·"]] as const) {
      const { hbs, i18n } = createHandlebars(lang);
      const html = compileTemplate(hbs, "group/group-card.hbs")(groupCardContext(state, "g1", viewer));
      const hits = [...html.matchAll(/goldhack-group-part__hits[^>]*>([^<]*)</g)].map((m) => (m[1] ?? "").trim());
      expect(hits.map((h) => h.slice(0, h.indexOf("·") + 1)), lang).toEqual([one, many]);
      expect([...i18n.missing], lang).toEqual([]);
    }
  });
});
