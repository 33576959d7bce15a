/**
 * How every timed figure of `npm run bench` is judged: against a floor measured in the same run (issue 32).
 * A floor is the least work any implementation must do for the same result on this machine (a bare convolution,
 * the same final HTML inserted as a static string…). Ours and the floor are timed in one loop, A, B, A, B…, so
 * that a shared machine's drift falls on both; the judged ratio is the median of the per-pair ratios, which
 * cancels that drift best. Absolute times are printed beside it, never judged.
 *
 * No Node imports: the browser benches (scale-page.ts) interleave in the page with the same functions.
 */

/** A sample's median and its spread: the middle half (quartiles) and the whole range. */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  n: number;
}

const at = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;

export function spread(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: at(sorted, 0.5), q1: at(sorted, 0.25), q3: at(sorted, 0.75), min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN, n: sorted.length };
}

/** Ours and the floor, timed in pairs: `ours[i]` and `floor[i]` ran one after the other. */
export interface Paired {
  ours: number[];
  floor: number[];
}

/**
 * Runs `ours` then `floor`, `rounds` times (after `warmup` untimed pairs), each returning the time it measured
 * itself (a batch's per-call time, a frame's time to laid out…), in whatever unit the figure uses.
 */
export async function interleave(rounds: number, ours: () => number | Promise<number>, floor: () => number | Promise<number>, warmup = 2): Promise<Paired> {
  const out: Paired = { ours: [], floor: [] };
  for (let r = 0; r < warmup + rounds; r++) {
    const a = await ours();
    const b = await floor();
    if (r < warmup) continue;
    out.ours.push(a);
    out.floor.push(b);
  }
  return out;
}

/** The same, for synchronous timings (Node's odds loops: no promise between the calls). */
export function interleaveSync(rounds: number, ours: () => number, floor: () => number, warmup = 2): Paired {
  const out: Paired = { ours: [], floor: [] };
  for (let r = 0; r < warmup + rounds; r++) {
    const a = ours();
    const b = floor();
    if (r < warmup) continue;
    out.ours.push(a);
    out.floor.push(b);
  }
  return out;
}

/**
 * How a figure is judged:
 * - "ratio": ours ÷ floor ≤ target;
 * - "share": (ours − floor) ÷ floor ≤ target (our share of a load that also does the floor's work);
 * - "difference": ours − floor < target, in the figure's unit (a fixed cost such as startup).
 */
export type Judgement = "ratio" | "share" | "difference";

export interface Figure {
  /** What is timed, as the table names it. */
  name: string;
  unit: "ns" | "µs" | "ms";
  judge: Judgement;
  target: number;
  pairs: Paired;
}

/** What a judged figure comes to: the number compared with the target, and the verdict. */
export interface Verdict {
  pass: boolean;
  /** The judged number: a ratio, a share, or a difference in the figure's unit. */
  value: Spread;
  ours: Spread;
  floor: Spread;
}

export function verdictOf(figure: Figure): Verdict {
  const { ours, floor } = figure.pairs;
  if (ours.length === 0 || ours.length !== floor.length) throw new Error(`${figure.name}: ${ours.length} timings of ours and ${floor.length} of the floor`);
  const per = ours.map((o, i) => {
    const f = floor[i] ?? Number.NaN;
    if (figure.judge === "ratio") return o / f;
    if (figure.judge === "share") return (o - f) / f;
    return o - f;
  });
  const value = spread(per);
  const pass = figure.judge === "difference" ? value.median < figure.target : value.median <= figure.target;
  return { pass, value, ours: spread(ours), floor: spread(floor) };
}

const digits = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toFixed(3));
const time = (s: Spread, unit: string): string => `${digits(s.median)} ${unit} [${digits(s.q1)}–${digits(s.q3)}]`;

/**
 * The figure's line, the one `npm run bench` gathers into its closing table:
 * `PASS <name>: ratio 1.21 [1.15–1.30] (target ≤ 1.5); ours 1.02 µs [0.98–1.10], floor 0.84 µs [0.80–0.90], 30 pairs`.
 * Brackets are the middle half (quartiles) of each.
 */
export function verdictLine(figure: Figure, v: Verdict = verdictOf(figure)): string {
  const judged =
    figure.judge === "ratio"
      ? `ratio ${digits(v.value.median)} [${digits(v.value.q1)}–${digits(v.value.q3)}] (target ≤ ${figure.target})`
      : figure.judge === "share"
        ? `our share ÷ floor ${digits(v.value.median)} [${digits(v.value.q1)}–${digits(v.value.q3)}] (target ≤ ${figure.target}; our share = ours − floor)`
        : `ours − floor ${time(v.value, figure.unit)} (target < ${figure.target} ${figure.unit})`;
  return `${v.pass ? "PASS" : "FAIL"} ${figure.name}: ${judged}; ours ${time(v.ours, figure.unit)}, floor ${time(v.floor, figure.unit)}, ${v.value.n} pairs`;
}
