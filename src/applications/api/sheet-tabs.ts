/**
 * Tabs, defined once as data: the sheet's static TABS is built from the same list the pure context
 * builders use, so the navigation Foundry switches and the one the preview shows agree.
 */
import type { HelperI18n } from "../../i18n/i18n";

/** One tab: its id (also its PART's id) and Font Awesome icon. */
export interface TabDefinition {
  id: string;
  icon: string;
}

/** One tab as the navigation and its panel draw it (Foundry's `_prepareTabs` shape, label localised). */
export interface SheetTab {
  id: string;
  group: string;
  icon: string;
  label: string;
  active: boolean;
  /** "active" or "": Foundry toggles this class when the user switches tabs. */
  cssClass: string;
}

/** The static TABS entry of an ApplicationV2 for one group (Foundry sets each tab's cssClass as it switches). */
export function tabsConfig(tabs: readonly TabDefinition[], initial: string, labelPrefix: string) {
  return { tabs: tabs.map((tab) => ({ id: tab.id, icon: tab.icon, cssClass: "" })), initial, labelPrefix };
}

/** The tabs of one group keyed by id, with `active` (an unknown id falls back to the first tab). */
export function sheetTabs(
  tabs: readonly TabDefinition[],
  active: string | undefined,
  labelPrefix: string,
  i18n: HelperI18n,
  group = "primary",
): Record<string, SheetTab> {
  const current = tabs.some((tab) => tab.id === active) ? active : tabs[0]?.id;
  return Object.fromEntries(
    tabs.map((tab) => {
      const isActive = tab.id === current;
      return [
        tab.id,
        { id: tab.id, group, icon: tab.icon, label: i18n.localize(`${labelPrefix}.${tab.id}`), active: isActive, cssClass: isActive ? "active" : "" },
      ];
    }),
  );
}
