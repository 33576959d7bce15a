import type { StandInI18n } from "../tests/foundry/i18n-core";

/** One thing the preview renders: a template with a context built from sample data. */
export interface PreviewFixture {
  id: string;
  /** Shown above the frame; not localised (a developer tool). */
  title: string;
  /** Path under templates/, e.g. "chat/test-card.hbs". */
  template: string;
  /** The frame's size, as the Foundry window would have it by default. */
  width: number;
  height?: number;
  /**
   * A whole window rather than one part: drawn in a window frame (title bar, content that scrolls) at its
   * real default size, with these further templates rendered after the first, from the same context, as
   * the application's parts are.
   */
  window?: { title: string | ((i18n: StandInI18n) => string); parts?: string[] };
  /** Classes Foundry puts on the application element around the template. */
  classes: string[];
  /** Builds the render context with the system's own code from sample data. */
  context(i18n: StandInI18n): Record<string, unknown> | Promise<Record<string, unknown>>;
}
