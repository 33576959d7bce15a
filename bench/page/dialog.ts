/**
 * The Test dialog bench (browser-only): a keystroke in the Ob field until the new pool, Ob and odds are laid out.
 * Ours: the dialog's own live update (form read, state, view, the summary and footer templates drawn, and the live
 * parts patched to them as GoldHackTestDialog#_replaceHTML does, src/applications/api/patch-part.ts; while the parts'
 * shape holds, as on a keystroke in Ob, only their live texts are written, as GoldHackTestDialog does). The floor:
 * in an identical second dialog, only the texts and attributes that keystroke changes, set directly on the nodes
 * that show them (worked out beforehand from ours' output), then the same forced layout. In turn, A, B, A, B…
 */
import { computeTestDialog, initialSelections } from "../../src/applications/dialogs/test-dialog-state";
import { liveShape, testDialogView } from "../../src/applications/dialogs/test-dialog-context";
import { selectionsFromForm } from "../../src/applications/dialogs/test-dialog-selections";
import { createConfig } from "../../src/config";
import { patchLiveTexts, patchPart } from "../../src/applications/api/patch-part";
import { sampleActor } from "../../preview/fixtures/test-dialog";
import { renderKit } from "../../tests/browser/render-kit";
import { settle, windowOf } from "./frame";

const config = createConfig();

/** Form values as the dialog reads them (FormDataExtended: checkboxes as booleans, disabled fields left out). */
function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const el of form.elements) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) || !el.name || el.disabled) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") values[el.name] = el.checked;
    else if (el instanceof HTMLInputElement && el.type === "radio") {
      if (el.checked) values[el.name] = el.value;
    } else values[el.name] = el.value;
  }
  return values;
}

/** One change the floor makes: a text node's text, an attribute, or (where the shape itself changed) an element's inner HTML. */
type Change = { path: number[]; text: string } | { path: number[]; attr: string; value: string | null } | { path: number[]; html: string };

/** What turns `from` into `to`, node by node (both parsed from ours' HTML). */
function changes(from: Node, to: Node, path: number[] = [], out: Change[] = []): Change[] {
  const a = from.childNodes;
  const b = to.childNodes;
  const sameShape = a.length === b.length && [...a].every((n, i) => n.nodeName === b[i]?.nodeName);
  if (!sameShape) {
    out.push({ path, html: (to as Element).innerHTML });
    return out;
  }
  a.forEach((node, i) => {
    const other = b[i] as Node;
    const at = [...path, i];
    if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.COMMENT_NODE) {
      if (node.nodeValue !== other.nodeValue) out.push({ path: at, text: other.nodeValue ?? "" });
      return;
    }
    if (node instanceof Element && other instanceof Element) {
      const names = new Set([...node.getAttributeNames(), ...other.getAttributeNames()]);
      for (const name of names) if (node.getAttribute(name) !== other.getAttribute(name)) out.push({ path: at, attr: name, value: other.getAttribute(name) });
    }
    changes(node, other, at, out);
  });
  return out;
}

function nodeAt(root: Node, path: readonly number[]): Node {
  let node = root;
  for (const i of path) node = node.childNodes[i] as Node;
  return node;
}

function apply(root: Node, list: readonly Change[]): void {
  for (const c of list) {
    const node = nodeAt(root, c.path);
    if ("text" in c) node.nodeValue = c.text;
    else if ("html" in c) (node as Element).innerHTML = c.html;
    else if (c.value === null) (node as Element).removeAttribute(c.attr);
    else (node as Element).setAttribute(c.attr, c.value);
  }
}

/** A keystroke: the Ob typed, 1 to 9 in turn. */
const obOf = (i: number): string => String(1 + (i % 9));

/** Two identical Test dialogs, ours (live) and the floor's (no listener), and one keystroke on each. */
export function dialogBench() {
  const { i18n, compile } = renderKit();
  const actor = sampleActor("en");
  const request = { skillId: "swords", intent: "Hold the bridge until dawn", task: "Fight the first to cross" };
  const start = { ...initialSelections(actor, request), ob: "3", persona: "1" };
  const labels = { potential: i18n.localize("GOLDHACK.Dialog.Test.PotentialName") };
  const env = { i18n, skillTypes: config.skillTypes, obGrades: Object.keys(config.obGrades).map(Number), obGradeLabels: config.obGrades, uid: "bench-dialog" };
  const viewOf = (s: typeof start) => ({ ...testDialogView(computeTestDialog(actor, request, s, labels), actor, env) });
  const summaryT = compile("dialogs/test-dialog-summary.hbs");
  const footerT = compile("dialogs/test-dialog-footer.hbs");
  const formHtml = compile("dialogs/test-dialog.hbs")(viewOf(start));

  const dialog = () => {
    const content = windowOf(["goldhack", "goldhack-test-dialog"], 480);
    const form = document.createElement("form");
    content.append(form);
    form.innerHTML = `<div data-part="form">${formHtml}</div><div data-part="summary"></div><div data-part="footer"></div>`;
    const summary = form.querySelector<HTMLElement>('[data-part="summary"]');
    const footer = form.querySelector<HTMLElement>('[data-part="footer"]');
    const ob = form.querySelector<HTMLInputElement>('[name="ob"]');
    if (!summary || !footer || !ob) throw new Error("the dialog has no summary, footer or Ob field");
    return { content, form, summary, footer, ob };
  };
  const ours = dialog();
  const floor = dialog();
  let selections = start;
  // The dialog's own live update: read the form, recompute, draw the summary and footer parts (each parsed into
  // its element, as Foundry's _renderHTML gives it) and patch the live parts to them.
  const element = (html: string): Element => {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const root = template.content.firstElementChild;
    if (!root) throw new Error("a part drew nothing");
    return root;
  };
  const livePart = (wrapper: HTMLElement): Element => wrapper.firstElementChild ?? (() => { throw new Error("no part drawn"); })();
  // As GoldHackTestDialog#onFormInput: while the parts' shape (liveShape) holds, only the live texts are written.
  let drawnShape = liveShape(viewOf(start));
  ours.form.addEventListener("input", () => {
    selections = selectionsFromForm(formValues(ours.form), actor, selections);
    const context = viewOf(selections);
    const shape = liveShape(context);
    if (shape === drawnShape) {
      patchLiveTexts(ours.summary, context.summary.live);
      return;
    }
    patchPart(livePart(ours.summary), element(summaryT(context)));
    patchPart(livePart(ours.footer), element(footerT(context)));
    drawnShape = shape;
  });
  // What ours draws for each Ob (the dialog's first draw for its starting Ob "3" included), worked out once.
  const drawn = (ob: string): { summary: HTMLElement; footer: HTMLElement } => {
    const context = viewOf(selectionsFromForm({ ...formValues(floor.form), ob }, actor, start));
    const part = (html: string): HTMLElement => Object.assign(document.createElement("div"), { innerHTML: html });
    return { summary: part(summaryT(context)), footer: part(footerT(context)) };
  };
  const byOb = new Map(["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((ob) => [ob, drawn(ob)]));
  const at = (ob: string) => byOb.get(ob) ?? (() => { throw new Error(`no drawing for Ob ${ob}`); })();
  // Both dialogs start as ours first shows: summary and footer drawn for Ob 3.
  for (const d of [ours, floor]) {
    d.summary.innerHTML = at("3").summary.innerHTML;
    d.footer.innerHTML = at("3").footer.innerHTML;
    d.ob.value = "3";
  }
  /** From the Ob before to the Ob typed: the floor's changes, for summary and footer. */
  const steps = new Map<string, { summary: Change[]; footer: Change[] }>();
  for (let i = 0; i < 10; i++) {
    const before = i === 0 ? "3" : obOf(i - 1);
    const now = obOf(i);
    steps.set(`${before}>${now}`, { summary: changes(at(before).summary, at(now).summary), footer: changes(at(before).footer, at(now).footer) });
  }
  let last = { ours: "3", floor: "3" };
  return {
    ours,
    floor,
    /** Ours: the keystroke, the dialog's update, laid out. Returns ms. */
    ours1(i: number): number {
      const t0 = performance.now();
      ours.ob.value = obOf(i);
      ours.ob.dispatchEvent(new Event("input", { bubbles: true }));
      settle(ours.summary);
      last = { ...last, ours: obOf(i) };
      return performance.now() - t0;
    },
    /** The floor: the same keystroke, the changed texts set on the nodes, laid out. Returns ms. */
    floor1(i: number): number {
      const step = steps.get(`${last.floor}>${obOf(i)}`);
      if (!step) throw new Error(`no step from Ob ${last.floor} to ${obOf(i)}`);
      const t0 = performance.now();
      floor.ob.value = obOf(i);
      apply(floor.summary, step.summary);
      apply(floor.footer, step.footer);
      settle(floor.summary);
      last = { ...last, floor: obOf(i) };
      return performance.now() - t0;
    },
    /** How many changes each keystroke's floor makes (for the bench's line). */
    changeCounts: [...steps.values()].map((s) => s.summary.length + s.footer.length),
    done(): void {
      if (!ours.summary.textContent?.includes("%")) throw new Error("the summary shows no odds");
      ours.content.closest(".application")?.remove();
      floor.content.closest(".application")?.remove();
    },
  };
}

/** Ours and the floor, `count` keystrokes each in turn (after 20 warm-up pairs), in ms. */
export function timeDialogKeystrokes(count: number): { ours: number[]; floor: number[]; changes: number[] } {
  const bench = dialogBench();
  const ours: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const a = bench.ours1(i);
    const b = bench.floor1(i);
    if (i < 20) continue;
    ours.push(a);
    floor.push(b);
  }
  bench.done();
  return { ours, floor, changes: bench.changeCounts };
}

/** For the like-for-like test: after each of `count` keystrokes, ours' and the floor's summary and footer HTML. */
export function dialogLikeForLike(count: number): { ours: string; floor: string }[] {
  const bench = dialogBench();
  const seen: { ours: string; floor: string }[] = [];
  for (let i = 0; i < count; i++) {
    bench.ours1(i);
    bench.floor1(i);
    seen.push({ ours: bench.ours.summary.innerHTML + bench.ours.footer.innerHTML, floor: bench.floor.summary.innerHTML + bench.floor.footer.innerHTML });
  }
  bench.done();
  return seen;
}
