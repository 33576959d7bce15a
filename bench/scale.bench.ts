/**
 * What grows with a campaign, in a real browser: run with `npm run bench`. Opens the preview in Debian's chromium and
 * times (see scale-page.ts): re-rendering a chat log of 500 cards (Test, request and group Test cards) against 1 ms per card;
 * a keystroke in the Test dialog until the new pool, Ob and odds are on screen against 2 ms; and the whole
 * character sheet of a character with 100 Skills, 12 Traits and 10 Fallout against 10 ms. Medians, with PASS/FAIL.
 * A measure, not a test: it exits 0 whatever it finds, and says SKIP when chromium is missing.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM, launchChromium, openPreview, startPreview } from "../tests/browser/harness";

const CARDS = 500;
const ENTRY = `/@fs${fileURLToPath(new URL("./scale-page.ts", import.meta.url))}`;
const BIG = { skills: 100, traits: 12, fallouts: 10 };

type Page = {
  timeChatLog(count: number, runs: number): Promise<{ perCard: number[]; kinds: Record<string, { states: number; cards: number }> }>;
  timeDialogKeystrokes(count: number): number[];
  timeBigSheet(runs: number, counts: typeof BIG, everyGroup?: boolean): { total: number[]; context: number[]; layout: number[] };
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
    console.log(`chat log: ${CARDS} cards (${kinds}) re-rendered ${log.perCard.length} times: context, template, into the log, laid out`);
    console.log(verdict(`chat log, per card`, median(log.perCard), 1));

    const keys = await page.evaluate(async (entry) => ((await import(/* @vite-ignore */ entry)) as Page).timeDialogKeystrokes(200), ENTRY);
    console.log(`Test dialog: ${keys.length} keystrokes in the Ob field: form read, state, view, summary and footer redrawn, laid out (p95 ${p95(keys).toFixed(3)} ms)`);
    console.log(verdict("Test dialog keystroke to updated pool, Ob and odds", median(keys), 2));

    const sheet = await page.evaluate(async ({ entry, big }) => ((await import(/* @vite-ignore */ entry)) as Page).timeBigSheet(30, big), { entry: ENTRY, big: BIG });
    console.log(`big character sheet: ${BIG.skills} Skills, ${BIG.traits} Traits, ${BIG.fallouts} Fallout; context and every part, laid out as on screen (Skill groups below the window when scrolled to), ${sheet.total.length} renders (p95 ${p95(sheet.total).toFixed(2)} ms)`);
    console.log(`  of which context ${median(sheet.context).toFixed(2)} ms, DOM insertion and layout ${median(sheet.layout).toFixed(2)} ms, templates the rest`);
    console.log(verdict("big character sheet render", median(sheet.total), 10));
    // For comparison, not judged: every Skill group laid out at once (as if the whole tab were scrolled through).
    const { page: whole } = await openPreview(browser, `${url}?only=__bench__`);
    const all = await whole.evaluate(async ({ entry, big }) => ((await import(/* @vite-ignore */ entry)) as Page).timeBigSheet(30, big, true), { entry: ENTRY, big: BIG });
    console.log(`  for comparison, every Skill group laid out at once (scrolled through): median ${median(all.total).toFixed(2)} ms, of which DOM insertion and layout ${median(all.layout).toFixed(2)} ms`);
    await whole.close();
    if (errors.length) console.log(`console errors:\n  ${errors.join("\n  ")}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
