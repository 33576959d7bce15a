/**
 * Stand-ins for JournalEntry and its embedded JournalEntryPage: a journal with a `pages` collection, a
 * page whose `system` is built by the registered model of its type ("text" and other core types keep a
 * plain `system`, as chat messages do), its `text.content`, and its sheet. Permissions as other documents:
 * a page inherits its journal's (Foundry lets a page set its own; not modelled). Only a user with
 * JOURNAL_CREATE (a GM) creates journals; a page needs its journal's owner.
 */
import type { PlainObject } from "./fields";
import { type DocumentContext, type DocumentName, StandInCollection, StandInDocument, type StandInUser, state } from "./documents-core";

export class StandInJournalEntryPage extends StandInDocument {
  static override documentName: DocumentName = "JournalEntryPage";

  get text(): { content: string } {
    const text = this._source.text as { content?: unknown } | undefined;
    return { content: typeof text?.content === "string" ? text.content : "" };
  }

  get sort(): number {
    return typeof this._source.sort === "number" ? this._source.sort : 0;
  }

  /** The sheet Foundry would open: the class registered for this page's type (the last makeDefault), one per page. */
  get sheet(): unknown {
    return sheetOf(this);
  }

  override canUserCreate(user: StandInUser): boolean {
    return this.parent ? this.parent.testUserPermission(user, "OWNER") : false;
  }

  protected override _collection(): Map<string, StandInDocument> {
    if (!(this.parent instanceof StandInJournalEntry)) throw new Error("a JournalEntryPage lives in a JournalEntry");
    return this.parent.pages as Map<string, StandInDocument>;
  }
}

export class StandInJournalEntry extends StandInDocument {
  static override documentName: DocumentName = "JournalEntry";
  readonly pages = new StandInCollection<StandInJournalEntryPage>();

  /**
   * JournalEntry.create with `pages` in its data: the journal and its pages in one operation, as Foundry
   * creates embedded documents given with their parent.
   */
  static override async create<T extends StandInDocument>(this: new (data: PlainObject, context: DocumentContext) => T, data: PlainObject, context: DocumentContext = {}): Promise<T | undefined> {
    const { pages, ...rest } = data;
    const entry = (await StandInDocument.create.call(this, rest, context)) as T | undefined;
    if (entry instanceof StandInJournalEntry && Array.isArray(pages)) await entry.createEmbeddedDocuments("JournalEntryPage", pages as PlainObject[]);
    return entry;
  }

  override canUserCreate(user: StandInUser): boolean {
    return user.can("JOURNAL_CREATE");
  }

  protected override _collection(): Map<string, StandInDocument> {
    return state.journal as Map<string, StandInDocument>;
  }

  async createEmbeddedDocuments(name: "JournalEntryPage", data: PlainObject[]): Promise<StandInJournalEntryPage[]> {
    if (name !== "JournalEntryPage") throw new Error(`JournalEntry embeds only JournalEntryPages, not ${String(name)}`);
    const PageClass = state.config.JournalEntryPage.documentClass as unknown as typeof StandInJournalEntryPage;
    const created: StandInJournalEntryPage[] = [];
    for (const entry of data) {
      const page = await PageClass.create(entry, { parent: this });
      if (page) created.push(page);
    }
    return created;
  }
}

type SheetClass = new (options: PlainObject) => unknown;
const sheets = new WeakMap<StandInDocument, unknown>();
/** The registered sheet classes of each page type (DocumentSheetConfig.registerSheet on JournalEntryPage). */
export const pageSheetClasses = new Map<string, SheetClass>();

function sheetOf(page: StandInJournalEntryPage): unknown {
  const known = sheets.get(page);
  if (known) return known;
  const Sheet = pageSheetClasses.get(page.type);
  if (!Sheet) return null;
  const sheet = new Sheet({ document: page });
  sheets.set(page, sheet);
  return sheet;
}
