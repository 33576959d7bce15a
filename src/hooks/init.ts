import { createConfig } from "../config";
import { SYSTEM_ID } from "../constants";

/** Builds CONFIG.GOLDHACK, then lets hacks change it before anything reads it. */
export function onInit(): void {
  console.log(`${SYSTEM_ID} | Initialising The Gold Hack`);
  CONFIG.GOLDHACK = createConfig();
  Hooks.callAll("goldhack.setup", CONFIG.GOLDHACK);
}
