/**
 * Quick rolls: holding the quick-roll key (Shift by default, configurable in Foundry's controls) while
 * clicking a Skill on a sheet rolls it at once, with no dialog: no Persona, Traits, Fallout or
 * declaration, at the targeted NPC's Ob or the Ob of the character's last Test (its test history).
 * Problems (no dice, a bad Skill) warn as the dialog would show them and roll nothing.
 */
import { SYSTEM_ID } from "../../constants";
import type { TestRequest } from "../../data/test-choice";
import type { GoldHackActor } from "../../documents/actor";
import { warn, warnProblems } from "../../documents/notify";
import { actorSnapshot, targetSnapshot } from "../dialogs/test-dialog-actor";
import { computeTestDialog, initialSelections, targetedNpcOb } from "../dialogs/test-dialog-state";
import { quickRollHeld, quickRollOb, type KeyBinding } from "./quick-roll-keys";

export const QUICK_ROLL_BINDING = "quickRoll";

/** Registers the binding at init: Shift (either side) by default, rebindable under Configure Controls. */
export function registerQuickRollKeybinding(): void {
  game.keybindings?.register(SYSTEM_ID, QUICK_ROLL_BINDING, {
    name: "GOLDHACK.QuickRoll.Keybinding.Name",
    hint: "GOLDHACK.QuickRoll.Keybinding.Hint",
    editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  });
}

/** Whether the quick-roll binding is held during this click, read from Foundry's keyboard at click time. */
export function isQuickRoll(event: MouseEvent): boolean {
  const bindings = (game.keybindings?.get(SYSTEM_ID, QUICK_ROLL_BINDING) ?? []) as readonly KeyBinding[];
  const downKeys: ReadonlySet<string> = game.keyboard?.downKeys ?? new Set<string>();
  return quickRollHeld(bindings, downKeys, event);
}

/** Rolls one of the actor's Skills without the dialog. Null when refused. */
export async function quickRollSkill(actor: GoldHackActor, skillId: string): Promise<ChatMessage.Implementation | null> {
  if (!actor.isOwner) {
    warn("GOLDHACK.Warning.NotOwner", { actor: actor.name });
    return null;
  }
  const snapshot = actorSnapshot(actor, CONFIG.GOLDHACK.skillTypes);
  const targets = [...(game.user?.targets ?? [])].map((token) => targetSnapshot(token.actor));
  const request: TestRequest = { kind: "skill", skillId, ob: quickRollOb(targetedNpcOb(targets), actor.testHistory[0]?.ob) };
  const potential = game.i18n?.localize("GOLDHACK.Dialog.Test.PotentialName") ?? "Potential";
  const state = computeTestDialog(snapshot, request, initialSelections(snapshot, request), { potential }, { skillTypes: Object.keys(CONFIG.GOLDHACK.skillTypes) });
  if (!state.choice) {
    warnProblems(Object.values(state.errors));
    return null;
  }
  // Loaded on demand, as actor.rollTest does: the roll class needs Foundry's Roll, which a sheet's import must not.
  const { GoldHackRoll } = await import("../../dice/goldhack-roll");
  return GoldHackRoll.rollTest(state.choice);
}
