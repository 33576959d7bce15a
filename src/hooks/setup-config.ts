import { loadHack } from "../hack/loader";

/**
 * Builds CONFIG.GOLDHACK from the hack in force (the world's, an active module's, else the SRD game), then
 * fires `goldhack.setup` so code can change Types, ages and the chart before any registration reads
 * them; a hack with problems is refused whole and the SRD game used (src/hack/loader.ts).
 */
export function setupConfig(): void {
  loadHack();
}
