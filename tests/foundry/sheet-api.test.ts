import { describe, expect, it } from "vitest";
import { learningView } from "../../src/applications/api/learning-context";
import { clampCount, pipRow, pipTarget } from "../../src/applications/api/pips";
import { resolveSheetMode, SheetModeState, sheetModeView, toggledSheetMode } from "../../src/applications/api/sheet-mode";
import { sheetTabs, tabsConfig } from "../../src/applications/api/sheet-tabs";
import { StandInI18n } from "./i18n";

const en = new StandInI18n("en");

describe("sheet mode", () => {
  it("opens in play mode, in edit mode right after creation, and never in edit mode for a user who cannot edit", () => {
    expect(resolveSheetMode(undefined, {}, true)).toBe("play");
    expect(resolveSheetMode(undefined, { created: true }, true)).toBe("edit");
    expect(resolveSheetMode(undefined, { created: true }, false)).toBe("play");
    expect(resolveSheetMode("edit", { requested: "edit" }, false)).toBe("play");
  });

  it("keeps the user's choice across renders, and follows an explicit request", () => {
    expect(resolveSheetMode("edit", {}, true)).toBe("edit");
    expect(resolveSheetMode("edit", { requested: "play" }, true)).toBe("play");
    expect(resolveSheetMode("play", { requested: "nonsense" }, true)).toBe("play");
  });

  it("toggles between play and edit, and back to play when editing is no longer allowed", () => {
    expect(toggledSheetMode("play", true)).toBe("edit");
    expect(toggledSheetMode("edit", true)).toBe("play");
    expect(toggledSheetMode("play", false)).toBe("play");
  });

  it("remembers its mode in a SheetModeState and reads Foundry's create render context", () => {
    const state = new SheetModeState();
    expect(state.mode).toBe("play");
    expect(state.configure({ renderContext: "createActor" }, true)).toBe("edit");
    expect(state.configure({ renderContext: "updateActor" }, true)).toBe("edit");
    expect(state.toggle(true)).toBe("play");
    expect(state.configure({ mode: "edit" }, true)).toBe("edit");
    // Ownership lost while the sheet is open: back to play.
    expect(state.configure({}, false)).toBe("play");
  });

  it("describes the switch as a toggle button with a stable label, and hides it when the user cannot edit", () => {
    const play = sheetModeView("play", true, en);
    const edit = sheetModeView("edit", true, en);
    expect(play).toMatchObject({ editing: false, playing: true, editable: true, modeToggle: { pressed: false } });
    expect(edit).toMatchObject({ editing: true, playing: false, modeToggle: { pressed: true } });
    expect(play.modeToggle?.label).toBe(edit.modeToggle?.label);
    expect(play.modeToggle?.hint).not.toBe(edit.modeToggle?.hint);
    expect(sheetModeView("edit", false, en)).toMatchObject({ editing: false, playing: true, modeToggle: null });
    expect([...en.missing]).toEqual([]);
  });
});

describe("pips", () => {
  it("set the count to the clicked pip, and the last filled pip toggles itself off", () => {
    expect(pipTarget(2, 4)).toBe(4);
    expect(pipTarget(2, 1)).toBe(1);
    expect(pipTarget(2, 2)).toBe(1);
    expect(pipTarget(1, 1)).toBe(0);
  });

  it("fill the first `value` pips and keep exactly one in the tab order", () => {
    const row = pipRow(4, 2, (p, filled) => `${p}${filled ? "x" : "o"}`);
    expect(row.map((p) => p.filled)).toEqual([true, true, false, false]);
    expect(row.map((p) => p.label)).toEqual(["1x", "2x", "3o", "4o"]);
    expect(row.map((p) => p.value)).toEqual([1, 1, 3, 4]);
    expect(row.filter((p) => p.focusable).map((p) => p.position)).toEqual([2]);
    expect(pipRow(3, 0, String).filter((p) => p.focusable).map((p) => p.position)).toEqual([1]);
    expect(pipRow(3, 9, String).filter((p) => p.focusable).map((p) => p.position)).toEqual([3]);
    expect(pipRow(0, 0, String)).toEqual([]);
  });

  it("clamp counts to whole numbers within bounds", () => {
    expect(clampCount(5, 0, 3)).toBe(3);
    expect(clampCount(-1, 0, 3)).toBe(0);
    expect(clampCount("2", 0, 3)).toBe(2);
    expect(clampCount(2.7, 0, 3)).toBe(2);
    expect(clampCount("x", 0, 3)).toBe(0);
    expect(clampCount(4, 1, 0)).toBe(1);
  });
});

describe("learning view", () => {
  it("draws rating + 1 passed pips and rating failed pips, filled by the logs", () => {
    const view = learningView("Swords", 3, 2, 1, en);
    expect(view.passPips).toHaveLength(4);
    expect(view.failPips).toHaveLength(3);
    expect(view.passPips.filter((p) => p.filled)).toHaveLength(2);
    expect(view.failPips.filter((p) => p.filled)).toHaveLength(1);
    expect(view.ready).toBe(false);
    expect(view.status).toBe("Swords: 2 Passed Tests and 2 Failed Tests still needed for the next rating");
    expect(view.passPips[0]?.label).toBe("Swords: Passed Test 1 of 4");
  });

  it("is ready exactly when the rules' canAdvance is: more passes than the rating, as many fails", () => {
    expect(learningView("A", 3, 4, 3, en).ready).toBe(true);
    expect(learningView("A", 3, 3, 3, en).ready).toBe(false);
    expect(learningView("A", 3, 4, 2, en).ready).toBe(false);
    expect(learningView("A", 0, 1, 0, en).ready).toBe(true);
    expect(learningView("A", 3, 4, 3, en).status).toBe("A is ready to learn rating 4");
  });

  it("shows logs beyond the pips as extra, and treats bad data as zero", () => {
    const view = learningView("A", 1, 5, 1, en);
    expect(view.passExtra).toBe(3);
    expect(view.failExtra).toBe(0);
    const broken = learningView("A", -2, Number.NaN, 1.5, en);
    expect(broken.passPips).toHaveLength(1);
    expect(broken.failPips).toHaveLength(0);
    expect([...en.missing]).toEqual([]);
  });
});

describe("sheet tabs", () => {
  const TABS = [
    { id: "skills", icon: "a" },
    { id: "drives", icon: "b" },
  ];

  it("mark one tab active, falling back to the first for an unknown id, with localised labels", () => {
    const tabs = sheetTabs(TABS, "drives", "GOLDHACK.Sheet.Tabs", en);
    expect(tabs.drives).toMatchObject({ active: true, cssClass: "active", label: "Drives", group: "primary" });
    expect(tabs.skills).toMatchObject({ active: false, cssClass: "" });
    expect(sheetTabs(TABS, "gone", "GOLDHACK.Sheet.Tabs", en).skills?.active).toBe(true);
  });

  it("give ApplicationV2 the same tabs, initial tab and label prefix", () => {
    expect(tabsConfig(TABS, "skills", "P")).toEqual({ tabs: TABS.map((t) => ({ ...t, cssClass: "" })), initial: "skills", labelPrefix: "P" });
  });
});
