import { GoldHackSkillData } from "../data/item/skill";
import { GoldHackItem } from "../documents/item";
import { settle } from "../safe-hook";

/** The script a skill macro runs: find the skill by UUID and roll it, or warn that it is gone. */
export function skillMacroCommand(uuid: string, name: string): string {
  return [
    `const item = await fromUuid(${JSON.stringify(uuid)});`,
    `if (item?.type === "skill" && item.actor) await item.roll();`,
    `else ui.notifications.warn(game.i18n.format("GOLDHACK.Warning.MacroSkillMissing", { skill: ${JSON.stringify(name)} }));`,
  ].join("\n");
}

/**
 * Puts a macro that rolls this owned skill in a hotbar slot, reusing one of the user's macros that
 * already does exactly that. Returns the macro, or null when it could not be made.
 */
export async function assignSkillMacro(item: GoldHackItem, slot: number): Promise<Macro.Implementation | null> {
  const command = skillMacroCommand(item.uuid, item.name);
  const user = game.user;
  if (!user) return null;
  const existing = game.macros?.find((macro) => macro.command === command && macro.isOwner);
  const macro = existing ?? (await Macro.create({ name: item.name, type: "script", img: item.img, command }));
  if (!macro) return null;
  await user.assignHotbarMacro(macro, slot);
  return game.macros?.get(macro.id) ?? null;
}

/**
 * The hotbarDrop hook: a skill owned by an actor becomes a macro that rolls it, and Foundry's default
 * (a macro opening the sheet) is stopped by returning false. Anything else, or a user who may not make
 * script macros, is left to Foundry.
 */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: number): false | undefined {
  if (typeof data !== "object" || data === null) return;
  const { type, uuid } = data as { type?: unknown; uuid?: unknown };
  if (type !== "Item" || typeof uuid !== "string") return;
  // A drop of type "Item" carries an Item's UUID; the narrowing only restates that for the types.
  const item = fromUuidSync(uuid as `Item.${string}`);
  if (!(item instanceof GoldHackItem) || !(item.system instanceof GoldHackSkillData) || !item.actor) return;
  if (!game.user?.can("MACRO_SCRIPT")) return;
  settle(assignSkillMacro(item, slot), "making the macro");
  return false;
}

/** Listens for drops on the hotbar. Called from init. */
export function registerHotbarDrop(): void {
  Hooks.on("hotbarDrop", onHotbarDrop);
}
