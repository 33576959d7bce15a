import type { GoldHackConfig } from "./config";
import type { GoldHackApplications } from "./documents/configured";

declare global {
  interface CONFIG {
    /**
     * The game (data a hack replaces whole: src/hack/loader.ts `installConfig`) and, under `applications`,
     * the windows lower floors open through CONFIG (src/documents/configured.ts), which a hack keeps.
     */
    GOLDHACK: GoldHackConfig & { applications: GoldHackApplications };
  }
}

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Fired once CONFIG.GOLDHACK is built, so a hack can change Types, ages and the chart. */
      "goldhack.setup": (config: GoldHackConfig) => void;
    }
  }
}
