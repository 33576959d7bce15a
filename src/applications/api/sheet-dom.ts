/**
 * Small DOM helpers shared by goldhack sheets. No Foundry globals: they take the element and the
 * documents they act on, so any DocumentSheetV2 (actor or item) can use them.
 */
import type { SheetMode } from "./sheet-mode";
import { isButton, isFormControl, isHTMLElement, isInput } from "./dom-kinds";
import { settle } from "../../safe-hook";

/** Anything with Foundry's `update(changes)`. */
export interface Updatable {
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/** The id of the embedded document whose row holds `target` (`data-item-id`), or null. */
export function itemIdFrom(target: Element): string | null {
  return target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? null;
}

/** A control's value typed by its kind: a number for number inputs (null when blank), a boolean for checkboxes. */
export function controlValue(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string | number | boolean | null {
  if (isInput(control)) {
    if (control.type === "checkbox") return control.checked;
    if (control.type === "number" || control.type === "range") return Number.isFinite(control.valueAsNumber) ? control.valueAsNumber : null;
  }
  return control.value;
}

/**
 * Sends each change of a control marked `data-item-field="system.rating"` inside a `data-item-id` row to
 * that embedded document, so one sheet edits its actor (named inputs, via the form) and its items (these).
 * Such controls carry no `name`, so the actor's own form submit ignores them. Bind once, on first render.
 */
export function bindEmbeddedFields(root: HTMLElement, find: (id: string) => Updatable | undefined): void {
  root.addEventListener("change", (event) => {
    const control = event.target;
    if (!isFormControl(control)) return;
    const field = control.dataset.itemField;
    const id = itemIdFrom(control);
    if (!field || !id) return;
    const value = controlValue(control);
    if (value === null) return;
    if (typeof value === "string" && field === "name" && value.trim() === "") return;
    settle(find(id)?.update({ [field]: value }), "saving the field");
  });
}

/** Marks the sheet element with its mode, for styles that differ between play and edit. */
export function applyModeClass(element: HTMLElement, mode: SheetMode): void {
  element.classList.toggle("goldhack-mode-edit", mode === "edit");
  element.classList.toggle("goldhack-mode-play", mode === "play");
}

/** The number a `data-value` attribute holds (pips), or null. */
export function dataNumber(target: HTMLElement, key: string): number | null {
  const raw = target.dataset[key];
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) ? n : null;
}

/**
 * Arrow keys, Home and End move along a row of pips (`.goldhack-pips`), which keeps a single tab stop per
 * row: a sheet with forty Skills stays quick to cross with Tab. Bind once, on first render.
 */
export function bindPipKeys(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const pip = event.target;
    if (!isButton(pip) || !pip.classList.contains("goldhack-pip")) return;
    const row = [...(pip.parentElement?.querySelectorAll<HTMLButtonElement>(":scope > .goldhack-pip") ?? [])];
    const index = row.indexOf(pip);
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: row.length - 1 }[event.key];
    const target = next === undefined ? undefined : row[Math.min(Math.max(next, 0), row.length - 1)];
    if (!target) return;
    event.preventDefault();
    for (const other of row) other.tabIndex = other === target ? 0 : -1;
    target.focus();
  });
}

/**
 * Enter and Space on an element that acts as a button without being one (`role="button"`, e.g. the
 * portrait `<img>` Foundry's editImage needs) click it, as they would a `<button>`. Bind once per part.
 */
export function bindButtonKeys(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!isHTMLElement(target) || isButton(target) || target.getAttribute("role") !== "button") return;
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    target.click();
  });
}
