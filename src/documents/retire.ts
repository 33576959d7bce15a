/**
 * Retiring a character: the GM's call, at any point (most often on aging, or when an Elder dies or transcends).
 * A retired character keeps its sheet, its items and its Test and reward history; it only leaves the table's
 * procedures: reward and Trait votes, group Tests and downtime. SRD: Changes › Aging Your Character ("You can
 * retire your character at any point"; "Elder to death or transcendence")
 */
import { GoldHackCharacterData, isRetired } from "../data/actor/character";
import { warn } from "./notify";

export { isRetired };

/**
 * GM: marks a character retired (or, with `retired` false, back in play). False, with a warning, when the user is
 * not a GM or the actor no character; true when the character is (now) in that state.
 */
export async function setRetired(actor: Actor.Implementation, retired = true): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Retire.Error.NotGM");
    return false;
  }
  if (!(actor.system instanceof GoldHackCharacterData)) {
    warn("GOLDHACK.Retire.Error.NotCharacter", { name: actor.name });
    return false;
  }
  if (isRetired(actor) === retired) return true;
  await actor.update({ system: { retired } } as Actor.UpdateData);
  ui.notifications?.info(game.i18n?.format(retired ? "GOLDHACK.Retire.Done" : "GOLDHACK.Retire.Undone", { name: actor.name }) ?? "");
  return true;
}

/**
 * A change to `system.retired` by a user who is not a GM is taken out of the update (and warned about): the
 * sheet offers the action to GMs only, and this catches every other path through this client. Returns whether it
 * removed one. The server checks only ownership, so a player's tampered client could still write the field; the
 * procedures read it as the GM's ruling all the same, which costs that player nothing but their own seat.
 */
export function dropPlayerRetiredChange(changes: Record<string, unknown>, user: { isGM?: boolean } | null | undefined): boolean {
  if (user?.isGM) return false;
  let dropped = false;
  if ("system.retired" in changes) {
    delete changes["system.retired"];
    dropped = true;
  }
  const system = changes.system;
  if (typeof system === "object" && system !== null && "retired" in system) {
    delete (system as Record<string, unknown>).retired;
    dropped = true;
  }
  if (dropped) warn("GOLDHACK.Retire.Error.NotGM");
  return dropped;
}
