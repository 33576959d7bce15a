import { createConfig } from "../config";

/**
 * Builds CONFIG.GOLDHACK from the SRD, then fires `goldhack.setup` so a hack can
 * change Types, ages and the chart before any registration reads them.
 */
export function setupConfig(): void {
  CONFIG.GOLDHACK = createConfig();
  Hooks.callAll("goldhack.setup", CONFIG.GOLDHACK);
}
