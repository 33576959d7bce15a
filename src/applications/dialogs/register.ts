/** The generic dialogs' registration: where lower floors find them in CONFIG (src/documents/configured.ts). */
import type { TestRequest } from "../../data/test-choice";
import type { TestDialogClass } from "../../documents/configured";

/**
 * The Test dialog as CONFIG holds it: each call loads GoldHackTestDialog on first use, so the dialog stays
 * out of the startup bundle. A module may put its own class (with the same statics) in its place.
 */
export const LAZY_TEST_DIALOG: TestDialogClass = Object.freeze({
  prompt: async (actor: Actor.Implementation, request?: TestRequest) => (await import("./test-dialog")).GoldHackTestDialog.prompt(actor, request),
  // The same choice as GoldHackTestDialog.openingChoice, without loading the window's class.
  openingChoice: async (actor: Actor.Implementation, request?: TestRequest) => (await import("./test-dialog-choice")).openingChoice(actor, request),
});

/**
 * Puts our windows in CONFIG.GOLDHACK.applications, where documents and procedures open them
 * (src/documents/configured.ts). Call at init, after the config is built; one a code hack already put
 * there in `goldhack.setup` stays.
 */
export function registerApplications(): void {
  CONFIG.GOLDHACK.applications.testDialog ??= LAZY_TEST_DIALOG;
}
