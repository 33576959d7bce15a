/**
 * How long does the builder take to re-check a draft after one keystroke? Run with `npm run bench`.
 * For an Elder with four Lifepaths and twelve Skills, on each of the six steps: one keystroke's
 * transition, then everything the re-render computes (draftProblems through validateCharacter, and the
 * whole template context). Prints the median per step and PASS/FAIL against the 2 ms target.
 * Template rendering and the DOM are not included (see render.bench.ts for those).
 * A measure, not a test: it exits 0 whatever it finds.
 */
import { buildBuilderContext } from "../src/builder/builder-context";
import { addLifepath, addSkill, addTrait, BUILDER_STEPS, type BuilderDraft, newDraft, setStep, setText, updateSkill } from "../src/builder/builder-state";
import { createConfig } from "../src/config";
import { SRD_LIFEPATHS } from "../src/rules";

const TARGET_MS = 2;
const ROUNDS = 400;
const config = createConfig();
const i18n = { localize: (k: string) => k, format: (k: string) => k };
let sink = 0;

/**
 * An Elder: Religious, Esoteric, Intellectual, Wilderness; four free Skills plus eight bought, twelve in
 * all. A legal Elder has at most ten (four free, six points), so this draft is mid-edit and overspent:
 * the validator's heavier path, with problems to report.
 */
function elder(): BuilderDraft {
  let d = setText(setText(newDraft("elder"), "name", "Mother Orla"), "tie", "Keeper of the bell-shrine on the high pass.");
  for (const key of ["religious", "esoteric", "intellectual", "wilderness"]) {
    const lp = SRD_LIFEPATHS.find((l) => l.key === key);
    if (lp) d = addLifepath(d, { name: key, types: lp.types, source: null }, `Free ${key}`);
  }
  const bought: [string, string][] = [
    ["Rhetoric", "influence"], ["Enchant", "magic"], ["Poetry", "perform"], ["Cook", "craft"],
    ["Mountain", "survive"], ["Brawl", "fight"], ["Languages", "lore"], ["Carpentry", "craft"],
  ];
  for (const [name, type] of bought) d = addSkill(d, { name, type, source: null, bought: 1 });
  for (const t of ["Stubborn", "Half-blind", "Patient as stone", "Speaks in riddles"]) d = addTrait(d, { name: t, source: null });
  return { ...d, drives: { belief: "The gods speak to everyone.", goal: "Find the ninth bell.", instinct: "Never answer the first time." } };
}

/** A keystroke on the step's main field. */
function keystroke(d: BuilderDraft, n: number): BuilderDraft {
  const ch = String.fromCharCode(97 + (n % 26));
  switch (d.step) {
    case "concept": return setText(d, "name", `Mother Orla${ch}`);
    case "age": return setText(d, "age", "elder");
    case "lifepaths": return updateSkill(d, d.skills[0]?.key ?? "", { name: `Free religious${ch}` });
    case "skills": return updateSkill(d, d.skills[6]?.key ?? "", { name: `Enchant${ch}` });
    case "drives": return setText(d, "drives.goal", `Find the ninth bell${ch}`);
    default: return setText(d, "tie", `Keeper${ch}`);
  }
}

const catalogue = { lifepaths: SRD_LIFEPATHS.map((l) => ({ uuid: `L.${l.key}`, name: l.key, types: [...l.types], origin: "SRD" })), skills: [], traits: [] };

console.log(`builder: keystroke + re-check + context, Elder with ${elder().lifepaths.length} Lifepaths and ${elder().skills.length} Skills, ${ROUNDS} rounds`);
let worst = 0;
for (const step of BUILDER_STEPS) {
  let draft = setStep(elder(), step);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS + 50; r++) {
    const t0 = process.hrtime.bigint();
    draft = keystroke(draft, r);
    const context = buildBuilderContext(draft, catalogue, { i18n, ages: config.ages, skillTypes: config.skillTypes, rulesUuid: "x", readOnly: false, uid: "bench" });
    sink += context.allProblems.length;
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r >= 50) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  worst = Math.max(worst, median);
  console.log(`  ${step.padEnd(10)} median ${median.toFixed(3)} ms`);
}
console.log(`${worst < TARGET_MS ? "PASS" : "FAIL"}: slowest step median ${worst.toFixed(3)} ms (target < ${TARGET_MS} ms)`);
if (sink < 0) console.log(sink);
