/**
 * What a user meets in a real browser, against its floor: run with `npm run bench`. Opens the preview in Debian's
 * chromium and times, each in turn with its floor (bench/judge.ts; the page's side in scale-page.ts):
 * - a chat log of 500 Test, request and group Test cards re-rendered, per card; floor: the same cards' final HTML
 *   set as one static string into the same log and laid out (target ratio ≤ 1.5);
 * - a keystroke in the Test dialog until the new pool, Ob and odds are laid out; floor: the same changed texts set on
 *   an identical dialog's nodes, laid out (≤ 2);
 * - the character sheet opened, 40 Skills (the sample character's, 6 Traits, 5 Fallout) and 100 Skills (12 Traits,
 *   10 Fallout), its first frame; floor: that frame's final HTML as a static string into the same window with the
 *   same CSS, laid out through the same frame (≤ 1.5).
 * The log and the sheet are timed through the frame, to the browser's layout (page/frame.ts, timeToLaidOut); the
 * keystroke to a forced layout (the dialog has no content-visibility). The log and the sheet are judged on the CPU
 * time of the page's main thread (chromium's ThreadTime metric, read over the DevTools protocol before and after
 * each render), which leaves out what the scheduler gave other processes: a render of the log lasts about a second,
 * and on a loaded machine its wall time holds as much waiting as work, which pulled both ratios toward 1 and let
 * the verdict move with the load. Their steps (context, templates, into the DOM, layout) are printed in wall time,
 * unjudged. The keystroke, about a millisecond, is judged on chromium's own clock.
 * A measure, not a test: it exits 0 whatever it finds, and says SKIP when chromium is missing.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CDPSession, Page as BrowserPage } from "playwright-core";
import { CHROMIUM, launchChromium, openPreview, startPreview } from "../tests/browser/harness";
import { interleave, type Paired, verdictLine } from "./judge";

const CARDS = 500;
/** Pairs of the chat log (ours, floor): a loaded machine spreads each wide, so enough for a steady median. */
const CHAT_PAIRS = Number(process.env.PAIRS ?? 15);
/** Openings of each sheet (ours, floor). */
const SHEET_PAIRS = Number(process.env.PAIRS ?? 21);
const ENTRY = `/@fs${fileURLToPath(new URL("./scale-page.ts", import.meta.url))}`;
const SHEETS = [
  { skills: 40, traits: 6, fallouts: 5 },
  { skills: 100, traits: 12, fallouts: 10 },
];

/** Of one render, in ms: all of it and its steps (page/frame.ts RenderTimes, FloorTimes). */
type Steps = { total: number[]; context: number[]; templates: number[]; insert: number[]; layout: number[] };
type FloorSteps = { total: number[]; insert: number[]; layout: number[] };

type Page = {
  timeDialogKeystrokes(count: number): { ours: number[]; floor: number[]; changes: number[] };
};

/** The page's main thread's CPU time so far, in ms (the DevTools protocol's Performance.getMetrics: ThreadTime, in s). */
async function threadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const seconds = metrics.find((m) => m.name === "ThreadTime")?.value;
  if (seconds === undefined) throw new Error("chromium reports no ThreadTime metric");
  return seconds * 1000;
}

/**
 * Ours and the floor in turn (after `warmup` untimed pairs), each one call in the page of `window.goldhackRun`
 * (`ours` and `floor` are expressions on it), timed as the main thread's CPU ms of that call.
 */
async function cpuPairs(page: BrowserPage, cdp: CDPSession, ours: string, floor: string, pairs: number, warmup: number): Promise<Paired> {
  const cpu = async (expression: string): Promise<number> => {
    const before = await threadMs(cdp);
    await page.evaluate(expression);
    return (await threadMs(cdp)) - before;
  };
  return interleave(pairs, () => cpu(`window.goldhackRun.${ours}`), () => cpu(`window.goldhackRun.${floor}`), warmup);
}

/** Puts `make(bench module, arg)` on the page as window.goldhackRun. */
const setRun = (page: BrowserPage, make: string, arg: unknown): Promise<void> =>
  page.evaluate(
    async ({ entry, make, arg }) => {
      const bench = (await import(/* @vite-ignore */ entry)) as Record<string, (a: unknown) => unknown>;
      (window as unknown as { goldhackRun: unknown }).goldhackRun = bench[make]?.(arg);
    },
    { entry: ENTRY, make, arg },
  );

/** The wall-time steps of the timed renders only (the warm-up pairs dropped). */
const after = <T extends Record<string, number[]>>(t: T, warmup: number): T => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.slice(warmup)])) as T;

/** The figures to time (`npm run bench -- scale:chat,keystroke,sheet`; scripts/bench.mjs): all when none is named. */
const FIGURES = (process.env.BENCH_FIGURES ?? "").split(",").filter(Boolean);
const wanted = (figure: "chat" | "keystroke" | "sheet"): boolean => FIGURES.length === 0 || FIGURES.includes(figure);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ms = (xs: number[]): string => `${median(xs).toFixed(2)} ms`;
const steps = (t: Steps): string => `context ${ms(t.context)}, templates ${ms(t.templates)}, into the DOM ${ms(t.insert)}, style and layout ${ms(t.layout)}`;
const floorSteps = (t: FloorSteps): string => `into the DOM ${ms(t.insert)}, style and layout ${ms(t.layout)}`;

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`SKIP scale: no chromium at ${CHROMIUM} (run \`node scripts/ensure-chromium.mjs\` as root)`);
    return;
  }
  const { server, url } = await startPreview();
  const browser = await launchChromium();
  try {
    const { page, errors } = await openPreview(browser, `${url}?only=__bench__`);
    console.log(`chromium ${browser.version()}`);
    if (wanted("chat")) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Performance.enable");
      await setRun(page, "chatLogBench", CARDS);
      const pairs = await cpuPairs(page, cdp, "ours1()", "floor1()", CHAT_PAIRS, 2);
      const log = (await page.evaluate("(() => { const b = window.goldhackRun; b.done(); return { ours: b.ours, floor: b.floor, kinds: b.kinds }; })()")) as { ours: Steps; floor: FloorSteps; kinds: Record<string, { states: number; cards: number }> };
      const kinds = Object.entries(log.kinds).map(([k, n]) => `${k}* ${n.states} states, ${n.cards} cards`).join("; ");
      console.log(`chat log: ${CARDS} cards (${kinds}) re-rendered: context, template, into the log, scrolled to the newest, laid out as on screen`);
      console.log(`  ours, whole log, wall time: ${steps(after(log.ours, 2))}; floor: ${floorSteps(after(log.floor, 2))}`);
      const perCard = (xs: number[]): number[] => xs.map((x) => x / CARDS);
      console.log(verdictLine({ name: "chat log, per card, main-thread CPU", unit: "ms", judge: "ratio", target: 1.5, pairs: { ours: perCard(pairs.ours), floor: perCard(pairs.floor) } }));
      await cdp.detach();
    }

    if (wanted("keystroke")) {
      const keys = await page.evaluate(async (entry) => ((await import(/* @vite-ignore */ entry)) as Page).timeDialogKeystrokes(200), ENTRY);
      console.log(`Test dialog: ${keys.ours.length} keystrokes in the Ob field: form read, state, view, summary and footer redrawn, laid out; floor: ${Math.min(...keys.changes)}–${Math.max(...keys.changes)} texts and attributes set per keystroke`);
      console.log(verdictLine({ name: "Test dialog keystroke to updated pool, Ob and odds", unit: "ms", judge: "ratio", target: 2, pairs: keys }));
    }

    for (const counts of wanted("sheet") ? SHEETS : []) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Performance.enable");
      await setRun(page, "sheetBench", counts);
      // The first frame only (ours1's second argument: no second frame), in turn with the floor.
      const pairs = await cpuPairs(page, cdp, "ours1(undefined, false)", "floor1()", SHEET_PAIRS, 5);
      const sheet = (await page.evaluate(`(async () => {
        const b = window.goldhackRun;
        const steps = () => ({ total: [], context: [], templates: [], insert: [], layout: [] });
        const first = steps(), rest = steps();
        for (let i = 0; i < 5; i++) await b.ours1({ first, rest });
        const out = { first: b.first, rest, floor: b.floor, firstRows: b.firstRows };
        b.done();
        return out;
      })()`)) as { first: Steps; rest: Steps; floor: FloorSteps; firstRows: number };
      const what = `${counts.skills} Skills, ${counts.traits} Traits, ${counts.fallouts} Fallout`;
      console.log(`character sheet, ${what}, opened as the sheet does it: every part with the first ${sheet.firstRows} Skill rows, laid out as on screen`);
      console.log(`  ours, wall time: ${steps(after(sheet.first, 5))}; floor: ${floorSteps(after(sheet.floor, 5))}`);
      console.log(verdictLine({ name: `character sheet opened, ${counts.skills} Skills, main-thread CPU`, unit: "ms", judge: "ratio", target: 1.5, pairs }));
      console.log(`  then, after that frame, the other tabs and the Skills part with all ${counts.skills} rows (not judged, 5 openings, wall time): median ${ms(sheet.rest.total)}; ${steps(sheet.rest)}`);
      await cdp.detach();
    }
    if (errors.length) console.log(`console errors:\n  ${errors.join("\n  ")}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
