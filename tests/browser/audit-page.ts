/**
 * Issue 29's audit, run inside the preview page (passed whole to `page.evaluate`, so it imports nothing and
 * closes over nothing): every fixture's text read as a user reads it. Four findings: words broken across two
 * lines, text below WCAG AA contrast against what is really drawn behind it, text under 11 px, and raw
 * localisation keys or unfilled placeholders.
 */
export interface AuditFindings {
  brokenWords: string[];
  lowContrast: string[];
  smallText: string[];
  rawText: string[];
  /** Cards whose verdict does not come before their details (the group card's parts, the summary's characters). */
  buriedVerdicts: string[];
}

export function auditPage(): AuditFindings {
  const found: AuditFindings = { brokenWords: [], lowContrast: [], smallText: [], rawText: [], buriedVerdicts: [] };
  const where = (el: Element): string => el.closest("[data-fixture]")?.getAttribute("data-fixture") ?? "?";
  const describe = (el: Element, text: string): string => `${where(el)}: <${el.localName}${el.className && typeof el.className === "string" ? ` class="${el.className}"` : ""}> "${text.trim().slice(0, 40)}"`;

  // Any CSS colour (rgb, color-mix, oklch, named) to sRGB 0-255 and alpha 0-1, through a canvas.
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no canvas");
  const cache = new Map<string, [number, number, number, number]>();
  const rgba = (css: string): [number, number, number, number] => {
    const known = cache.get(css);
    if (known) return known;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgb(0 0 0 / 0)";
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    const value: [number, number, number, number] = [r, g, b, a / 255];
    cache.set(css, value);
    return value;
  };
  const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] => [0, 1, 2].map((i) => (top[i] ?? 0) * top[3] + (under[i] ?? 0) * (1 - top[3])) as [number, number, number];
  const luminance = ([r, g, b]: [number, number, number]): number => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: [number, number, number], b: [number, number, number]): number => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  /** The colours an element paints behind its children: its background colour, or each stop of a gradient. */
  const paints = (el: Element): [number, number, number, number][] => {
    const style = getComputedStyle(el);
    const stops = style.backgroundImage.includes("gradient") ? (style.backgroundImage.match(/(?:rgba?|color|oklch|oklab|hsla?)\([^)]*\)/g) ?? []).map(rgba) : [];
    const base = rgba(style.backgroundColor);
    return stops.length ? stops.map((s) => over(s, [base[0], base[1], base[2]]).concat(Math.max(s[3], base[3])) as [number, number, number, number]) : [base];
  };
  /** Every colour that may be drawn behind `el`'s text: its own paint composited over its parent's, up to an opaque one. */
  const behind = new Map<Element, [number, number, number][]>();
  const backdrops = (el: Element | null): [number, number, number][] => {
    if (!el) return [[255, 255, 255]];
    const known = behind.get(el);
    if (known) return known;
    const layer = paints(el).filter((c) => c[3] > 0);
    const under = layer.length && layer.every((c) => c[3] >= 0.999) ? [[255, 255, 255] as [number, number, number]] : backdrops(el.parentElement);
    const result = layer.length ? under.flatMap((u) => layer.map((top) => over(top, u))) : under;
    // Gradients over gradients would multiply; the extremes are what matter, so keep at most a few.
    const value = result.length > 6 ? [result[0], result[result.length - 1]].filter((c): c is [number, number, number] => c !== undefined) : result;
    behind.set(el, value);
    return value;
  };
  const opacities = new Map<Element, number>();
  const opacity = (el: Element | null): number => {
    if (!el) return 1;
    const known = opacities.get(el);
    if (known !== undefined) return known;
    const value = parseFloat(getComputedStyle(el).opacity) * opacity(el.parentElement);
    opacities.set(el, value);
    return value;
  };
  const visible = (el: Element): boolean => {
    if (el.getClientRects().length === 0) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false; // visually hidden, for screen readers only
    return el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };

  // A word: a run of characters between spaces and the hyphens or slashes a line may break after ("<portón>" is one).
  const words = /[^\s\-‐–—/]{2,}/gu;
  for (const el of document.querySelectorAll<HTMLElement>("[data-fixture] .preview-window *")) {
    const isControl = ["input", "select", "textarea"].includes(el.localName);
    const texts = [...el.childNodes].filter((n): n is Text => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
    const field = el as HTMLInputElement; // read only when the element is one of the three controls
    const controlText = !isControl ? "" : el.localName !== "input" || ["text", "number", "search"].includes(field.type) ? field.value : "";
    if (["option", "script", "style"].includes(el.localName) || (texts.length === 0 && controlText.trim() === "") || !visible(el)) continue;
    const style = getComputedStyle(el);
    const text = texts.map((t) => t.textContent ?? "").join(" ") || controlText;
    const size = parseFloat(style.fontSize);
    if (size < 11) found.smallText.push(`${describe(el, text)} ${size}px`);
    // WCAG exempts disabled controls; a disabled button's label is still checked by its enabled twin elsewhere.
    if (!el.closest(":disabled")) {
      const ink = rgba(style.color);
      const alpha = ink[3] * opacity(el);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const need = large ? 3 : 4.5;
      const worst = Math.min(...backdrops(el).map((bg) => ratio(over([ink[0], ink[1], ink[2], alpha], bg), bg)));
      if (worst < need - 0.005) found.lowContrast.push(`${describe(el, text)} ${worst.toFixed(2)}:1 < ${need}:1 (${style.color})`);
    }
    for (const node of texts) {
      // A text drawn on one line cannot break a word: measure its words only when it wraps.
      const whole = document.createRange();
      whole.selectNodeContents(node);
      if (new Set([...whole.getClientRects()].map((r) => Math.round(r.top))).size < 2) continue;
      for (const match of (node.textContent ?? "").matchAll(words)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.brokenWords.push(`${describe(el, text)}: "${match[0]}" breaks across ${tops.size} lines`);
      }
    }
  }

  const raw = /GOLDHACK\.[\w.]+|\{[\w.]+\}|\bundefined\b|\bNaN\b|\[object Object\]/g;
  for (const frame of document.querySelectorAll<HTMLElement>("[data-fixture]")) {
    for (const hit of frame.innerText.match(raw) ?? []) found.rawText.push(`${where(frame)}: "${hit}" on the page`);
    for (const el of frame.querySelectorAll<HTMLElement>("[placeholder], [title], [aria-label], [data-tooltip]")) {
      for (const attr of ["placeholder", "title", "aria-label", "data-tooltip"]) {
        for (const hit of el.getAttribute(attr)?.match(raw) ?? []) found.rawText.push(`${where(el)}: "${hit}" in ${attr}`);
      }
    }
  }
  for (const [card, verdict, details] of [
    [".goldhack-group-card", ".goldhack-group-card__verdict", ".goldhack-group-card__parts"],
    [".goldhack-session-card:not(.goldhack-session-card--traits)", ".goldhack-session-honours", ".goldhack-session-rewards"],
  ] as const) {
    for (const el of document.querySelectorAll(`[data-fixture] ${card}`)) {
      const v = el.querySelector(`:scope > ${verdict}`);
      const d = el.querySelector(`:scope > ${details}`);
      if (!v || (d && !(v.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING))) found.buriedVerdicts.push(`${where(el)}: ${verdict} does not come before ${details}`);
    }
  }
  return found;
}
