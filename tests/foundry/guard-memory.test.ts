import { describe, expect, it } from "vitest";
import { repeatedTestView } from "../../src/history/repeated-test-context";
import { checkAgainstMemory, clearSceneMemory, guardHolds, memoryGeneration, parseMemoryMarks, rememberedTests } from "../../src/history/scene-memory";
import type { TestHistoryEntry } from "../../src/data/test-history";
import { compileTemplate, createHandlebars } from "./handlebars";
import { StandInI18n } from "./i18n";
import { tags } from "./test-dialog-html";

const entry = (id: string, intent: string, task: string, ob: number, overrides: Partial<TestHistoryEntry> = {}): TestHistoryEntry => ({
  messageId: id,
  messageUuid: `ChatMessage.${id}`,
  kind: "skill",
  skillId: "s",
  skillName: "Stealth",
  ob,
  intent,
  task,
  outcome: "failed",
  timestamp: 100,
  sceneId: "scene1",
  memory: 0,
  requestId: null,
  ...overrides,
});

const sneak = entry("m1", "Slip past the guards", "Creep along the wall", 3);

describe("the repeated-test guard over the scene memory", () => {
  it("blocks the same Intent, Task and Ob, forgiving case, accents and spacing", () => {
    const check = checkAgainstMemory({ intent: "  slip PAST   the guards ", task: "creep along the wall", ob: 3 }, [sneak]);
    expect(check.blocked).toBe(true);
    expect(check.earlier?.messageId).toBe("m1");
    expect(check.problem?.key).toBe("GOLDHACK.RepeatedTest.NothingChanged");
    const accents = checkAgainstMemory({ intent: "Intención", task: "Tarea", ob: 2 }, [entry("m2", "intencion", "TAREA", 2)]);
    expect(accents.blocked).toBe(true);
  });

  it("says which two of the three must change when only one did", () => {
    const onlyOb = checkAgainstMemory({ intent: sneak.intent, task: sneak.task, ob: 4 }, [sneak]);
    expect(onlyOb).toMatchObject({ blocked: true, changed: ["ob"] });
    expect(onlyOb.problem).toEqual({ key: "GOLDHACK.RepeatedTest.OnlyObChanged", data: { test: 1, intent: sneak.intent, task: sneak.task } });
    const onlyTask = checkAgainstMemory({ intent: sneak.intent, task: "Bribe the sergeant", ob: 3 }, [sneak]);
    expect(onlyTask.problem?.key).toBe("GOLDHACK.RepeatedTest.OnlyTaskChanged");
    const onlyIntent = checkAgainstMemory({ intent: "Steal the keys", task: sneak.task, ob: 3 }, [sneak]);
    expect(onlyIntent.problem?.key).toBe("GOLDHACK.RepeatedTest.OnlyIntentChanged");
  });

  it("lets a Test through once two of the three changed, and never blocks an undeclared one", () => {
    expect(checkAgainstMemory({ intent: sneak.intent, task: "Bribe the sergeant", ob: 2 }, [sneak]).blocked).toBe(false);
    expect(checkAgainstMemory({ intent: "", task: "", ob: 3 }, [entry("m3", "", "", 3)]).blocked).toBe(false);
    expect(checkAgainstMemory({ intent: sneak.intent, task: sneak.task, ob: 3 }, []).blocked).toBe(false);
  });

  it("remembers per scene and per generation: the GM's clear forgets a scene's Tests, no other", () => {
    const history = [
      sneak,
      entry("m4", "Find the map", "Search the library", 2, { sceneId: "scene2", timestamp: 50 }),
      entry("m5", "Old", "Old", 1, { memory: 1, timestamp: 300 }),
    ];
    let marks = parseMemoryMarks({ scene2: 4, bad: -1, worse: "x" });
    expect(marks).toEqual({ scene2: 4 });
    expect(rememberedTests(history, "scene1", memoryGeneration(marks, "scene1")).map((e) => e.messageId)).toEqual(["m1"]);
    marks = clearSceneMemory(marks, "scene1");
    expect(memoryGeneration(marks, "scene1")).toBe(1);
    expect(memoryGeneration(marks, "scene2")).toBe(4);
    expect(rememberedTests(history, "scene1", memoryGeneration(marks, "scene1")).map((e) => e.messageId)).toEqual(["m5"]);
    // No scene at all is a memory of its own.
    expect(memoryGeneration(clearSceneMemory(marks, null), null)).toBe(1);
  });

  it("holds the roll for players; a GM may override", () => {
    const check = checkAgainstMemory({ intent: sneak.intent, task: sneak.task, ob: 3 }, [sneak]);
    expect(guardHolds(check, { isGM: false, override: true })).toBe(true);
    expect(guardHolds(check, { isGM: true, override: false })).toBe(true);
    expect(guardHolds(check, { isGM: true, override: true })).toBe(false);
  });

  for (const lang of ["en", "es"] as const) {
    it(`shows the localised message and the earlier card (${lang})`, () => {
      const i18n = new StandInI18n(lang);
      const check = checkAgainstMemory({ intent: sneak.intent, task: "Bribe the sergeant", ob: 3 }, [sneak]);
      const view = repeatedTestView(check, { isGM: false, override: false }, i18n);
      expect(view).toMatchObject({ show: true, holds: true, canOverride: false, earlier: { messageId: "m1", passed: false } });
      expect(view.message).toContain(sneak.intent);
      expect(view.message).not.toMatch(/[{}]/);
      expect(repeatedTestView(check, { isGM: true, override: true }, i18n)).toMatchObject({ holds: false, canOverride: true, override: true });
      expect(repeatedTestView(null, { isGM: true, override: false }, i18n).show).toBe(false);
      expect([...i18n.missing]).toEqual([]);
    });
  }

  for (const lang of ["en", "es"] as const) {
    it(`draws the warning in the test dialog's footer, escaped, with the GM's checkbox (${lang})`, () => {
      const evil = entry("m9", `<script>alert(1)</script>`, "Climb", 2);
      const check = checkAgainstMemory({ intent: evil.intent, task: "Climb", ob: 2 }, [evil]);
      for (const isGM of [false, true]) {
        const { hbs, i18n } = createHandlebars(lang);
        const repeated = repeatedTestView(check, { isGM, override: false }, i18n);
        const html = compileTemplate(hbs, "dialogs/test-dialog-footer.hbs")({ errors: {}, hasErrors: false, repeated });
        expect(html).not.toContain("<script");
        expect(html).toContain("&lt;script&gt;");
        expect([...i18n.missing]).toEqual([]);
        expect(tags(html).find((t) => t.attrs.get("name") === "roll")?.attrs.has("disabled")).toBe(true);
        expect(tags(html).some((t) => t.attrs.get("name") === "overrideRepeated")).toBe(isGM);
        expect(tags(html).find((t) => t.attrs.get("data-action") === "showMessage")?.attrs.get("data-message-id")).toBe("m9");
      }
    });
  }
});
