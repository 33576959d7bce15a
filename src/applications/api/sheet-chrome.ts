/**
 * What every goldhack document sheet does the same way, in one place: play/edit mode across renders,
 * the mode switch, the DOM wiring of each rendered part (mode class, pip keys, keyboard for
 * `role="button"` elements), tab buttons' aria-selected, and enrichment of rich text. The actor and item
 * sheets each hold one and call it from their Foundry hooks.
 * (A class mixin would need a constructor typed `(...args: any[])`, which our no-`any` rule forbids;
 * holding one of these gives the same single implementation.)
 */
import { applyModeClass, bindButtonKeys, bindPipKeys } from "./sheet-dom";
import { SheetModeState } from "./sheet-mode";

type EnrichOptions = NonNullable<Parameters<typeof foundry.applications.ux.TextEditor.implementation.enrichHTML>[1]>;
/** The document whose rich text is enriched: links resolve relative to it; secrets show to owners. */
type RichTextOwner = NonNullable<EnrichOptions["relativeTo"]> & { isOwner: boolean };

export class SheetChrome {
  readonly #mode = new SheetModeState();

  get mode(): SheetModeState {
    return this.#mode;
  }

  /** From `_configureRenderOptions`: settles the render's mode (edit right after creation). */
  configure(options: unknown, editable: boolean): void {
    this.#mode.configure(options as { mode?: unknown; renderContext?: unknown }, editable);
  }

  /** The mode switch's action. */
  toggle(editable: boolean): void {
    this.#mode.toggle(editable);
  }

  /** From `_attachPartListeners`: each render replaces the part's element, so its listeners never pile up. */
  attachPart(part: HTMLElement, sheet: HTMLElement): void {
    applyModeClass(sheet, this.#mode.mode);
    bindPipKeys(part);
    bindButtonKeys(part);
  }

  /** From `changeTab`: each tab button of the group says whether it is the one shown. */
  syncTabs(sheet: HTMLElement, tab: string, group: string): void {
    for (const button of sheet.querySelectorAll<HTMLElement>(`[role="tab"][data-group="${group}"]`)) {
      button.setAttribute("aria-selected", String(button.dataset.tab === tab));
    }
  }

  /** Rich text as Foundry shows it (links, rolls, secrets for owners only). */
  async enrich(html: string, document: RichTextOwner): Promise<string> {
    return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo: document, secrets: document.isOwner });
  }
}
