/**
 * How long does the full character sheet take to render in a real browser? Run with `npm run bench`.
 * Opens the preview in Debian's chromium, renders every part of the character sheet (header and each tab)
 * with the sample character (40 Skills, 6 Traits, 5 Fallouts) ~50 times, and prints the median and p95 of
 * the compiled template calls plus DOM insertion, with PASS/FAIL against the 5 ms target.
 * A measure, not a test: it exits 0 whatever it finds, and says SKIP when chromium is missing.
 *
 * Usage: node --import tsx bench/render.bench.ts [fixture ids…]   (default: the character sheet's parts)
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM, launchChromium, openPreview, startPreview } from "../tests/browser/harness";

const TARGET_MS = 5;
const RUNS = 50;
const ENTRY = fileURLToPath(new URL("./render-page.ts", import.meta.url));

type Entry = {
  fixtureList(): { id: string; template: string }[];
  timeRenders(ids: string[], runs: number): Promise<number[]>;
};

/** The character sheet's parts in play mode: one fixture per template under sheets/actor/character/. */
function characterParts(fixtures: { id: string; template: string }[]): string[] {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const f of fixtures) {
    if (!f.template.startsWith("sheets/actor/character/") || /-(edit|narrow|observer|limited)$/.test(f.id) || seen.has(f.template)) continue;
    seen.add(f.template);
    ids.push(f.id);
  }
  return ids;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`SKIP render: no chromium at ${CHROMIUM} (run \`node scripts/ensure-chromium.mjs\` as root)`);
    return;
  }
  const { server, url } = await startPreview();
  const browser = await launchChromium();
  try {
    // ?only= with no such fixture: the preview loads its CSS and modules but renders nothing itself.
    const { page, errors } = await openPreview(browser, `${url}?only=__bench__`);
    const fixtures = await page.evaluate(async (entry) => ((await import(/* @vite-ignore */ entry)) as Entry).fixtureList(), `/@fs${ENTRY}`);
    const requested = process.argv.slice(2);
    const ids = requested.length ? requested : characterParts(fixtures);
    if (ids.length === 0) {
      console.log("SKIP render: the preview has no character sheet fixtures yet; pass fixture ids to time others.");
      return;
    }
    const times = await page.evaluate(
      async ({ entry, ids, runs }) => ((await import(/* @vite-ignore */ entry)) as Entry).timeRenders(ids, runs),
      { entry: `/@fs${ENTRY}`, ids, runs: RUNS },
    );
    if (errors.length) console.log(`console errors while rendering:\n  ${errors.join("\n  ")}`);
    const sorted = [...times].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    console.log(`Rendered ${ids.length} parts together (${ids.join(", ")}) ${times.length} times in chromium.`);
    console.log(`  median ${median.toFixed(2)} ms · p95 ${quantile(sorted, 0.95).toFixed(2)} ms · min ${sorted[0]?.toFixed(2)} ms · max ${sorted.at(-1)?.toFixed(2)} ms`);
    console.log(`${median < TARGET_MS ? "PASS" : "FAIL"} full character sheet render: median ${median.toFixed(2)} ms (target < ${TARGET_MS} ms)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
