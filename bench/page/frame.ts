/**
 * Browser-only helpers of the chromium benches (no Node imports): a window like Foundry's, and the time from a
 * frame's start to what the user sees laid out.
 */

/** An `.application` window of `width` px in the preview page, and its `.window-content`. */
export function windowOf(classes: string[], width: number): HTMLElement {
  const app = document.createElement("div");
  app.className = ["application", "preview-window", ...classes].join(" ");
  app.style.width = `${width}px`;
  const content = document.createElement("section");
  content.className = "window-content";
  app.append(content);
  document.getElementById("preview-root")?.append(app);
  return content;
}

/**
 * Resolves after `n` frames. Every timed render waits two first, ours and the floor alike, so that neither pays for
 * the raster of the frame before it (on this machine's software renderer that work competes for the same cores).
 */
export const frames = (n = 2): Promise<void> =>
  new Promise((done) => {
    const next = (left: number): void => {
      if (left === 0) done();
      else requestAnimationFrame(() => next(left - 1));
    };
    next(n);
  });

/** Forces style and layout: the result is on screen. */
export const settle = (el: HTMLElement): number => el.offsetHeight;

/**
 * Runs `work` at the start of a frame and resolves, in that same frame, once the browser has laid out what the user
 * sees, with the ms from the frame's start to then (and to the end of `work`, inside it). A forced layout
 * (offsetHeight) is not that: it never lays out the contents of a `content-visibility: auto` element, which Chromium
 * judges near the viewport or not only after the frame's layout and then lays out again in the same frame (checked
 * here: right after offsetHeight an on-screen one has its contain-intrinsic-size, after the frame its own size).
 * The end is the frame's ResizeObserver delivery, which comes after that second layout and before paint (the sizes
 * it reports are the laid-out ones, and it comes before the next frame's callbacks): paint and raster are left out,
 * as this machine's software renderer makes them cost more than the layout.
 */
export function timeToLaidOut(root: HTMLElement, work: () => void | Promise<void>): Promise<{ total: number; work: number }> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      const t0 = performance.now();
      // Microtasks only: the work must end before this frame's style and layout, or the time would span two frames.
      void Promise.resolve(work()).then(() => {
        const t1 = performance.now();
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          resolve({ total: performance.now() - t0, work: t1 - t0 });
        });
        observer.observe(root);
      }, reject);
    });
  });
}

/** Of one render, in ms: all of it, and its steps (context, templates, into the DOM, then style and layout). */
export interface RenderTimes {
  total: number[];
  context: number[];
  templates: number[];
  insert: number[];
  layout: number[];
}

export const renderTimes = (): RenderTimes => ({ total: [], context: [], templates: [], insert: [], layout: [] });

/** The floor's timings: the static string into the DOM, then the browser's style and layout. */
export interface FloorTimes {
  total: number[];
  insert: number[];
  layout: number[];
}

export const floorTimes = (): FloorTimes => ({ total: [], insert: [], layout: [] });

/**
 * The floor of a render: `html`, the final markup ours produced, set as a static string on `root` at the start of a
 * frame and laid out through that frame (timeToLaidOut), as ours is timed. `after` runs inside the work (a scroll).
 */
export async function timeStaticInsert(root: HTMLElement, html: string, into: FloorTimes, after?: () => void): Promise<void> {
  const { total, work } = await timeToLaidOut(root, () => {
    root.innerHTML = html;
    after?.();
  });
  into.total.push(total);
  into.insert.push(work);
  into.layout.push(total - work);
}
