/**
 * Whether the quick-roll binding is held at the moment of a click. Pure: Foundry's bindings (key codes
 * such as "ShiftLeft" with modifier names) and the keys it reports held are passed in. A binding on a
 * modifier key itself (Shift, by default) also counts when the click says that modifier is down, so a
 * Shift held before the window had focus still works.
 */

/** A keybinding as game.keybindings.get returns it. */
export interface KeyBinding {
  key: string;
  modifiers?: readonly string[];
}

/** The modifier flags a click carries. */
export interface ClickModifiers {
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const FLAG: Readonly<Record<string, keyof ClickModifiers>> = {
  Shift: "shiftKey", ShiftLeft: "shiftKey", ShiftRight: "shiftKey",
  Control: "ctrlKey", ControlLeft: "ctrlKey", ControlRight: "ctrlKey",
  Alt: "altKey", AltLeft: "altKey", AltRight: "altKey",
  Meta: "metaKey", MetaLeft: "metaKey", MetaRight: "metaKey",
};

const held = (key: string, downKeys: ReadonlySet<string>, click: ClickModifiers): boolean => {
  const flag = FLAG[key];
  return downKeys.has(key) || (flag !== undefined && click[flag]);
};

/** True when any binding's key and all its modifiers are held. No bindings (the user cleared them): never. */
export function quickRollHeld(bindings: readonly KeyBinding[], downKeys: ReadonlySet<string>, click: ClickModifiers): boolean {
  return bindings.some((binding) => held(binding.key, downKeys, click) && (binding.modifiers ?? []).every((m) => held(m, downKeys, click)));
}

/** The Ob a quick roll uses: a single targeted NPC's, else the actor's last Test's, else 1 (Routine). */
export function quickRollOb(targetOb: number | null, lastOb: number | undefined): number {
  if (targetOb !== null) return targetOb;
  return lastOb !== undefined && Number.isInteger(lastOb) && lastOb >= 1 ? lastOb : 1;
}
