/**
 * The Test a dialog would roll if its user pressed Roll at once: the same opening selections and the
 * same state the dialog computes, without drawing it. For macros, modules and the in-world test batch
 * (`actor.rollTest(request, { dialog: false })`); a problem the dialog would show next to a field is
 * a warning here, and nothing is rolled. The dialog's repeated-Test notice is not shown on this path.
 */
import { defaultSkillType } from "../../data/defaults";
import { warn } from "../../documents/notify";
import type { TestChoice, TestRequest } from "../../data/test-choice";
import { actorSnapshot, targetSnapshot } from "./test-dialog-actor";
import { computeTestDialog, initialSelections, targetedNpcOb } from "./test-dialog-state";

/** The choice the dialog opens with for `request`, or null after warning why it could not be rolled. */
export function openingChoice(actor: Actor.Implementation, request: TestRequest = {}): TestChoice | null {
  const snapshot = actorSnapshot(actor, CONFIG.GOLDHACK.skillTypes);
  const targets = [...(game.user?.targets ?? [])].map((token) => targetSnapshot(token.actor));
  const selections = initialSelections(snapshot, request, targetedNpcOb(targets), defaultSkillType());
  const potential = game.i18n?.localize("GOLDHACK.Dialog.Test.PotentialName") ?? "Potential";
  const state = computeTestDialog(snapshot, request, selections, { potential }, { skillTypes: Object.keys(CONFIG.GOLDHACK.skillTypes) });
  if (state.choice) return state.choice;
  const problem = Object.values(state.errors).find((p) => p !== undefined);
  warn(problem?.key ?? "GOLDHACK.Roll.Error.Invalid", problem?.data);
  return null;
}
