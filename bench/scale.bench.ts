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
 * keystroke to a forced layout (the dialog has no content-visibility). Wall time (chromium's own clock).
 * A measure, not a test: it exits 0 whatever it finds, and says SKIP when chromium is missing.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM, launchChromium, openPreview, startPreview } from "../tests/browser/harness";
import { verdictLine } from "./judge";

const CARDS = 500;
/** Pairs of the chat log (ours, floor): a loaded machine spreads each wide, so enough for a steady median. */
const CHAT_PAIRS = Number(process.env.PAIRS ?? 15);
const ENTRY = `/@fs${fileURLToPath(new URL("./scale-page.ts", import.meta.url))}`;
const SHEETS = [
  { skills: 40, traits: 6, fallouts: 5 },
  { skills: 100, traits: 12, fallouts: 10 },
];

/** Of one render, in ms: all of it and its steps (page/frame.ts RenderTimes, FloorTimes). */
type Steps = { total: number[]; context: number[]; templates: number[]; insert: number[]; layout: number[] };
type FloorSteps = { total: number[]; insert: number[]; layout: number[] };
type Counts = (typeof SHEETS)[number];

type Page = {
  timeChatLog(count: number, runs: number): Promise<{ ours: Steps; floor: FloorSteps; kinds: Record<string, { states: number; cards: number }> }>;
  timeDialogKeystrokes(count: number): { ours: number[]; floor: number[]; changes: number[] };
  timeSheetOpened(runs: number, counts: Counts): Promise<{ first: Steps; rest: Steps; floor: FloorSteps; firstRows: number }>;
};

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
      const log = await page.evaluate(async ({ entry, count, pairs }) => ((await import(/* @vite-ignore */ entry)) as Page).timeChatLog(count, pairs), { entry: ENTRY, count: CARDS, pairs: CHAT_PAIRS });
      const kinds = Object.entries(log.kinds).map(([k, n]) => `${k}* ${n.states} states, ${n.cards} cards`).join("; ");
      console.log(`chat log: ${CARDS} cards (${kinds}) re-rendered: context, template, into the log, scrolled to the newest, laid out as on screen`);
      console.log(`  ours, whole log: ${steps(log.ours)}; floor: ${floorSteps(log.floor)}`);
      const perCard = (xs: number[]): number[] => xs.map((x) => x / CARDS);
      console.log(verdictLine({ name: "chat log, per card", unit: "ms", judge: "ratio", target: 1.5, pairs: { ours: perCard(log.ours.total), floor: perCard(log.floor.total) } }));
    }

    if (wanted("keystroke")) {
      const keys = await page.evaluate(async (entry) => ((await import(/* @vite-ignore */ entry)) as Page).timeDialogKeystrokes(200), ENTRY);
      console.log(`Test dialog: ${keys.ours.length} keystrokes in the Ob field: form read, state, view, summary and footer redrawn, laid out; floor: ${Math.min(...keys.changes)}–${Math.max(...keys.changes)} texts and attributes set per keystroke`);
      console.log(verdictLine({ name: "Test dialog keystroke to updated pool, Ob and odds", unit: "ms", judge: "ratio", target: 2, pairs: keys }));
    }

    for (const counts of wanted("sheet") ? SHEETS : []) {
      const sheet = await page.evaluate(async ({ entry, counts }) => ((await import(/* @vite-ignore */ entry)) as Page).timeSheetOpened(21, counts), { entry: ENTRY, counts });
      const what = `${counts.skills} Skills, ${counts.traits} Traits, ${counts.fallouts} Fallout`;
      console.log(`character sheet, ${what}, opened as the sheet does it: every part with the first ${sheet.firstRows} Skill rows, laid out as on screen`);
      console.log(`  ours: ${steps(sheet.first)}; floor: ${floorSteps(sheet.floor)}`);
      console.log(verdictLine({ name: `character sheet opened, ${counts.skills} Skills`, unit: "ms", judge: "ratio", target: 1.5, pairs: { ours: sheet.first.total, floor: sheet.floor.total } }));
      console.log(`  then, after that frame, the other tabs and the Skills part with all ${counts.skills} rows (not judged): median ${ms(sheet.rest.total)}; ${steps(sheet.rest)}`);
    }
    if (errors.length) console.log(`console errors:\n  ${errors.join("\n  ")}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
