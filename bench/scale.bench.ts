/**
 * What grows with a campaign, in a real browser: run with `npm run bench`. Opens the preview in Debian's chromium and
 * times (see scale-page.ts): re-rendering a chat log of 500 cards (Test, request and group Test cards) against 1 ms per card;
 * a keystroke in the Test dialog until the new pool, Ob and odds are on screen against 2 ms; and the character
 * sheet of a character with 100 Skills, 12 Traits and 10 Fallout opened as the sheet opens it (its first frame),
 * against 10 ms. The log and the sheet are timed through the frame, to the browser's layout (scale-page.ts,
 * timeToLaidOut); the keystroke to a forced layout (the dialog has no content-visibility). Medians, with PASS/FAIL.
 * A measure, not a test: it exits 0 whatever it finds, and says SKIP when chromium is missing.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM, launchChromium, openPreview, startPreview } from "../tests/browser/harness";

const CARDS = 500;
const ENTRY = `/@fs${fileURLToPath(new URL("./scale-page.ts", import.meta.url))}`;
const BIG = { skills: 100, traits: 12, fallouts: 10 };

/** Of one render, in ms: all of it and its steps (scale-page.ts RenderTimes). */
type Steps = { total: number[]; context: number[]; templates: number[]; insert: number[]; layout: number[] };
const steps = (t: Steps): string =>
  `context ${median(t.context).toFixed(2)} ms, templates ${median(t.templates).toFixed(2)} ms, into the DOM ${median(t.insert).toFixed(2)} ms, style and layout ${median(t.layout).toFixed(2)} ms`;

type Page = {
  timeChatLog(count: number, runs: number): Promise<Steps & { perCard: number[]; kinds: Record<string, { states: number; cards: number }> }>;
  timeDialogKeystrokes(count: number): number[];
  timeBigSheet(runs: number, counts: typeof BIG): Promise<{ first: Steps; rest: Steps; firstRows: number }>;
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))] ?? Number.NaN;
const verdict = (name: string, value: number, target: number, unit = "ms"): string =>
  `${value < target ? "PASS" : "FAIL"} ${name}: median ${value.toFixed(3)} ${unit} (target < ${target} ${unit})`;

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
    const log = await page.evaluate(async ({ entry, count }) => ((await import(/* @vite-ignore */ entry)) as Page).timeChatLog(count, 7), { entry: ENTRY, count: CARDS });
    const kinds = Object.entries(log.kinds).map(([k, n]) => `${k}* ${n.states} states, ${n.cards} cards`).join("; ");
    console.log(`chat log: ${CARDS} cards (${kinds}) re-rendered ${log.perCard.length} times: context, template, into the log, scrolled to the newest, laid out as on screen`);
    console.log(`  medians for the whole log: ${steps(log)}`);
    console.log(verdict(`chat log, per card`, median(log.perCard), 1));

    const keys = await page.evaluate(async (entry) => ((await import(/* @vite-ignore */ entry)) as Page).timeDialogKeystrokes(200), ENTRY);
    console.log(`Test dialog: ${keys.length} keystrokes in the Ob field: form read, state, view, summary and footer redrawn, laid out (p95 ${p95(keys).toFixed(3)} ms)`);
    console.log(verdict("Test dialog keystroke to updated pool, Ob and odds", median(keys), 2));

    const sheet = await page.evaluate(async ({ entry, big }) => ((await import(/* @vite-ignore */ entry)) as Page).timeBigSheet(30, big), { entry: ENTRY, big: BIG });
    console.log(`big character sheet: ${BIG.skills} Skills, ${BIG.traits} Traits, ${BIG.fallouts} Fallout, opened ${sheet.first.total.length} times as the sheet does it: every part with the first ${sheet.firstRows} Skill rows, laid out as on screen (p95 ${p95(sheet.first.total).toFixed(2)} ms)`);
    console.log(`  medians: ${steps(sheet.first)}`);
    console.log(verdict("big character sheet render", median(sheet.first.total), 10));
    console.log(`  then, after that frame, the other tabs and the Skills part with all ${BIG.skills} rows (not judged): median ${median(sheet.rest.total).toFixed(2)} ms (p95 ${p95(sheet.rest.total).toFixed(2)} ms); ${steps(sheet.rest)}`);
    if (errors.length) console.log(`console errors:\n  ${errors.join("\n  ")}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
