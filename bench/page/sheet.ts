/**
 * The character sheet opened (browser-only), as the sheet does it (character-sheet.ts): its first render draws the
 * header and the active tab, the Skills tab, with the Skill rows that fill the window (FIRST_RENDER_SKILL_ROWS), the
 * other tabs empty; right after the first frame, the Skills part and the other tabs are drawn again, whole.
 * Ours, judged: the first frame (context, every part's template, into the window, laid out as on screen). The floor:
 * that frame's final HTML, as a static string, into the same window with the same CSS, laid out through the same
 * frame. In turn, A, B, A, B…; each opening starts from an empty, laid-out window.
 */
import { buildCharacterSheetContext, FIRST_RENDER_SKILL_ROWS } from "../../src/applications/sheets/character-context";
import { createConfig } from "../../src/config";
import { sampleCharacter, sampleEnriched, sampleTestHistory } from "../../preview/sample-data";
import { renderKit } from "../../tests/browser/render-kit";
import { type FloorTimes, floorTimes, frames, type RenderTimes, renderTimes, settle, timeStaticInsert, timeToLaidOut, windowOf } from "./frame";

const config = createConfig();

export interface SheetCounts {
  skills: number;
  traits: number;
  fallouts: number;
}

/** A character with `skills` Skills, `traits` Traits and `fallouts` Fallout (the sample's, repeated and renamed). */
function bigCharacter(counts: SheetCounts) {
  const actor = sampleCharacter("en");
  const ofType = (type: string) => actor.items.filter((i) => i.type === type);
  const grow = (type: string, n: number) =>
    Array.from({ length: n }, (_, k) => {
      const base = ofType(type)[k % ofType(type).length];
      if (!base) throw new Error(`the sample has no ${type}`);
      return { ...base, id: `${type.slice(0, 3)}${String(k).padStart(13, "0")}`, name: `${base.name} ${k + 1}`, sort: k };
    });
  actor.items = [...grow("skill", counts.skills), ...grow("trait", counts.traits), ...grow("fallout", counts.fallouts), ...ofType("lifepath")];
  return actor;
}

export function sheetBench(counts: SheetCounts) {
  const { i18n, compile } = renderKit();
  const actor = bigCharacter(counts);
  const compiled = (id: string) => ({ id, template: compile(`sheets/actor/character/${id}.hbs`) });
  const header = compiled("header");
  const skills = compiled("skills");
  const others = ["drives", "fallout", "biography", "lifepaths"].map(compiled);
  const content = windowOf(["goldhack", "goldhack-sheet", "goldhack-actor-sheet", "goldhack-character-sheet", "goldhack-mode-play"], 720);
  // The sheet's default size (720 × 800, DEFAULT_OPTIONS.position), its content below a window header.
  content.style.height = "760px";
  content.style.overflowY = "auto";
  // Foundry's own stylesheet hides every tab but the active one (the preview shows each part alone and lacks the
  // rule): without it the browser would lay out all five tabs, which Foundry never does.
  const core = document.createElement("style");
  core.textContent = ".application .tab[data-tab]:not(.active) { display: none; }";
  document.head.append(core);
  const view = (budget?: number) =>
    buildCharacterSheetContext(actor, {
      i18n, lang: "en", config, mode: "play", editable: true, activeTab: "skills",
      enriched: sampleEnriched(actor, "biography"), history: sampleTestHistory("en"), isGM: false,
      ...(budget === undefined ? {} : { skillRowBudget: budget }),
    });
  /** One render into the window, timed step by step into `into`; `draw` turns the context into the DOM. */
  const timed = async (into: RenderTimes, budget: number | undefined, draw: (context: ReturnType<typeof view>) => string, place: (html: string) => void): Promise<void> => {
    let context = 0;
    let templates = 0;
    const { total, work } = await timeToLaidOut(content, () => {
      const c0 = performance.now();
      const data = view(budget);
      const c1 = performance.now();
      const html = draw(data);
      const c2 = performance.now();
      place(html);
      context = c1 - c0;
      templates = c2 - c1;
    });
    into.total.push(total);
    into.context.push(context);
    into.templates.push(templates);
    into.insert.push(work - context - templates);
    into.layout.push(total - work);
  };
  const first = renderTimes();
  const rest = renderTimes();
  const floor = floorTimes();
  let firstHtml = "";
  let firstRows = 0;
  /** A new window: the last opening's DOM, and the layout its removal asks for, are not this opening's cost. */
  const emptyWindow = async (): Promise<void> => {
    content.replaceChildren();
    settle(content);
    await frames();
  };
  return {
    content,
    get firstHtml() {
      return firstHtml;
    },
    get firstRows() {
      return firstRows;
    },
    first,
    rest,
    floor,
    /** Ours: the first frame, judged, then (unjudged) the parts drawn again whole in the next. */
    async ours1(into = { first, rest }, then = true): Promise<void> {
      await emptyWindow();
      await timed(into.first, FIRST_RENDER_SKILL_ROWS, (data) => [header.template(data), skills.template(data), ...others.map((p) => p.template({ ...data, later: true }))].join(""), (html) => {
        content.innerHTML = html;
      });
      firstHtml = content.innerHTML;
      firstRows = content.querySelectorAll(".goldhack-skill").length;
      if (!then) return;
      await frames(); // as the floor, which waits too: the raster of the first frame is not the next part's cost
      // The parts again, each replacing its root element as Foundry replaces a part's.
      await timed(into.rest, undefined, (data) => [skills, ...others].map((p) => p.template(data)).join(""), (html) => {
        const fresh = document.createElement("template");
        fresh.innerHTML = html;
        for (const part of [...fresh.content.children]) {
          const old = content.querySelector(`section[data-tab="${part.getAttribute("data-tab") ?? ""}"]`);
          if (!old) throw new Error(`no part for ${part.getAttribute("data-tab") ?? "?"}`);
          old.replaceWith(part);
        }
      });
      const shown = content.querySelectorAll(".goldhack-skill").length;
      if (shown !== counts.skills) throw new Error(`the sheet shows ${shown} Skills, not ${counts.skills}`);
      if (content.querySelector(".goldhack-skill-waiting, [data-goldhack-later]")) throw new Error("parts are still waiting");
    },
    /** The floor: ours' first frame's HTML as a static string, into the same empty window, laid out the same way. */
    async floor1(into: FloorTimes = floor): Promise<void> {
      if (!firstHtml) throw new Error("the floor needs ours' HTML first");
      await emptyWindow();
      await timeStaticInsert(content, firstHtml, into);
    },
    done(): void {
      if (i18n.missing.size) throw new Error(`missing keys: ${[...i18n.missing].join(", ")}`);
      core.remove();
      content.closest(".application")?.remove();
    },
  };
}

/** Ours and the floor, `runs` openings each in turn (after five warm-up pairs), in ms. */
export async function timeSheetOpened(runs: number, counts: SheetCounts): Promise<{ first: RenderTimes; rest: RenderTimes; floor: FloorTimes; firstRows: number }> {
  const bench = sheetBench(counts);
  for (let w = 0; w < 5; w++) {
    await bench.ours1({ first: renderTimes(), rest: renderTimes() });
    await bench.floor1(floorTimes());
  }
  for (let r = 0; r < runs; r++) {
    await bench.ours1();
    await bench.floor1();
  }
  const firstRows = bench.firstRows;
  bench.done();
  return { first: bench.first, rest: bench.rest, floor: bench.floor, firstRows };
}

/** For the like-for-like test: the window after ours' first frame, then after the floor's, as the user sees it. */
export async function sheetLikeForLike(counts: SheetCounts): Promise<{ html: string; height: number; scrollHeight: number; rows: number }[]> {
  const bench = sheetBench(counts);
  const seen = () => ({ html: bench.content.innerHTML, height: bench.content.offsetHeight, scrollHeight: bench.content.scrollHeight, rows: bench.content.querySelectorAll(".goldhack-skill").length });
  await bench.ours1(undefined, false);
  const ours = seen();
  await bench.floor1();
  const floor = seen();
  bench.done();
  return [ours, floor];
}
