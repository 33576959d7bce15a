import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkRepeatedTest, foldDeclaredText, type RepeatedTestDeclaration } from "../../src/rules/guard";
import * as rules from "../../src/rules";

const t = (intent: string, task: string, ob: number): RepeatedTestDeclaration => ({ intent, task, ob });
// SRD: Alterations › Assisting & Hindering: "Scouts are hiding".
const HIDE = t("Hide from the scouts", "Crawl into the bushes", 2);

describe("checkRepeatedTest (SRD: Gameplay: Tests — two of these three must change)", () => {
  it("blocks the same Intent, Task and Ob", () => {
    expect(checkRepeatedTest(HIDE, [HIDE])).toEqual({
      blocked: true,
      match: 0,
      changed: [],
      unchanged: ["intent", "task", "ob"],
      undeclared: [],
      problem: {
        key: "GOLDHACK.RepeatedTest.NothingChanged",
        data: { test: 1, intent: "Hide from the scouts", task: "Crawl into the bushes", ob: 2 },
      },
    });
  });

  it.each([
    ["intent", t("Hide the map from the scouts", HIDE.task, 2), "OnlyIntentChanged", { test: 1, task: HIDE.task, ob: 2 }],
    ["task", t(HIDE.intent, "Climb a tree", 2), "OnlyTaskChanged", { test: 1, intent: HIDE.intent, ob: 2 }],
    ["ob", t(HIDE.intent, HIDE.task, 3), "OnlyObChanged", { test: 1, intent: HIDE.intent, task: HIDE.task }],
  ])("blocks when only the %s changed, saying what stayed the same", (facet, next, key, data) => {
    const verdict = checkRepeatedTest(next, [HIDE]);
    expect(verdict.blocked).toBe(true);
    expect(verdict.changed).toEqual([facet]);
    expect(verdict.unchanged).toHaveLength(2);
    expect(verdict.problem).toEqual({ key: `GOLDHACK.RepeatedTest.${key}`, data });
  });

  it.each([
    ["intent and task", t("Spot the scouts", "Climb a tree", 2), ["intent", "task"]],
    ["intent and ob", t("Spot the scouts", HIDE.task, 3), ["intent", "ob"]],
    ["task and ob", t(HIDE.intent, "Climb a tree", 1), ["task", "ob"]],
    ["all three", t("Spot the scouts", "Climb a tree", 4), ["intent", "task", "ob"]],
  ])("allows a new roll when %s changed", (_label, next, changed) => {
    const verdict = checkRepeatedTest(next, [HIDE]);
    expect(verdict).toMatchObject({ blocked: false, match: 0, changed, problem: null });
  });

  it("allows anything when there is no earlier Test", () => {
    expect(checkRepeatedTest(HIDE, [])).toEqual({ blocked: false, match: null, changed: [], unchanged: [], undeclared: [], problem: null });
  });

  it("is blocked if any earlier Test is too close, and names the closest", () => {
    const earlier = [t("Spot the scouts", "Climb a tree", 3), t(HIDE.intent, "Climb a tree", 2), t("Run", "Sprint", 1)];
    const verdict = checkRepeatedTest(t(HIDE.intent, HIDE.task, 2), earlier);
    expect(verdict).toMatchObject({ blocked: true, match: 1, changed: ["task"] });
    expect(verdict.problem?.data).toEqual({ test: 2, intent: HIDE.intent, ob: 2 });
  });

  it("names the latest of equally close Tests", () => {
    const verdict = checkRepeatedTest(HIDE, [HIDE, t("Run", "Sprint", 1), HIDE]);
    expect(verdict.match).toBe(2);
    expect(verdict.problem?.data?.test).toBe(3);
  });

  it("when not blocked, still reports the closest Test", () => {
    const verdict = checkRepeatedTest(t(HIDE.intent, "Climb a tree", 3), [t("Run", "Sprint", 1), HIDE]);
    expect(verdict).toMatchObject({ blocked: false, match: 1, changed: ["task", "ob"], unchanged: ["intent"], problem: null });
  });
});

describe("matching is forgiving", () => {
  it("of case, surrounding and repeated whitespace", () => {
    expect(checkRepeatedTest(t("  hide FROM   the\tscouts ", "crawl into\u00a0the bushes", 2), [HIDE]).blocked).toBe(true);
    expect(foldDeclaredText("  Abrir \n la   PUERTA  ")).toBe("abrir la puerta");
  });

  it("of Unicode case and accents, in Spanish", () => {
    const es = t("Convencer al Guardián", "Mentir con intención", 2);
    expect(checkRepeatedTest(t("convencer al guardian", "MENTIR CON INTENCIÓN", 2), [es]).blocked).toBe(true);
    expect(foldDeclaredText("ÁRBOL")).toBe("arbol");
    expect(foldDeclaredText("Pingüino")).toBe("pinguino");
    // Composed and decomposed forms of the same text are the same text.
    expect(foldDeclaredText("Guardia\u0301n")).toBe(foldDeclaredText("Guardián"));
  });

  it("but keeps ñ apart from n, as Spanish does (año is not ano)", () => {
    expect(foldDeclaredText("AÑO")).toBe("año");
    expect(foldDeclaredText("an\u0303o")).toBe("año");
    expect(foldDeclaredText("año")).not.toBe(foldDeclaredText("ano"));
    const verdict = checkRepeatedTest(t("Sobrevivir el año", "Cazar", 2), [t("Sobrevivir el ano", "Cazar", 2)]);
    expect(verdict.changed).toEqual(["intent"]);
  });

  it("but not of different words or punctuation", () => {
    expect(checkRepeatedTest(t("Hide from the scout", HIDE.task, 3), [HIDE]).changed).toEqual(["intent", "ob"]);
    expect(checkRepeatedTest(t("Hide from the scouts!", "Climb", 2), [HIDE]).blocked).toBe(false);
  });
});

describe("blank Intent or Task", () => {
  it("never counts as the same: an undeclared facet cannot show a repeat", () => {
    const verdict = checkRepeatedTest(t("", "  ", 2), [t("", "", 2)]);
    expect(verdict).toMatchObject({ blocked: false, changed: ["intent", "task"], unchanged: ["ob"], undeclared: ["intent", "task"] });
  });

  it("still blocks on the two facets that are the same", () => {
    const verdict = checkRepeatedTest(t(HIDE.intent, "", 2), [HIDE]);
    expect(verdict).toMatchObject({ blocked: true, changed: ["task"], undeclared: ["task"] });
    expect(verdict.problem?.key).toBe("GOLDHACK.RepeatedTest.OnlyTaskChanged");
  });

  it("reports a blank new declaration even without earlier Tests", () => {
    expect(checkRepeatedTest(t(" ", "Climb", 1), []).undeclared).toEqual(["intent"]);
  });
});

describe("bad input throws RangeError naming it", () => {
  it.each([
    ["next.ob", () => checkRepeatedTest(t("a", "b", -1), [])],
    ["next.ob", () => checkRepeatedTest(t("a", "b", 1.5), [])],
    ["next.ob", () => checkRepeatedTest({ intent: "a", task: "b" } as RepeatedTestDeclaration, [])],
    ["next.intent", () => checkRepeatedTest({ intent: 3, task: "b", ob: 1 } as unknown as RepeatedTestDeclaration, [])],
    ["next must be an object", () => checkRepeatedTest(null as unknown as RepeatedTestDeclaration, [])],
    ["earlier must be an array", () => checkRepeatedTest(HIDE, HIDE as unknown as RepeatedTestDeclaration[])],
    ["earlier[1].task", () => checkRepeatedTest(HIDE, [HIDE, { intent: "a", ob: 1 } as RepeatedTestDeclaration])],
  ])("%s", (name, call) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(name);
  });
});

describe("repeated-Test messages", () => {
  type Tree = { [key: string]: string | Tree };
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };

  it("exist in English and Spanish with placeholders matching each problem's data", () => {
    const nexts = [HIDE, t("Other", HIDE.task, 2), t(HIDE.intent, "Other", 2), t(HIDE.intent, HIDE.task, 5)];
    const problems = nexts.map((next) => checkRepeatedTest(next, [HIDE]).problem);
    expect(new Set(problems.map((p) => p?.key)).size).toBe(4);
    for (const lang of ["en", "es"]) {
      const tree = JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), "utf8")) as Tree;
      for (const problem of problems) {
        const message = lookup(tree, problem?.key ?? "");
        expect(message, `${lang} ${problem?.key}`).toBeTypeOf("string");
        const placeholders = new Set([...(message ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
        expect(placeholders, `${lang} ${problem?.key}`).toEqual(new Set(Object.keys(problem?.data ?? {})));
      }
    }
  });

  it("is exported from the rules index", () => {
    expect(rules.checkRepeatedTest).toBe(checkRepeatedTest);
  });
});

describe("foldDeclaredText folds every occurrence, not only the first (issue 19)", () => {
  it("keeps every ñ and drops every accent in one text", () => {
    expect(foldDeclaredText("ÑANDÚ DEL AÑO")).toBe("ñandu del año");
    expect(foldDeclaredText("Ñoño")).toBe("ñoño");
    expect(foldDeclaredText("Órgano, Índice, Último")).toBe("organo, indice, ultimo");
    expect(foldDeclaredText("  a \t b \n  c  ")).toBe("a b c");
  });
});

describe("the repeated-Test guard names a Test that is not an object (issue 19)", () => {
  it("names the new Test or the earlier one", () => {
    expect(() => checkRepeatedTest("hide" as unknown as RepeatedTestDeclaration, [HIDE])).toThrow("next must be an object, got hide");
    expect(() => checkRepeatedTest(HIDE, [HIDE, 2 as unknown as RepeatedTestDeclaration])).toThrow("earlier[1] must be an object, got 2");
  });
});
