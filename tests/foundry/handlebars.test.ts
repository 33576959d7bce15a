import { describe, expect, it } from "vitest";
import { createHandlebars } from "./handlebars";

describe("our Handlebars helpers", () => {
  it("name an Ob by its grade in both languages, and a number above the grades", () => {
    const en = createHandlebars("en");
    const es = createHandlebars("es");
    const tpl = "{{ghObLabel ob}}";
    expect(en.hbs.compile(tpl)({ ob: 3 })).toBe("Ob 3 · Difficult");
    expect(es.hbs.compile(tpl)({ ob: 3 })).toBe("Ob 3 · Formidable");
    expect(en.hbs.compile(tpl)({ ob: 1 })).toBe("Ob 1 · Routine");
    expect(es.hbs.compile(tpl)({ ob: 5 })).toBe("Ob 5 · Legendario");
    expect(en.hbs.compile(tpl)({ ob: 7 })).toBe("Ob 7");
    expect([...en.i18n.missing, ...es.i18n.missing]).toEqual([]);
  });

  it("count, compare and sign", () => {
    const { hbs } = createHandlebars("en");
    expect(hbs.compile("{{#each (ghRange n)}}[{{this}}]{{/each}}")({ n: 3 })).toBe("[0][1][2]");
    expect(hbs.compile("{{#each (ghRange n)}}x{{/each}}")({ n: -2 })).toBe("");
    expect(hbs.compile("{{#if (ghEq a b)}}y{{else}}n{{/if}}")({ a: "x", b: "x" })).toBe("y");
    expect(hbs.compile("{{#if (ghLt a b)}}y{{else}}n{{/if}}")({ a: 3, b: 2 })).toBe("n");
    expect(hbs.compile("{{ghSigned n}}|{{ghSigned m}}")({ n: 2, m: -1 })).toBe("+2|-1");
  });
});
