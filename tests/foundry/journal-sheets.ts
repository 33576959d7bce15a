/**
 * Stand-in for Foundry v13's journal page sheets (foundry.applications.sheets.journal), as the v13 API
 * documentation describes them: JournalEntryPageSheet is a DocumentSheetV2 with a view and an edit mode
 * (`isView`); JournalEntryPageHandlebarsSheet renders `VIEW_PARTS` in view mode and `EDIT_PARTS` in edit
 * mode, whose header (the page's name) and footer (the save button) are Foundry's own. Guesses, marked:
 * the mode option's name and default ("edit" when a page's sheet is opened by itself), the header's and
 * footer's markup and paths (ours below), and that saving submits the form (not on every change).
 */
import type { PlainObject } from "./fields";

/** Paths of the stand-in's header and footer parts (Foundry's own paths are not relied on). */
export const PAGE_HEADER_TEMPLATE = "core/journal/page-header.hbs";
export const PAGE_FOOTER_TEMPLATE = "core/journal/page-footer.hbs";

export const pageHeader = (context: PlainObject): string => {
  const doc = context.document as { name?: string } | undefined;
  const name = String(doc?.name ?? "").replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<header class="journal-header"><input type="text" name="name" value="${name}" aria-label="Page title"></header>`;
};
export const pageFooter = (): string => `<footer class="form-footer"><button type="submit" data-page-save>Save</button></footer>`;

type DocumentSheetClass = new (options?: PlainObject) => {
  options: PlainObject;
  _configureRenderParts(options: PlainObject): PlainObject;
};
type Mixin = (base: DocumentSheetClass) => DocumentSheetClass;

/** Builds the journal sheet classes on the given stand-in bases (passed in so this file imports none of them). */
export function makeJournalSheets(DocumentSheetV2: DocumentSheetClass, HandlebarsApplicationMixin: Mixin): PlainObject {
  class JournalEntryPageSheet extends DocumentSheetV2 {
    static DEFAULT_OPTIONS: PlainObject = { classes: ["journal-sheet", "journal-entry-page"], mode: "edit", form: { submitOnChange: false, closeOnSubmit: false } };

    get isView(): boolean {
      return this.options.mode === "view";
    }
  }

  class JournalEntryPageHandlebarsSheet extends HandlebarsApplicationMixin(JournalEntryPageSheet) {
    static EDIT_PARTS: PlainObject = { header: { template: PAGE_HEADER_TEMPLATE }, footer: { template: PAGE_FOOTER_TEMPLATE } };
    static VIEW_PARTS: PlainObject = {};

    override _configureRenderParts(_options: PlainObject): PlainObject {
      const cls = this.constructor as unknown as { EDIT_PARTS: PlainObject; VIEW_PARTS: PlainObject };
      const parts = (this as unknown as JournalEntryPageSheet).isView ? cls.VIEW_PARTS : cls.EDIT_PARTS;
      return structuredClone(Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, { ...(part as PlainObject) }])));
    }
  }

  return { JournalEntryPageSheet, JournalEntryPageHandlebarsSheet };
}
