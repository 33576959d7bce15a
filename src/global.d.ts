import type { GoldHackConfig } from "./config";

declare global {
  interface CONFIG {
    GOLDHACK: GoldHackConfig;
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
